/** A PDF download's Content-Disposition (`.pdf` added when missing): ASCII fallback plus RFC 5987 UTF-8 form. */
export function contentDisposition(original: string): string {
  let name =
    original
      .replace(/[\\/]/g, '_')
      .replace(/[\u0000-\u001f\u007f]/g, '')
      .trim()
      .slice(0, 150) || 'document.pdf';
  if (!/\.pdf$/i.test(name)) name += '.pdf';
  const ascii = name.replace(/[^A-Za-z0-9._ -]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
