import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';

export const ADMIN = { email: 'admin@printshop.local', password: 'Admin@12345' };

/** The e2e server's data folder (outbox, files). */
export function e2eDataDir(): string {
  return fs.readFileSync(path.join(os.tmpdir(), `shop-e2e-datadir-${process.env.E2E_PORT ?? '5055'}`), 'utf8').trim();
}

let counter = 0;
export function uniqueEmail(prefix = 'customer'): string {
  return `${prefix}.${Date.now()}.${++counter}@example.com`;
}

/** Registers a customer through the API (fast set-up; journeys that test registration click through it). */
export async function registerCustomer(request: APIRequestContext, name = 'Ravi Kumar') {
  const email = uniqueEmail();
  const password = 'Str0ng!Pass';
  const res = await request.post('/api/auth/register', { data: { name, email, password, confirmPassword: password } });
  expect(res.status(), await res.text()).toBe(201);
  return { name, email, password };
}

/** Signs the page's browser context in through the API: the session cookie lands in the context. */
export async function loginAs(page: Page, email: string, password: string) {
  const res = await page.request.post('/api/auth/login', { data: { email, password } });
  expect(res.ok(), await res.text()).toBeTruthy();
}

/** Fails a test on an unexpected console.error in the browser. */
export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() !== 'error') return;
        const text = msg.text();
        // Expected noise: refused requests the test provokes on purpose, and the blocked external map frame.
        if (/Failed to load resource|google\.com|ERR_|net::/.test(text)) return;
        errors.push(text);
      });
      await use(errors);
      expect(errors, 'unexpected console.error in the browser').toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };
