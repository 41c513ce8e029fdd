/** Words of the counter card's due time and walk-in marks (docs/decisions/025-walk-in-orders.md), one place. */
export const CARD_TEXTS = {
  due: (when: string) => `Due ${when}`,
  tomorrow: 'tomorrow',
  overdue: (late: string, when: string) => `Overdue ${late} · due ${when}`,
  late: (minutes: number) => {
    if (minutes < 60) return `${minutes} min`;
    if (minutes < 24 * 60) return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
    const days = Math.floor(minutes / (24 * 60));
    return `${days} ${days === 1 ? 'day' : 'days'}`;
  },
  dueTitle: 'The time promised to the customer: from the work in the order and the shop’s hours',
  waiting: 'Customer waiting',
  walkIn: (method: string) => (method === 'upi_counter' ? 'Walk-in · UPI' : method === 'cash' ? 'Walk-in · Cash' : 'Walk-in'),
  paidAt: (method: string) => (method === 'cash' ? 'paid in cash' : method === 'upi_counter' ? 'paid by UPI at the counter' : 'paid'),
} as const;
