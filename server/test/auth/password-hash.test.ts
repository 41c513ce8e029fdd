import { afterEach, describe, expect, it } from 'vitest';
import { hashPassword, SCRYPT_N, verifyPassword } from '../../src/lib/crypto.ts';

/** Passwords are kept as scrypt hashes that carry their own cost; the shop makes them at N = 2^14. */
describe('password hashes', () => {
  const suiteN = process.env.SHOP_TEST_SCRYPT_N;
  afterEach(() => {
    if (suiteN === undefined) delete process.env.SHOP_TEST_SCRYPT_N;
    else process.env.SHOP_TEST_SCRYPT_N = suiteN;
  });

  it('a shop makes them at N = 2^14, salted, and checks the right password only', async () => {
    delete process.env.SHOP_TEST_SCRYPT_N;
    const a = await hashPassword('Guntur@1982');
    const b = await hashPassword('Guntur@1982');
    expect(a).toMatch(new RegExp(`^scrypt\\$${SCRYPT_N}\\$8\\$1\\$[\\w-]{22}\\$[\\w-]{43}$`));
    expect(SCRYPT_N).toBe(16384);
    expect(a).not.toBe(b);
    expect(await verifyPassword('Guntur@1982', a)).toBe(true);
    expect(await verifyPassword('guntur@1982', a)).toBe(false);
  });

  it('the suite’s cheaper hashes are checked the same way, and a cost that is not allowed is ignored', async () => {
    process.env.SHOP_TEST_SCRYPT_N = '1024';
    const cheap = await hashPassword('Counter@123');
    expect(cheap).toMatch(/^scrypt\$1024\$/);
    expect(await verifyPassword('Counter@123', cheap)).toBe(true);
    for (const n of ['1000', '16', String(2 ** 20), 'x']) {
      process.env.SHOP_TEST_SCRYPT_N = n;
      expect(await hashPassword('Counter@123'), n).toMatch(/^scrypt\$16384\$/);
    }
    // A shop's hash made at 2^14 is still accepted when the suite's setting is on.
    delete process.env.SHOP_TEST_SCRYPT_N;
    const full = await hashPassword('Counter@123');
    process.env.SHOP_TEST_SCRYPT_N = '1024';
    expect(await verifyPassword('Counter@123', full)).toBe(true);
  });

  it('a stored value that is not a hash of ours is refused, not thrown on', async () => {
    for (const stored of ['', 'plain', 'bcrypt$2b$10$abc', 'scrypt$1$2$3']) {
      expect(await verifyPassword('x', stored), stored).toBe(false);
    }
  });
});
