/**
 * The month's GSTR-1 CSV files as one ZIP download (fflate, deflate level 6, loaded by the first export rather than
 * at start: decision 050). The files carry a fixed date, so the same month gives the same bytes.
 */
export async function zipFiles(files: ReadonlyArray<{ name: string; content: string }>): Promise<Buffer> {
  const { strToU8, zipSync } = await import('fflate');
  const entries = Object.fromEntries(files.map((f) => [f.name, strToU8(f.content)]));
  return Buffer.from(zipSync(entries, { level: 6, mtime: new Date('2000-01-01T00:00:00Z') }));
}
