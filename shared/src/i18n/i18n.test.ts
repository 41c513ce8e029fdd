import { describe, expect, it } from 'vitest';
import { formatDateIn, formatList, formatMoney, formatMoneyPaise, formatRelativeTime } from './format.ts';
import { acceptLanguageTags, isLanguage, languageFromTags } from './language.ts';
import { languageSchema } from './schema.ts';

describe('language', () => {
  it.each([
    [['te-IN', 'en-US'], 'te'],
    [['te'], 'te'],
    [['en-GB', 'te-IN'], 'en'],
    [['hi-IN', 'te-IN', 'en'], 'te'],
    [['hi-IN', 'ta'], 'en'],
    [['TE_in'], 'te'],
    [[], 'en'],
    [undefined, 'en'],
  ] as const)('browser languages %j → %s', (tags, lang) => {
    expect(languageFromTags(tags as readonly string[] | undefined)).toBe(lang);
  });

  it.each([
    ['te-IN,te;q=0.9,en-US;q=0.8', ['te-IN', 'te', 'en-US']],
    ['en;q=0.5, te;q=0.9', ['te', 'en']],
    ['*;q=0.1, hi', ['hi']],
    ['te;q=0', []],
    ['', []],
  ])('Accept-Language %j', (header, tags) => {
    expect(acceptLanguageTags(header)).toEqual(tags);
  });

  it('the schema takes the two codes and nothing else', () => {
    expect(languageSchema.safeParse('te').success).toBe(true);
    expect(languageSchema.safeParse('en').success).toBe(true);
    for (const bad of ['TE', 'te-IN', 'hi', '', null, 1]) expect(languageSchema.safeParse(bad).success).toBe(false);
    expect(isLanguage('te')).toBe(true);
    expect(isLanguage('fr')).toBe(false);
  });
});

describe('money: ₹ with Indian grouping and Latin digits in both languages', () => {
  it.each([
    [0, '₹0.00'],
    [7.5, '₹7.50'],
    [1234.5, '₹1,234.50'],
    [123456, '₹1,23,456.00'],
    [12345678.9, '₹1,23,45,678.90'],
  ])('%d rupees', (rupees, text) => {
    expect(formatMoney(rupees)).toBe(text);
  });
  it('paise', () => {
    expect(formatMoneyPaise(12345600)).toBe('₹1,23,456.00');
    expect(formatMoneyPaise(1)).toBe('₹0.01');
  });
});

describe('dates in IST, in the reader’s language', () => {
  // 22 Nov 2026 09:05 UTC is 14:35 in Guntur; 20:00 UTC on the 21st is already the 22nd there.
  const afternoon = '2026-11-22T09:05:00Z';
  it.each([
    ['en', afternoon, 'date', '22 November 2026'],
    ['te', afternoon, 'date', '22 నవంబర్, 2026'],
    ['en', '2026-11-21T20:00:00Z', 'date', '22 November 2026'],
    ['te', '2026-11-21T20:00:00Z', 'date', '22 నవంబర్, 2026'],
    ['en', afternoon, 'weekday', 'Sunday, 22 November'],
    ['te', afternoon, 'weekday', '22 నవంబర్, ఆదివారం'],
  ] as const)('%s %s %s', (lang, iso, style, text) => {
    expect(formatDateIn(lang, iso, style)).toBe(text);
  });

  it('times carry the IST hour in both languages, with Latin digits', () => {
    expect(formatDateIn('en', afternoon, 'dateTime')).toMatch(/^22 November 2026.*2:35\s?pm$/i);
    expect(formatDateIn('te', afternoon, 'dateTime')).toBe('22 నవంబర్, 2026, మధ్యాహ్నం 2:35');
    expect(formatDateIn('te', afternoon, 'time')).toBe('మధ్యాహ్నం 2:35');
    expect(formatDateIn('te', afternoon, 'dateTime')).not.toMatch(/[౦-౯]/);
  });

  // Times and dates as Telugu readers say them (decision 038): "సాయంత్రం 6:45", not "6:45 PM"; whole month and day
  // names, not "26 నవం, గురు".
  it.each([
    ['2026-11-26T13:15:00Z', 'time', 'సాయంత్రం 6:45'],
    ['2026-11-26T03:30:00Z', 'time', 'ఉదయం 9:00'],
    ['2026-11-26T16:00:00Z', 'time', 'రాత్రి 9:30'],
    ['2026-11-26T13:15:00Z', 'shortDateTime', '26 నవంబర్, సాయంత్రం 6:45'],
    ['2026-11-26T13:15:00Z', 'weekdayDateTime', '26 నవంబర్, గురువారం, సాయంత్రం 6:45'],
  ] as const)('Telugu %s as %s', (iso, style, text) => {
    const out = formatDateIn('te', iso, style);
    expect(out).toBe(text);
    expect(out).not.toMatch(/AM|PM|am|pm|నవం,|గురు,/);
  });

  it('English keeps its short forms', () => {
    expect(formatDateIn('en', '2026-11-26T13:15:00Z', 'weekdayDateTime')).toBe('Thu, 26 Nov, 6:45 pm');
  });

  it('no date, an empty string or garbage gives an empty string', () => {
    expect(formatDateIn('en', null)).toBe('');
    expect(formatDateIn('te', '')).toBe('');
    expect(formatDateIn('te', 'not a date')).toBe('');
  });
});

describe('relative times', () => {
  const now = Date.parse('2026-11-22T09:00:00Z');
  const ago = (s: number) => new Date(now - s * 1000).toISOString();
  it.each([
    ['en', 10, 'just now'],
    ['te', 10, 'ఇప్పుడే'],
    ['en', 60, '1 minute ago'],
    ['te', 60, '1 నిమిషం క్రితం'],
    ['en', 300, '5 minutes ago'],
    ['te', 300, '5 నిమిషాల క్రితం'],
    ['en', 3 * 3600, '3 hours ago'],
    ['te', 3 * 3600, '3 గంటల క్రితం'],
    ['te', 86400, '1 రోజు క్రితం'],
    ['te', 2 * 86400, '2 రోజుల క్రితం'],
    ['en', 60 * 86400, '2 months ago'],
    ['te', 400 * 86400, '1 సంవత్సరం క్రితం'],
    ['te', -2 * 86400, '2 రోజుల్లో'],
  ] as const)('%s, %d s ago', (lang, seconds, text) => {
    expect(formatRelativeTime(lang, ago(seconds), now)).toBe(text);
  });
  it('no date is null (the screen says "Recently")', () => {
    expect(formatRelativeTime('te', null, now)).toBeNull();
    expect(formatRelativeTime('en', 'soon', now)).toBeNull();
  });
});

describe('lists', () => {
  it.each([
    ['en', 'Spiral, Lamination and Paper binding'],
    ['te', 'Spiral, Lamination, Paper binding'],
  ] as const)('%s', (lang, text) => {
    expect(formatList(lang, ['Spiral', 'Lamination', 'Paper binding'])).toBe(text);
  });
});
