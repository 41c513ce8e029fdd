import { describe, expect, it } from 'vitest';
import { backOfficeStatusLabel, customerStatusLabel, trackingSteps } from './status.ts';

describe("the customers' words for an order", () => {
  it('follow the tracking steps, by delivery type', () => {
    expect(trackingSteps('pickup')).toEqual(['Order Placed', 'Viewed', 'Printing', 'Ready for pickup', 'Collected']);
    expect(trackingSteps('delivery')).toEqual(['Order Placed', 'Viewed', 'Printing', 'Out for delivery', 'Delivered']);
    expect(customerStatusLabel('unvisited', 'pickup')).toBe('Order Placed');
    expect(customerStatusLabel('pending_payment')).toBe('Awaiting payment');
    expect(customerStatusLabel('delivered', 'pickup')).toBe('Collected');
  });
  it('never say "Pending" for a paid order; staff keep the back-office words', () => {
    for (const s of ['unvisited', 'visited', 'processing', 'completed', 'collected', 'delivered']) {
      expect(customerStatusLabel(s, 'pickup')).not.toMatch(/pending/i);
      expect(customerStatusLabel(s, 'delivery')).not.toMatch(/pending/i);
    }
    expect(backOfficeStatusLabel('unvisited')).toBe('Unvisited');
    expect(backOfficeStatusLabel('completed', 'pickup')).toBe('Completed');
  });
});
