import { paiseToRupees } from '../common/money.ts';
import type { DeliveryType, Sides } from '../common/options.ts';

/**
 * The one price function, shared by the web app and the server (its rules are the constants below, table-tested in
 * pricing.test.ts). Pure, integer paise throughout.
 * The server always recomputes it from the stored file's page count; a client figure is only a preview.
 */

export const SPIRAL_MAX_PAGES_PER_BOOK = 350;
/** Spiral binding price per book by its page count (upper bound inclusive), paise. */
export const SPIRAL_TIERS: ReadonlyArray<{ maxPages: number; price: number }> = [
  { maxPages: 50, price: 2000 },
  { maxPages: 150, price: 3000 },
  { maxPages: 250, price: 4000 },
  { maxPages: 350, price: 5000 },
];
export const PAPER_BINDING_PRICE = 1500;
export const TRANSPARENT_SHEET_PRICE = 2000;
export const LAMINATION_PRICE = 2000;
export const DELIVERY_CHARGE = 3000;
/** Home delivery is free from this order total (paise). */
export const FREE_DELIVERY_FROM = 200000;

export interface PricedService {
  /** Per printed page, paise. */
  priceSingleSide: number;
  /** Per sheet printed on both sides, paise. */
  priceDoubleSide: number;
}

export interface PricedOptions {
  sides: Sides;
  copies: number;
  spiralBinding?: boolean;
  paperBinding?: boolean;
  transparentSheet?: boolean;
  lamination?: boolean;
}

/** Every figure in paise except counts and the percent rate. */
export interface CostBreakdown {
  printingCost: number;
  bindingCost: number;
  additionalCost: number;
  subtotal: number;
  /** Percent: 0, 2, 4 or 5. */
  discountRate: number;
  discountAmount: number;
  totalCost: number;
  pages: number;
  copies: number;
  totalSheets: number;
  /** Spiral books per copy (0 without spiral binding). */
  books: number;
  /** The home-delivery charge for this total (pickup is always 0: see deliveryChargeFor). */
  deliveryCharge: number;
}

/** The API's CostResult: the same figures in rupees. */
export type CostResult = CostBreakdown;

export class PricingError extends Error {}

/** Page counts of the books a spiral-bound document is split into: ceil(p/350) books of near-equal size. */
export function splitIntoBooks(pages: number): number[] {
  const books = Math.ceil(pages / SPIRAL_MAX_PAGES_PER_BOOK);
  const base = Math.floor(pages / books);
  const extra = pages % books;
  return Array.from({ length: books }, (_, i) => base + (i < extra ? 1 : 0));
}

function spiralBookPrice(pages: number): number {
  const tier = SPIRAL_TIERS.find((t) => pages <= t.maxPages);
  if (!tier) throw new PricingError('a spiral book has at most 350 pages');
  return tier.price;
}

/** Binding for one copy, paise. At most one binding may be chosen. */
export function bindingPerCopy(pages: number, options: PricedOptions): { price: number; books: number } {
  const chosen = [options.spiralBinding, options.paperBinding, options.transparentSheet, options.lamination].filter(
    Boolean,
  ).length;
  if (chosen > 1) throw new PricingError('Choose only one binding option');
  if (options.spiralBinding) {
    const books = splitIntoBooks(pages);
    return { price: books.reduce((sum, p) => sum + spiralBookPrice(p), 0), books: books.length };
  }
  if (options.paperBinding) return { price: PAPER_BINDING_PRICE, books: 0 };
  if (options.transparentSheet) return { price: TRANSPARENT_SHEET_PRICE, books: 0 };
  if (options.lamination) return { price: LAMINATION_PRICE, books: 0 };
  return { price: 0, books: 0 };
}

/** 2% for ₹500 ≤ s < ₹1000, 4% for ₹1000 ≤ s ≤ ₹1500, 5% above ₹1500 (s in paise). */
export function discountRateFor(subtotal: number): number {
  if (subtotal > 150000) return 5;
  if (subtotal >= 100000) return 4;
  if (subtotal >= 50000) return 2;
  return 0;
}

/** ₹30 for home delivery under ₹2000; free from ₹2000 and always for pickup. */
export function deliveryChargeFor(deliveryType: DeliveryType, totalCost: number): number {
  return deliveryType === 'delivery' && totalCost < FREE_DELIVERY_FROM ? DELIVERY_CHARGE : 0;
}

export function calculateCost(input: { pages: number; service: PricedService; options: PricedOptions }): CostBreakdown {
  const { pages, service, options } = input;
  const copies = options.copies;
  if (!Number.isInteger(pages) || pages < 1) throw new PricingError('page count must be a whole number of at least 1');
  if (!Number.isInteger(copies) || copies < 1) throw new PricingError('copies must be a whole number of at least 1');
  for (const price of [service.priceSingleSide, service.priceDoubleSide]) {
    if (!Number.isInteger(price) || price < 0) throw new PricingError('service prices must be whole paise');
  }

  const isDouble = options.sides === 'double';
  const sheetsPerCopy = isDouble ? Math.ceil(pages / 2) : pages;
  const printingCost = isDouble
    ? sheetsPerCopy * copies * service.priceDoubleSide
    : pages * copies * service.priceSingleSide;
  const binding = bindingPerCopy(pages, options);
  const bindingCost = binding.price * copies;
  const additionalCost = 0;
  const subtotal = printingCost + bindingCost + additionalCost;
  const discountRate = discountRateFor(subtotal);
  const discountAmount = Math.round((subtotal * discountRate) / 100);
  const totalCost = subtotal - discountAmount;
  return {
    printingCost,
    bindingCost,
    additionalCost,
    subtotal,
    discountRate,
    discountAmount,
    totalCost,
    pages,
    copies,
    totalSheets: sheetsPerCopy * copies,
    books: binding.books,
    deliveryCharge: deliveryChargeFor('delivery', totalCost),
  };
}

/**
 * The rate an order's printing was charged at, in the unit of `printingCost` (rupees or paise): per printed page
 * single-sided, per sheet double-sided. Exact while one document is priced at one rate (printing = sheets × rate).
 */
export function chargedRate(order: { printingCost: number; pages: number; copies: number; sides: string }): {
  rate: number;
  per: 'page' | 'sheet';
} {
  const isDouble = order.sides === 'double';
  const sheets = (isDouble ? Math.ceil(order.pages / 2) : order.pages) * order.copies;
  const rate = sheets > 0 ? Math.round((order.printingCost / sheets) * 100) / 100 : 0;
  return { rate, per: isDouble ? 'sheet' : 'page' };
}

/** What the customer pays, paise: totalCost + the delivery charge for the chosen delivery type. */
export function amountPayable(cost: CostBreakdown, deliveryType: DeliveryType): number {
  return cost.totalCost + deliveryChargeFor(deliveryType, cost.totalCost);
}

/** The API's CostResult (docs/api.md): money in rupees with two decimals; counts and the rate unchanged. */
export function toCostResult(cost: CostBreakdown): CostResult {
  return {
    printingCost: paiseToRupees(cost.printingCost),
    bindingCost: paiseToRupees(cost.bindingCost),
    additionalCost: paiseToRupees(cost.additionalCost),
    subtotal: paiseToRupees(cost.subtotal),
    discountRate: cost.discountRate,
    discountAmount: paiseToRupees(cost.discountAmount),
    totalCost: paiseToRupees(cost.totalCost),
    pages: cost.pages,
    copies: cost.copies,
    totalSheets: cost.totalSheets,
    books: cost.books,
    deliveryCharge: paiseToRupees(cost.deliveryCharge),
  };
}
