/**
 * Staff write free text that the shop mails under its own name (decision 033). A link in it must not become
 * something a customer clicks: HTML mails escape it already, but mail clients and WhatsApp turn anything that looks
 * like an address into a link on their own. A zero-width space after each `.`, `:`, `/` and `@` of such a run keeps
 * the words readable (and copyable) while no linkifier recognises an address any more.
 */
export const ZERO_WIDTH_SPACE = '\u200b';

const LINKISH = new RegExp(
  [
    // scheme://anything (https://, ftp://, whatsapp://…)
    String.raw`\b[a-z][a-z0-9+.-]{1,20}:\/\/[^\s<>"']+`,
    // www.anything
    String.raw`\bwww\.[^\s<>"']+`,
    // an e-mail address
    String.raw`\b[a-z0-9._%+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)+`,
    // a bare domain name (word.tld, with an optional path): shop.in, evil.example/pay
    String.raw`\b(?:[a-z0-9-]+\.)+[a-z]{2,24}\b(?:\/[^\s<>"']*)?`,
  ].join('|'),
  'gi',
);

/** The text with every address-looking run broken up for linkifiers; other text is unchanged. */
export function plainLinks(text: string): string {
  return text.replace(LINKISH, (run) => run.replace(/[.:/@]/g, (c) => c + ZERO_WIDTH_SPACE));
}

/** Whether the text holds something a linkifier would turn into a link. */
export function hasLinks(text: string): boolean {
  LINKISH.lastIndex = 0;
  const found = LINKISH.test(text);
  LINKISH.lastIndex = 0;
  return found;
}
