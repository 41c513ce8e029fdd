import { formatDateIn } from '../i18n/format.ts';
import type { Language } from '../i18n/language.ts';
import { SPIRAL_MAX_PAGES_PER_BOOK } from '../pricing/pricing.ts';
import { CLOSES_AT_HOUR, OPENS_AT_HOUR } from './business-hours.ts';
import { instantOfShopWallClock, shopWallClock } from '../common/shop-clock.ts';

/**
 * The due time on a counter card (docs/decisions/025-walk-in-orders.md, 039): the time the shop
 * promises an order ready, fixed when it is paid. Work is counted from the payment, inside the shop's working hours
 * (the late-order rule's: Mon–Sat 09:00–22:00 IST, business-hours.ts), at the speed of the printer that does each
 * document's kind of work (a setting per printer role, with the defaults below), and the promise is
 * rounded up to the next quarter hour (what a clerk says: "ready by 4:30"). A customer waiting at the counter is
 * promised the minute: their order is done next, with little handling ("6 photocopies" was promised 15 minutes).
 */

/** Taking the order off the queue, the ticket, counting the paper and handing it over. */
export const HANDLING_MINUTES = 10;
/** The same for a customer standing at the counter: the clerk does it at once. */
export const WAITING_HANDLING_MINUTES = 2;
/** The printer roles (printing/schemas.ts PRINTER_ROLES): what kind of work a printer does. */
export type SpeedRole = 'bw_a4' | 'color_a4' | 'a3' | 'pvc';
/**
 * Pages a minute (a side counted as a page; PVC: cards a minute, printing then trimming), per printer role, until the
 * admin sets the shop's own on the Printers page: an office copier, an ink-tank colour printer, an A3 printer.
 */
export const DEFAULT_PRINT_SPEEDS: Readonly<Record<SpeedRole, number>> = { bw_a4: 20, color_a4: 8, a3: 8, pvc: 1 };
/** Finishing, per copy: a spiral book, a paper binding, a transparent sheet, a lamination. */
export const FINISHING_MINUTES = { spiralBook: 10, paperBinding: 5, transparentSheet: 5, lamination: 3 } as const;
export const ROUND_TO_MINUTES = 15;

/** What the work of one document depends on. */
export interface DueWork {
  printingType: string;
  /** a4, a3, legal, letter: A3 goes to the A3 printer. */
  paperSize?: string;
  /** Pages printed per copy (a page range counts its pages). */
  printedPages: number;
  copies: number;
  spiralBinding?: boolean;
  paperBinding?: boolean;
  transparentSheet?: boolean;
  lamination?: boolean;
}

/** The printer role that does a document's work. */
export function speedRoleOf(d: Pick<DueWork, 'printingType' | 'paperSize'>): SpeedRole {
  if (d.printingType === 'pvc') return 'pvc';
  if (d.paperSize?.toLowerCase() === 'a3') return 'a3';
  return d.printingType === 'bw' ? 'bw_a4' : 'color_a4';
}

export interface DueOptions {
  /** The shop's speeds per printer role (the defaults where unset). */
  speeds?: Partial<Record<SpeedRole, number>>;
  /** A walk-in customer waits at the counter: little handling, the minute rather than the quarter hour. */
  waiting?: boolean;
}

/** Minutes of the shop's work an order takes, handling included. */
export function workMinutes(documents: readonly DueWork[], opts: DueOptions = {}): number {
  let minutes = opts.waiting ? WAITING_HANDLING_MINUTES : HANDLING_MINUTES;
  for (const d of documents) {
    const pages = Math.max(0, d.printedPages) * Math.max(1, d.copies);
    const role = speedRoleOf(d);
    const speed = opts.speeds?.[role] ?? DEFAULT_PRINT_SPEEDS[role];
    minutes += Math.ceil(pages / Math.max(1, speed));
    const perCopy = d.spiralBinding
      ? Math.ceil(d.printedPages / SPIRAL_MAX_PAGES_PER_BOOK) * FINISHING_MINUTES.spiralBook
      : d.paperBinding
        ? FINISHING_MINUTES.paperBinding
        : d.transparentSheet
          ? FINISHING_MINUTES.transparentSheet
          : d.lamination
            ? FINISHING_MINUTES.lamination
            : 0;
    minutes += perCopy * Math.max(1, d.copies);
  }
  return minutes;
}

const MINUTE_MS = 60_000;
/** The IST wall clock of an instant, as a Date whose UTC fields read it. */
const wall = (t: number) => shopWallClock(t);
const instantOfWall = (w: Date) => instantOfShopWallClock(w);

/** The start of the working day at or after this IST wall-clock time (the same moment when the shop is working). */
function nextWorkingMoment(w: Date): Date {
  const day = w.getUTCDay();
  const hour = w.getUTCHours();
  if (day !== 0 && hour >= OPENS_AT_HOUR && hour < CLOSES_AT_HOUR) return w;
  const next = new Date(Date.UTC(w.getUTCFullYear(), w.getUTCMonth(), w.getUTCDate(), OPENS_AT_HOUR));
  if (day === 0 || hour >= CLOSES_AT_HOUR) {
    do next.setUTCDate(next.getUTCDate() + 1);
    while (next.getUTCDay() === 0);
  }
  return next;
}

/** At most this many working days ahead (a print run of months is promised at the horizon; the clerk says more). */
const MAX_DAYS = 366;

/** When an order paid at `paidAt` is promised ready. */
export function promisedReadyTime(paidAt: Date, documents: readonly DueWork[], opts: DueOptions = {}): Date {
  let left = workMinutes(documents, opts);
  const round = opts.waiting ? 1 : ROUND_TO_MINUTES;
  let w = nextWorkingMoment(wall(paidAt.getTime()));
  for (let day = 0; day < MAX_DAYS; day++) {
    const closing = Date.UTC(w.getUTCFullYear(), w.getUTCMonth(), w.getUTCDate(), CLOSES_AT_HOUR);
    const room = Math.floor((closing - w.getTime()) / MINUTE_MS);
    if (left <= room) {
      const done = w.getTime() + left * MINUTE_MS;
      const step = round * MINUTE_MS;
      return instantOfWall(new Date(Math.ceil(done / step) * step));
    }
    left -= room;
    w = nextWorkingMoment(new Date(closing));
  }
  return instantOfWall(w);
}

const istDay = (t: Date) => wall(t.getTime()).toISOString().slice(0, 10);

/**
 * "4:30 pm", "tomorrow 9:45 am" or "30 Nov, 10:00 am": a due time as the counter reads it, in the reader's language
 * (the word for tomorrow comes from the screen's texts).
 */
export function dueTimeText(
  readyBy: Date,
  now: Date = new Date(),
  lang: Language = 'en',
  tomorrowWord = 'tomorrow',
): string {
  const day = istDay(readyBy);
  if (day === istDay(now)) return formatDateIn(lang, readyBy, 'time');
  if (day === istDay(new Date(now.getTime() + 86_400_000)))
    return `${tomorrowWord} ${formatDateIn(lang, readyBy, 'time')}`;
  return formatDateIn(lang, readyBy, 'shortDateTime');
}

/** Whole minutes past the due time (0 when not yet due). */
export function minutesOverdue(readyBy: Date, now: Date = new Date()): number {
  return Math.max(0, Math.floor((now.getTime() - readyBy.getTime()) / MINUTE_MS));
}

/** Orders the counter still owes: their due time is shown; finished ones show none. */
export const OPEN_STATUSES: readonly string[] = ['unvisited', 'visited', 'processing'];
