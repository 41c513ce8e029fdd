/** Money is integer paise inside; the API speaks rupees with two decimals (decision 003). */
export function paiseToRupees(paise: number): number {
  return Math.round(paise) / 100;
}
export function rupeesToPaise(rupees: number): number {
  return Math.round(rupees * 100);
}
// Latin digits and lakh grouping in every language (Telugu digits lose the grouping): docs/decisions/027-telugu.md.
// Made on first use: the server's first Intl formatter loads ICU's tables (~7 MB of memory, decision 044).
let inr: Intl.NumberFormat | undefined;
/** ₹1,23,456.50; a negative amount as Intl's own INR style writes it: -₹5.00 (not ₹-5.00). */
export function formatRupees(rupees: number): string {
  inr ??= new Intl.NumberFormat('en-IN', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    numberingSystem: 'latn',
  });
  return `${rupees < 0 ? '-' : ''}₹${inr.format(Math.abs(rupees))}`;
}

/**
 * A whole number with Indian grouping and Latin digits, as `n.toLocaleString('en-IN')` writes it (5,000; 1,00,000),
 * without Intl: for labels made when a module loads, so that loading them does not load ICU (decision 044).
 */
export function formatCount(n: number): string {
  const digits = String(Math.trunc(Math.abs(n)));
  const last3 = digits.slice(-3);
  const rest = digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',');
  return `${n < 0 ? '-' : ''}${rest ? `${rest},` : ''}${last3}`;
}
export function formatPaise(paise: number): string {
  return formatRupees(paiseToRupees(paise));
}
