/** Money is integer paise inside; the API speaks rupees with two decimals, as the spec does. */
export function paiseToRupees(paise: number): number {
  return Math.round(paise) / 100;
}
export function rupeesToPaise(rupees: number): number {
  return Math.round(rupees * 100);
}
const inr = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** ₹1,234.50 */
export function formatRupees(rupees: number): string {
  return `₹${inr.format(rupees)}`;
}
export function formatPaise(paise: number): string {
  return formatRupees(paiseToRupees(paise));
}
