import fs from 'node:fs';
import { expect, signedInCustomer, test } from './support/fixtures';
import { testPdf } from './support/pdfs';
import { startOrder } from './support/wizard';

/**
 * A customer who uploads too much in a moment is told so in plain words, in the toast, with how long to wait, on the
 * page they were using: the refusal comes before the file is read, and the browser still shows it.
 */
test('too many uploads in a moment: the wizard and the storage test page say how long to wait', async ({ page }) => {
  await signedInCustomer(page, 'Hasty Student');

  // 20 PDFs at once is the most a customer may upload in a burst (decision 012).
  const small = fs.readFileSync(testPdf('page-a4-1p.pdf'));
  for (let i = 0; i < 20; i++) {
    const res = await page.request.post('/api/pdf/upload', {
      multipart: { file: { name: `notes-${i}.pdf`, mimeType: 'application/pdf', buffer: small } },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  await page.goto('/services');
  await startOrder(page, /Black & White Printing/, 'Black & White Printing A4');
  // A larger file: the answer arrives before the browser has sent it all.
  await page.locator('#pdf').setInputFiles(testPdf('many-pages-1030p.pdf'));
  const toast = page.getByTestId('toast');
  await expect(toast).toContainText('Upload Failed');
  await expect(toast).toContainText(
    /You have uploaded many files in a short time\. Please wait \d+ seconds and try again\./,
  );
  await expect(page.getByTestId('page-count')).toHaveCount(0);

  // The storage test page: any file, 5 in a burst.
  for (let i = 0; i < 5; i++) {
    const res = await page.request.post('/api/files/upload', {
      multipart: { file: { name: `x${i}.txt`, mimeType: 'text/plain', buffer: Buffer.from('hello') } },
    });
    expect(res.status(), await res.text()).toBe(200);
  }
  await page.goto('/storage-test');
  await page.getByLabel('Select File').setInputFiles(testPdf('notes-a4-38p.pdf'));
  await page.getByRole('button', { name: 'Upload File' }).click();
  await expect(toast).toContainText(
    /You have uploaded many files in a short time\. Please wait [23] minutes and try again\./,
  );
});
