import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * No English left in the page's main part: every Latin word must be data (the shop's configured name and address,
 * service names, file and order numbers, the customer's name) or a word people say as it is (PDF, A4, GSM…).
 */
export async function expectNoEnglish(page: Page, data: string[] = []) {
  const config = await page.evaluate(() =>
    Object.values(
      JSON.parse(document.getElementById('shop-config')?.textContent ?? '{}') as Record<string, unknown>,
    ).filter((v): v is string => typeof v === 'string'),
  );
  let text = await page.locator('main').innerText();
  for (const s of [...config, ...data].sort((a, b) => b.length - a.length)) text = text.split(s).join(' ');
  const left = text
    .replace(
      /PS-[\w-]+|[\w.-]+\.pdf|₹[\d,.]+|\b(?:PDF|JPG|PNG|A4|A3|GSM|WhatsApp|UPI|IST|AM|PM|am|pm|QR|GSTIN|GST|ID|PVC|Word|Excel|PowerPoint|DOCX|DOC|ODT|PPTX|XLSX|MB)\b/g,
      ' ',
    )
    .match(/[A-Za-z]{3,}/g);
  expect(left ?? [], 'English words on a Telugu page').toEqual([]);
}

export async function serviceNames(request: APIRequestContext): Promise<string[]> {
  return ((await (await request.get('/api/services')).json()) as Array<{ name: string; description: string }>).flatMap(
    (s) => [s.name, s.description],
  );
}
