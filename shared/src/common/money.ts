/** Money is integer paise inside; the API speaks rupees with two decimals, as the spec does. */
export function paiseToRupees(paise: number): number {
  return Math.round(paise) / 100;
}
export function rupeesToPaise(rupees: number): number {
  return Math.round(rupees * 100);
}
// Latin digits and lakh grouping in every language (Telugu digits lose the grouping): docs/decisions/027-telugu.md.
const inr = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2, numberingSystem: 'latn' });
/** ₹1,23,456.50 */
export function formatRupees(rupees: number): string {
  return `₹${inr.format(rupees)}`;
}
export function formatPaise(paise: number): string {
  return formatRupees(paiseToRupees(paise));
}
