import { z } from 'zod';
import { defineRoute } from '../common/contract.ts';
import { DEFAULT_PRINT_SPEEDS } from '../orders/due-time.ts';

/**
 * How fast the shop's printer of each role works, for the promised ready time (decision 039): pages a minute
 * (a side counted as a page), PVC cards a minute. The defaults are in orders/due-time.ts.
 */
export const PRINT_SPEED_MAX = 300;
export const PRINT_SPEED_MESSAGE = `Type a whole number from 1 to ${PRINT_SPEED_MAX}`;
const speed = z
  .number({ error: PRINT_SPEED_MESSAGE })
  .int(PRINT_SPEED_MESSAGE)
  .min(1, PRINT_SPEED_MESSAGE)
  .max(PRINT_SPEED_MAX, PRINT_SPEED_MESSAGE);

export const printSpeedsSchema = z
  .object({ bw_a4: speed, color_a4: speed, a3: speed, pvc: speed })
  .meta({ id: 'PrintSpeeds' });
export type PrintSpeeds = z.infer<typeof printSpeedsSchema>;
export { DEFAULT_PRINT_SPEEDS };

const tags = ['printing'] as const;

export const printSpeedRoutes = {
  get: defineRoute('GET', '/api/admin/print/speeds', {
    summary: 'How fast each kind of printer works',
    description: 'Admin only. Pages a minute per printer role (PVC: cards a minute); the defaults where none was set.',
    tags,
    response: { 200: printSpeedsSchema },
  }),
  set: defineRoute('PUT', '/api/admin/print/speeds', {
    summary: 'Set how fast each kind of printer works',
    description:
      'Admin only. Every role, 1 to 300. Orders paid from now on are promised at these speeds. Answers the speeds.',
    tags,
    body: printSpeedsSchema,
    response: { 200: printSpeedsSchema },
  }),
};
