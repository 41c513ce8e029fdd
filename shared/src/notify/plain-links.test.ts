import { describe, expect, it } from 'vitest';
import { hasLinks, plainLinks, ZERO_WIDTH_SPACE as Z } from './plain-links.ts';

describe('plainLinks', () => {
  it.each([
    ['Pay here: https://evil.example/pay?x=1 now', `Pay here: https:${Z}/${Z}/${Z}evil.${Z}example/${Z}pay?x=1 now`],
    ['see www.shop-offers.in', `see www.${Z}shop-offers.${Z}in`],
    ['write to refunds@evil.example', `write to refunds@${Z}evil.${Z}example`],
    ['open evil.example/login today', `open evil.${Z}example/${Z}login today`],
    ['HTTP://EVIL.EXAMPLE', `HTTP:${Z}/${Z}/${Z}EVIL.${Z}EXAMPLE`],
  ])('breaks up %j', (input, expected) => {
    expect(plainLinks(input)).toBe(expected);
    expect(hasLinks(input)).toBe(true);
    // What a reader sees is the same text.
    expect(plainLinks(input).replaceAll(Z, '')).toBe(input);
  });

  it.each([
    'Page 14 is blank: print anyway? Call 93900 11223.',
    'Ready at 4:30 pm, ₹120.50 paid, e.g. spiral binding',
    'పేజీ 14 ఖాళీగా ఉంది',
    'Rs.500 balance',
  ])('leaves %j as it is', (text) => {
    expect(plainLinks(text)).toBe(text);
    expect(hasLinks(text)).toBe(false);
  });
});
