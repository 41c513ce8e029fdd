import type { PageRangeIssue } from '@shop/shared/orders/page-range';
import { defineCatalogue } from '@/lib/i18n/catalogue';
import en from './i18n/en';

/** The order wizard's and the order pieces' texts (i18n/en.ts, i18n/te.ts). */
export const {
  t: ordersText,
  useText: useOrdersText,
  rich: ordersRich,
} = defineCatalogue('orders', en, () => import('./i18n/te'));

/** "All 12 pages" / "Pages 1-5, 8 (6 of 12)" (shared/src/orders/page-range.ts describePages), in the language on screen. */
export function describePagesText(range: string | null | undefined, printedPages: number, pageCount: number): string {
  return range
    ? ordersText('pages.some', { range, count: printedPages, total: pageCount })
    : ordersText('pages.all', { count: pageCount });
}

/** Why a typed page range was refused, in the language on screen. */
export function pageRangeProblem(issue: PageRangeIssue): string {
  switch (issue.code) {
    case 'too_long':
      return ordersText('pages.tooLong');
    case 'not_a_range':
      return ordersText('pages.notARange', { part: issue.part });
    case 'start_at_1':
      return ordersText('pages.startAt1');
    case 'backwards':
      return ordersText('pages.backwards', { from: issue.from, to: issue.to });
    case 'beyond':
      return ordersText('pages.beyond', { count: issue.pageCount, page: issue.page });
    case 'none':
      return ordersText('pages.none');
  }
}
