import { z } from 'zod';
import { defineRoute, contentAnswer } from '../common/contract.ts';

/** What a customer's live stream sends: a status change of one of their own orders, nothing else. */
export const customerOrderEventSchema = z.object({
  type: z.literal('order.status'),
  orderNumber: z.string(),
  status: z.string(),
  at: z.string(),
});
export type CustomerOrderEvent = z.infer<typeof customerOrderEventSchema>;
/** The shop wrote to the customer about one of their orders (the message itself is read from the order). */
export const customerMessageEventSchema = z.object({
  type: z.literal('order.message'),
  orderNumber: z.string(),
  at: z.string(),
});
/** The shop's public catalogue changed (a service added, priced, switched on or off): nothing more is said. */
export const catalogueEventSchema = z.object({ type: z.literal('service.changed'), at: z.string() });
export type CustomerEvent =
  | CustomerOrderEvent
  | z.infer<typeof customerMessageEventSchema>
  | z.infer<typeof catalogueEventSchema>;

const STREAM =
  "Server-Sent Events (`event: <type>`, `data: <JSON>`), a comment every 15 s, `retry: 3000`. A stream answers no schema-checked JSON: it stays open and ends when its session ends (revoked at once on any server copy, expired, idle or deactivated at the next minute's re-check). 429 `too_many_streams` past 5 open per account on one server copy.";

/** Live updates (through PostgreSQL LISTEN/NOTIFY on PostgreSQL, so every server copy sees every event). */
export const liveRoutes = {
  backOffice: defineRoute('GET', '/api/events', {
    summary: 'Live events for the admin and the counter',
    description: `Staff or the admin. \`order.paid\`, \`order.status\`, \`service.changed\`, \`print.job\` \`{ jobId, orderId, state }\`, \`print.agent\` \`{ agentId }\`. ${STREAM}`,
    tags: ['back office'],
    response: { 200: contentAnswer('text/event-stream', 'The event stream.') },
  }),
  customer: defineRoute('GET', '/api/orders/events', {
    summary: "Live status changes of the caller's orders",
    description: `Customer. \`order.status\` \`{ type, orderNumber, status, at }\` and \`order.message\` \`{ type, orderNumber, at }\` of their own orders only; \`service.changed\` \`{ type, at }\` when the catalogue changes. ${STREAM}`,
    tags: ['telling customers'],
    response: { 200: contentAnswer('text/event-stream', 'The event stream.') },
  }),
};
