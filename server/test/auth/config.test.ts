import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/env.ts';
import { isPrivateAddress, trustProxyOption } from '../../src/plugins/trust-proxy.ts';
import { PRODUCTION_ENV } from '../helpers/production-env.ts';

const refusal = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error('the configuration was accepted');
};

describe('TRUST_PROXY', () => {
  it.each([
    [undefined, false],
    ['false', false],
    ['0', false],
    ['1', 1],
    ['2', 2],
    ['10.0.0.5', ['10.0.0.5']],
    ['10.0.0.5, 10.0.1.0/24 ,::1', ['10.0.0.5', '10.0.1.0/24', '::1']],
    ['loopback,uniquelocal', ['loopback', 'uniquelocal']],
    // Outside production `true` is the usual single reverse proxy.
    ['true', 1],
  ])('%s is taken as %j', (value, expected) => {
    expect(loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).TRUST_PROXY).toEqual(expected);
  });

  it.each(['yes please', '11', '10.0.0.0/33', '300.1.1.1', '10.0.0.5/8/1', 'example.com'])(
    'refuses %j with a message naming the variable',
    (value) => {
      expect(refusal({ TRUST_PROXY: value })).toMatch(
        /^Invalid configuration: TRUST_PROXY: must be false, the number of proxies/,
      );
    },
  );

  it('refuses true in production, saying what to set instead', () => {
    expect(refusal({ ...PRODUCTION_ENV, TRUST_PROXY: 'true' })).toMatch(
      /TRUST_PROXY=true would believe every X-Forwarded-For address.*TRUST_PROXY=1.*TRUST_PROXY=10\.0\.0\.5/,
    );
    expect(loadConfig({ ...PRODUCTION_ENV, TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
  });

  it('trusts a counted hop only from a private or loopback peer; lists are passed as they are', () => {
    const trust = trustProxyOption(1) as (address: string, hop: number) => boolean;
    expect(trust('127.0.0.1', 0)).toBe(true);
    expect(trust('::ffff:10.1.2.3', 0)).toBe(true);
    expect(trust('203.0.113.9', 0)).toBe(false);
    expect(trust('127.0.0.1', 1)).toBe(false);
    const two = trustProxyOption(2) as (address: string, hop: number) => boolean;
    expect(two('203.0.113.9', 1)).toBe(true);
    expect(trustProxyOption(false)).toBe(false);
    expect(trustProxyOption(['10.0.0.5'])).toEqual(['10.0.0.5']);
    expect([
      isPrivateAddress('192.168.1.10'),
      isPrivateAddress('fd00::1'),
      isPrivateAddress('8.8.8.8'),
      isPrivateAddress('nonsense'),
    ]).toEqual([true, true, false, false]);
  });
});

describe('production requirements', () => {
  it('starts with the full production settings', () => {
    const config = loadConfig(PRODUCTION_ENV);
    expect(config.isProduction).toBe(true);
    expect(config.adminPasswordGiven).toBe(true);
  });

  it.each([
    ['unset', undefined],
    ['plain http', 'http://print.example.in'],
    ['localhost', 'http://localhost:5000'],
  ])('refuses a PUBLIC_URL that is %s', (_what, url) => {
    const env: Record<string, string> = { ...PRODUCTION_ENV };
    if (url) env.PUBLIC_URL = url;
    else delete env.PUBLIC_URL;
    expect(refusal(env)).toMatch(
      /^Invalid configuration: PUBLIC_URL must be the shop's https:\/\/ address in production/,
    );
  });

  it.each(['Admin@12345', 'short!A1', 'alllowercase-and-long-1', 'NoDigitsOrSymbolsHere'])(
    'refuses ADMIN_PASSWORD %j in production',
    (password) => {
      expect(refusal({ ...PRODUCTION_ENV, ADMIN_PASSWORD: password })).toMatch(
        /ADMIN_PASSWORD must be a strong password in production/,
      );
    },
  );

  it('leaves ADMIN_PASSWORD out of production checks when not given: the stored password is checked at start', () => {
    const { ADMIN_PASSWORD: _omit, ...withoutPassword } = PRODUCTION_ENV;
    const config = loadConfig(withoutPassword);
    expect(config.adminPasswordGiven).toBe(false);
  });

  it('outside production any PUBLIC_URL and ADMIN_PASSWORD are accepted (local use)', () => {
    const config = loadConfig({
      PUBLIC_URL: 'http://192.168.1.5:5000',
      ADMIN_PASSWORD: 'admin',
      PAYMENTS_PROVIDER: 'sandbox',
    });
    expect(config.publicUrl).toBe('http://192.168.1.5:5000');
    expect(config.adminPasswordGiven).toBe(true);
  });
});

describe('API_CHECK_ANSWERS', () => {
  it('checks answers against their contracts outside production unless told otherwise, and not in production unless told', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).checkAnswers).toBe(true);
    expect(loadConfig({}).checkAnswers).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test', API_CHECK_ANSWERS: 'false' }).checkAnswers).toBe(false);
    expect(loadConfig(PRODUCTION_ENV).checkAnswers).toBe(false);
    expect(loadConfig({ ...PRODUCTION_ENV, API_CHECK_ANSWERS: 'true' }).checkAnswers).toBe(true);
    expect(refusal({ API_CHECK_ANSWERS: 'sometimes' })).toMatch(/API_CHECK_ANSWERS/);
  });
});
