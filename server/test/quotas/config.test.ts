import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/env.ts';

describe('quota and clean-up configuration', () => {
  it('has the documented defaults', () => {
    expect(loadConfig({})).toMatchObject({
      UPLOAD_RETENTION_HOURS: 24,
      DRAFT_EXPIRY_HOURS: 24,
      CLEANUP_INTERVAL_MINUTES: 15,
      UPLOAD_QUOTA_FILES: 30,
      UPLOAD_QUOTA_MB: 150,
      OPEN_DRAFTS_MAX: 10,
      RATE_LIMIT_SCALE: 1,
    });
  });

  it.each([
    ['UPLOAD_RETENTION_HOURS', '0'],
    ['DRAFT_EXPIRY_HOURS', '-3'],
    ['CLEANUP_INTERVAL_MINUTES', 'often'],
    ['UPLOAD_QUOTA_FILES', '2.5'],
    ['UPLOAD_QUOTA_MB', '1'],
    ['OPEN_DRAFTS_MAX', '0'],
    ['RATE_LIMIT_SCALE', '0'],
  ])('a wrong %s (%s) stops the start and names it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`^Invalid configuration: ${name}:`));
  });
});
