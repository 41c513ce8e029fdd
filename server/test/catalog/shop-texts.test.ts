import { DEFAULT_SHOP_TEXTS_TE } from '@shop/shared/config/shop-config';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/env.ts';
import { publicShopConfig } from '../../src/modules/catalog/shop-config.ts';

/** The shop's texts on Telugu pages: its own Telugu, the default shop's, or none (English shown; decision 027). */
describe('the shop in Telugu', () => {
  const te = (env: Record<string, string>) =>
    publicShopConfig(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env })).te;

  it('the default shop has its name, tagline, address and hours in Telugu', () => {
    expect(te({})).toEqual(DEFAULT_SHOP_TEXTS_TE);
  });

  it('a shop with its own English texts never shows the default shop’s Telugu', () => {
    expect(te({ SHOP_NAME: 'Lakshmi Prints', SHOP_HOURS: 'Every day 8 AM - 9 PM' })).toEqual({
      tagline: DEFAULT_SHOP_TEXTS_TE.tagline,
      address: DEFAULT_SHOP_TEXTS_TE.address,
    });
  });

  it('takes the Telugu it is given', () => {
    expect(te({ SHOP_NAME: 'Lakshmi Prints', SHOP_NAME_TE: 'లక్ష్మి ప్రింట్స్' }).name).toBe('లక్ష్మి ప్రింట్స్');
  });
});
