import { indianMobileE164 } from '@shop/shared/common/mobile';
import type { AppContext } from '../../../context.ts';
import { orderWhatsappOptIns } from '../../../db/schema/index.ts';

/**
 * Records the checkout's "Send me order updates on WhatsApp" tick for an order: the number in E.164 and the time of
 * consent (decision 022). Recorded whether or not the shop has WhatsApp on yet; a number that is not an Indian mobile
 * number records nothing. The same order placed again keeps its first consent.
 */
export async function recordWhatsAppOptIn(ctx: AppContext, orderId: number, mobile: string): Promise<boolean> {
  const phoneE164 = indianMobileE164(mobile);
  if (!phoneE164) return false;
  await ctx.db.insert(orderWhatsappOptIns).values({ orderId, phoneE164 }).onConflictDoNothing();
  return true;
}
