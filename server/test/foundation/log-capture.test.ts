import { describe, expect, it } from 'vitest';
import { STRONG_PASSWORD } from '../factories/index.ts';
import { createTestApp } from '../helpers/app.ts';
import {
  capturedLines,
  capturedSecrets,
  findLeaks,
  recordMailSecrets,
  type SecretKind,
} from '../helpers/log-capture.ts';

/** The log leak check (helpers/log-leak-check.ts) itself: it finds what it must, and it learns the secrets by itself. */

describe('the log leak search', () => {
  const secrets = new Map<string, SecretKind>([
    ['Str0ng!Pass"q', 'password'],
    ['Flat 7, Sri Lakshmi Residency', 'delivery address'],
    ['tok_abcdefghijklmnop', 'session token'],
    ['short', 'password'],
  ]);

  it('finds a secret written plainly or JSON-escaped, masks it in the report and names the suite', () => {
    const lines = [
      { source: 'a.test.ts', line: '{"msg":"signed in","userId":3}' },
      { source: 'b.test.ts', line: JSON.stringify({ msg: 'order', body: { password: 'Str0ng!Pass"q' } }) },
      { source: 'c.test.ts', line: 'delivering to Flat 7, Sri Lakshmi Residency today' },
      { source: 'd.test.ts', line: '{"headers":{"authorization":"Bearer tok_abcdefghijklmnop"}}' },
    ];
    const leaks = findLeaks(lines, secrets);
    expect(leaks.map((l) => [l.source, l.kind])).toEqual([
      ['b.test.ts', 'password'],
      ['c.test.ts', 'delivery address'],
      ['d.test.ts', 'session token'],
    ]);
    for (const l of leaks) {
      expect(l.line).not.toContain('Str0ng!Pass');
      expect(l.line).not.toContain('Lakshmi Residency');
      expect(l.line).not.toContain('tok_abcdefghijklmnop');
    }
  });

  it('finds nothing in clean lines', () => {
    expect(findLeaks([{ source: 'a', line: '{"msg":"password reset requested","known":true}' }], secrets)).toEqual([]);
  });

  it('learns the secrets of a test app by itself: passwords sent, tokens made and answered, reset links mailed', async () => {
    const app = await createTestApp();
    try {
      const email = `learn.${Date.now()}@example.com`;
      const reg = await app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { name: 'Learn', email, password: 'An0ther!Secret', confirmPassword: 'An0ther!Secret' },
      });
      expect(reg.statusCode).toBe(201);
      recordMailSecrets('Open http://shop.test/auth/reset-password/AbCdEfGhIjKlMnOpQrStUv to choose a new password');
      const known = capturedSecrets();
      expect(known.get('An0ther!Secret')).toBe('password');
      expect(known.get(STRONG_PASSWORD)).toBe('password');
      expect(known.get(reg.json().token)).toBe('session token');
      expect(known.get('AbCdEfGhIjKlMnOpQrStUv')).toBe('reset token');
      expect(known.get(app.config.RAZORPAY_KEY_SECRET)).toBe('razorpay secret');
      // And the app's log lines are being captured, at info level, business events included.
      expect(capturedLines().some((l) => l.line.includes('"customer registered"'))).toBe(true);
    } finally {
      await app.close();
    }
  });
});
