import { SETTABLE_STATUSES, statusesFor, type SettableStatus } from '@shop/shared/common/status';
import { PICKUP_MESSAGES, PICKUP_NOTES } from '@shop/shared/pickup/schemas';
import { transitionOrder, type OrdersContext } from './order-transition.ts';
import { AppError, badRequest, notFound } from '../../plugins/errors.ts';

export interface StatusActor {
  kind: 'staff' | 'admin';
  id: number;
  name: string;
}

/**
 * How a pickup order with a code becomes 'collected' (decision 033): with the code (pickup.service.ts, which has
 * checked it), or by the admin with a reason that goes on the timeline. Anything else is refused.
 */
export type Handover = { withCode: true } | { reason?: string };

/**
 * The admin and staff set any status (no sequence is enforced), except that delivery orders never become
 * 'collected' and pickup orders never 'delivered', and a pickup order with a pickup code becomes 'collected' only
 * with its code or the admin's reason. Drafts awaiting payment are not theirs to touch.
 * The change goes through transitionOrder (event row, cache, live event, listeners).
 */
export async function changeOrderStatus(
  ctx: OrdersContext,
  orderId: number,
  toStatus: unknown,
  actor: StatusActor,
  handover: Handover = {},
) {
  if (typeof toStatus !== 'string' || !(SETTABLE_STATUSES as readonly string[]).includes(toStatus)) {
    throw badRequest(`Status must be one of: ${SETTABLE_STATUSES.join(', ')}`, { status: 'Choose a valid status' });
  }
  const status = toStatus as SettableStatus;
  const { order } = await transitionOrder(ctx, {
    where: { id: orderId },
    from: SETTABLE_STATUSES,
    to: status,
    actor,
    check: (current) => {
      if (current.status === 'pending_payment') throw notFound('Order not found');
      if (!statusesFor(current.deliveryType).includes(status)) {
        throw new AppError(
          'status_not_allowed',
          400,
          current.deliveryType === 'pickup'
            ? 'A shop pickup order is collected, not delivered.'
            : 'A home delivery order is delivered, not collected.',
        );
      }
      if (!needsHandoverCheck(current, status)) return;
      if ('withCode' in handover) return;
      if (actor.kind !== 'admin') throw new AppError('pickup_code_required', 403, PICKUP_MESSAGES.codeRequired);
      if (!handover.reason)
        throw new AppError('pickup_code_required', 400, PICKUP_MESSAGES.reasonRequired, {
          reason: PICKUP_MESSAGES.reasonRequired,
        });
    },
    note: (current) => {
      if (!needsHandoverCheck(current, status)) return null;
      if ('withCode' in handover) return PICKUP_NOTES.withCode;
      return handover.reason ? PICKUP_NOTES.handedOver(handover.reason) : null;
    },
  });
  if (!order) throw notFound('Order not found');
  return order;
}

/** Becoming 'collected' from another status, as a pickup order that has a code. */
const needsHandoverCheck = (current: { status: string; deliveryType: string; pickupCode: string | null }, to: string) =>
  to === 'collected' && current.status !== 'collected' && current.deliveryType === 'pickup' && !!current.pickupCode;

/** A staff or admin download (or print) of an unvisited order marks it visited; true when this call did. */
export async function markOrderVisited(ctx: OrdersContext, orderId: number, actor: StatusActor): Promise<boolean> {
  return (await transitionOrder(ctx, { where: { id: orderId }, from: ['unvisited'], to: 'visited', actor })).changed;
}
