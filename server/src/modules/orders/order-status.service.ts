import { SETTABLE_STATUSES, statusesFor, type SettableStatus } from '@shop/shared/common/status';
import type { AppContext } from '../../context.ts';
import { transitionOrder } from './order-transition.ts';
import { AppError, badRequest, notFound } from '../../plugins/errors.ts';

export interface StatusActor {
  kind: 'staff' | 'admin';
  id: number;
  name: string;
}

/**
 * The admin and staff set any status (no sequence is enforced), except that delivery orders never become
 * 'collected' and pickup orders never 'delivered'. Drafts awaiting payment are not theirs to touch.
 * The change goes through transitionOrder (event row, cache, live event, listeners).
 */
export async function changeOrderStatus(ctx: AppContext, orderId: number, toStatus: unknown, actor: StatusActor) {
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
          current.deliveryType === 'pickup' ? 'A shop pickup order is collected, not delivered.' : 'A home delivery order is delivered, not collected.',
        );
      }
    },
  });
  if (!order) throw notFound('Order not found');
  return order;
}

/** A staff or admin download (or print) of an unvisited order marks it visited; true when this call did. */
export async function markOrderVisited(ctx: AppContext, orderId: number, actor: StatusActor): Promise<boolean> {
  return (await transitionOrder(ctx, { where: { id: orderId }, from: ['unvisited'], to: 'visited', actor })).changed;
}
