import { LOCALES, type Language } from './language.ts';
import { SHOP_TIME_ZONE } from '../common/shop-clock.ts';

/**
 * Formatting both sides need, in the reader's language (docs/decisions/027-telugu.md). Money is the same in both
 * languages: ₹ with Indian grouping and Latin digits (Telugu digits lose the lakh grouping and nobody pays in them);
 * dates and times are always in IST, with month names in the reader's language.
 */
/** ₹1,23,456.00 in both languages: one implementation, in common/money.ts. */
export { formatRupees as formatMoney, formatPaise as formatMoneyPaise } from '../common/money.ts';

const TIME_ZONE = SHOP_TIME_ZONE;
type DateStyle = 'date' | 'dateTime' | 'time' | 'shortDateTime' | 'weekday' | 'weekdayDateTime';
const STYLES: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  date: { day: 'numeric', month: 'long', year: 'numeric' },
  dateTime: { day: 'numeric', month: 'long', year: 'numeric', hour: 'numeric', minute: '2-digit' },
  time: { hour: 'numeric', minute: '2-digit' },
  shortDateTime: { day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' },
  weekday: { weekday: 'long', day: 'numeric', month: 'long' },
  weekdayDateTime: { weekday: 'short', day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' },
};
/**
 * Telugu says dates whole (no "నవం, గురు") and the time after its part of the day: "సాయంత్రం 6:45", never "6:45 PM".
 * The parts of the day are CLDR's Telugu ones (ఉదయం, మధ్యాహ్నం, సాయంత్రం, రాత్రి).
 */
const TELUGU_STYLES: Record<Exclude<DateStyle, 'time'>, Intl.DateTimeFormatOptions> = {
  date: STYLES.date,
  dateTime: STYLES.date,
  shortDateTime: { day: 'numeric', month: 'long' },
  weekday: STYLES.weekday,
  weekdayDateTime: { weekday: 'long', day: 'numeric', month: 'long' },
};
const TELUGU_TIME: Intl.DateTimeFormatOptions = {
  hour: 'numeric',
  minute: '2-digit',
  dayPeriod: 'long',
  hourCycle: 'h12',
};
const formatters = new Map<string, Intl.DateTimeFormat>();
function dateFormatter(lang: Language, key: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const id = `${lang}:${key}`;
  let f = formatters.get(id);
  if (!f) {
    f = new Intl.DateTimeFormat(LOCALES[lang], { ...options, timeZone: TIME_ZONE, numberingSystem: 'latn' });
    formatters.set(id, f);
  }
  return f;
}

/** "సాయంత్రం 6:45": the part of the day first, as Telugu says it. */
function teluguTime(d: Date): string {
  const parts = dateFormatter('te', 'time', TELUGU_TIME).formatToParts(d);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('dayPeriod')} ${part('hour')}:${part('minute')}`.trim();
}

function toDate(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/**
 * A date or time in IST: `date` 22 November 2026 / 22 నవంబర్, 2026; `dateTime` adds the time (… 2:35 pm /
 * … మధ్యాహ్నం 2:35); `time`; `shortDateTime` (22 Nov, 2:35 pm / 22 నవంబర్, మధ్యాహ్నం 2:35); `weekday` (Sunday, 22 November);
 * `weekdayDateTime` (Sun, 22 Nov, 2:35 pm / 22 నవంబర్, ఆదివారం, మధ్యాహ్నం 2:35). '' for no date or an invalid one.
 */
export function formatDateIn(
  lang: Language,
  value: string | number | Date | null | undefined,
  style: DateStyle = 'date',
): string {
  const d = toDate(value);
  if (!d) return '';
  if (lang === 'te') {
    if (style === 'time') return teluguTime(d);
    const date = dateFormatter(lang, `te-${style}`, TELUGU_STYLES[style]).format(d);
    // Telugu's own "at" pattern glues a case ending to the time ("6:44 AMకి"), which no sentence around it can take.
    return style === 'date' || style === 'weekday' ? date : `${date}, ${teluguTime(d)}`;
  }
  return dateFormatter(lang, style, STYLES[style]).format(d);
}

/** Under this many seconds either way, a time is "just now". */
export const JUST_NOW_SECONDS = 45;
const JUST_NOW: Record<Language, string> = { en: 'just now', te: 'ఇప్పుడే' };
/** What a list says instead of a relative time when it has no date. */
export const RECENTLY: Record<Language, string> = { en: 'Recently', te: 'ఇటీవల' };
const relative = new Map<Language, Intl.RelativeTimeFormat>();

/**
 * '5 minutes ago' / '5 నిమిషాల క్రితం', 'in 2 days' / '2 రోజుల్లో'; 'just now' within 45 s. Null without a valid date
 * (the caller says what it says then, e.g. 'Recently').
 */
export function formatRelativeTime(
  lang: Language,
  value: string | number | Date | null | undefined,
  now: number = Date.now(),
): string | null {
  const d = toDate(value);
  if (!d) return null;
  const s = Math.round((d.getTime() - now) / 1000);
  const abs = Math.abs(s);
  if (abs < JUST_NOW_SECONDS) return JUST_NOW[lang];
  let rtf = relative.get(lang);
  if (!rtf) {
    rtf = new Intl.RelativeTimeFormat(LOCALES[lang], {
      numeric: 'always',
      numberingSystem: 'latn',
    } as Intl.RelativeTimeFormatOptions);
    relative.set(lang, rtf);
  }
  if (abs < 3600) return rtf.format(Math.round(s / 60), 'minute');
  if (abs < 86400) return rtf.format(Math.round(s / 3600), 'hour');
  if (abs < 86400 * 30) return rtf.format(Math.round(s / 86400), 'day');
  if (abs < 86400 * 365) return rtf.format(Math.round(s / (86400 * 30)), 'month');
  return rtf.format(Math.round(s / (86400 * 365)), 'year');
}

/** 'A, B and C' / 'A, B, C' (a Telugu list takes commas: a translated 'and' reads as a translation). */
export function formatList(lang: Language, items: readonly string[]): string {
  if (lang === 'te') return items.join(', ');
  return new Intl.ListFormat(LOCALES[lang], { type: 'conjunction' }).format(items);
}
