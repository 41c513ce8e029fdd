/**
 * Page ranges a customer types ("1-5, 8, 10-12"): which pages of a document to print (decision 036).
 * Pages print in the document's own order; overlapping parts are merged ("1-10, 5-15" is pages 1–15), so a page is
 * never paid for twice. The normal form ("1-15") is what is stored, shown back and priced.
 */

/** Longest range text accepted (a picked-from-thumbnails list of a long document fits well within it). */
export const MAX_PAGE_RANGE_LENGTH = 2000;

/** Why a range was refused, for a screen that says it in the reader's language (`message` is the English). */
export type PageRangeIssue =
  | { code: 'too_long' }
  | { code: 'not_a_range'; part: string }
  | { code: 'start_at_1' }
  | { code: 'backwards'; from: number; to: number }
  | { code: 'beyond'; pageCount: number; page: number }
  | { code: 'none' };
export type PageRangeResult =
  | { ok: true; pages: number[]; text: string }
  | { ok: false; message: string; issue: PageRangeIssue };

const PART = /^(\d{1,6})(?:\s*[-–—]\s*(\d{1,6}))?$/;

/** Parses `text` against a document of `pageCount` pages. An empty text means all pages. */
export function parsePageRange(text: string | null | undefined, pageCount: number): PageRangeResult {
  const all = () => Array.from({ length: pageCount }, (_, i) => i + 1);
  const trimmed = (text ?? '').trim();
  if (trimmed === '' || /^all( pages)?$/i.test(trimmed)) return { ok: true, pages: all(), text: '' };
  if (trimmed.length > MAX_PAGE_RANGE_LENGTH)
    return {
      ok: false,
      message: 'This page list is too long. Use ranges such as 1-5, 8, 10-12.',
      issue: { code: 'too_long' },
    };
  const chosen = new Uint8Array(pageCount + 1);
  for (const raw of trimmed.split(/[,;]/)) {
    const part = raw.trim();
    if (part === '') continue;
    const m = PART.exec(part);
    if (!m)
      return {
        ok: false,
        message: `“${part.slice(0, 20)}” is not a page or a range. Write pages like 1-5, 8, 10-12.`,
        issue: { code: 'not_a_range', part: part.slice(0, 20) },
      };
    const from = Number(m[1]);
    const to = m[2] === undefined ? from : Number(m[2]);
    if (from < 1 || to < 1) return { ok: false, message: 'Pages start at 1.', issue: { code: 'start_at_1' } };
    if (from > to)
      return {
        ok: false,
        message: `The range ${from}-${to} runs backwards. Write it as ${to}-${from}.`,
        issue: { code: 'backwards', from, to },
      };
    if (to > pageCount) {
      return {
        ok: false,
        message: `This document has ${pageCount} ${pageCount === 1 ? 'page' : 'pages'}, so page ${to} is not in it.`,
        issue: { code: 'beyond', pageCount, page: to },
      };
    }
    chosen.fill(1, from, to + 1);
  }
  const pages: number[] = [];
  for (let p = 1; p <= pageCount; p++) if (chosen[p]) pages.push(p);
  if (pages.length === 0) return { ok: false, message: 'Choose at least one page.', issue: { code: 'none' } };
  if (pages.length === pageCount) return { ok: true, pages, text: '' };
  return { ok: true, pages, text: formatPageRange(pages) };
}

/** Ascending pages as the shortest range text: [1,2,3,5] → "1-3, 5". */
export function formatPageRange(pages: readonly number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < pages.length; ) {
    let j = i;
    while (j + 1 < pages.length && pages[j + 1] === pages[j]! + 1) j++;
    parts.push(j === i ? String(pages[i]) : `${pages[i]}-${pages[j]}`);
    i = j + 1;
  }
  return parts.join(', ');
}

/** How a document's pages read to people: "All 12 pages" or "Pages 1-5, 8 (6 of 12)". */
export function describePages(range: string | null | undefined, printedPages: number, pageCount: number): string {
  if (!range) return `All ${pageCount} ${pageCount === 1 ? 'page' : 'pages'}`;
  return `Pages ${range} (${printedPages} of ${pageCount})`;
}
