import { describe, expect, it } from 'vitest';
import { forgetAdminEmail, rememberAdminEmail, rememberedAdminEmail } from './admin-email';

const memory = () => {
  const m = new Map<string, string>();
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
    raw: m,
  };
};

describe("the admin's remembered sign-in e-mail", () => {
  it('is nothing on a new device, then the e-mail the admin signed in with, until forgotten', () => {
    const s = memory();
    expect(rememberedAdminEmail(s)).toBeNull();
    rememberAdminEmail(' Owner@Example.com ', s);
    expect(rememberedAdminEmail(s)).toBe('owner@example.com');
    expect([...s.raw.values()]).toEqual(['owner@example.com']);
    forgetAdminEmail(s);
    expect(rememberedAdminEmail(s)).toBeNull();
  });

  it('ignores what is not an e-mail, and a browser without storage', () => {
    const s = memory();
    s.setItem('ps_admin_email', 'not-an-email');
    expect(rememberedAdminEmail(s)).toBeNull();
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    expect(rememberedAdminEmail(broken)).toBeNull();
    expect(() => rememberAdminEmail('a@b.c', broken)).not.toThrow();
    expect(rememberedAdminEmail(null)).toBeNull();
  });
});
