import { z } from 'zod';
import { defineRoute } from './contract.ts';
import { errorCodeSchema } from './errors.ts';

const tags = ['shop'] as const;

/** GET /api/health: ok/status for anyone; the admin also learns what the shop runs on. */
export const healthSchema = z.object({
  ok: z.boolean(),
  status: z.enum(['ok', 'unavailable']),
  /** 503 only: `unavailable` and what a visitor is told. */
  code: errorCodeSchema.optional(),
  message: z.string().optional(),
  database: z.enum(['pglite', 'postgres']).optional(),
  storage: z.enum(['local', 's3']).optional(),
  mail: z.enum(['outbox', 'smtp']).optional(),
  events: z.enum(['memory', 'postgres']).optional(),
  databaseReachable: z.boolean().optional(),
  /** false while the PostgreSQL events listener is reconnecting. */
  eventsConnected: z.literal(false).optional(),
});
export type Health = z.infer<typeof healthSchema>;

/** The shop's own routes: health for load balancers and monitors, and this API's description. */
export const shopRoutes = {
  health: defineRoute('GET', '/api/health', {
    summary: 'Is the shop up',
    description:
      "`{ ok: true, status: 'ok' }`, or 503 `{ ok: false, status: 'unavailable', code, message }` with `Retry-After: 5` while the database cannot be reached. Only the admin also gets `database, storage, mail, events, databaseReachable` (`eventsConnected: false` while the PostgreSQL events listener is reconnecting).",
    tags,
    response: { 200: healthSchema, 503: healthSchema },
  }),
  docs: defineRoute('GET', '/api/docs', {
    summary: 'This API as an OpenAPI 3.1 document',
    description:
      'Generated from the route contracts in `shared/src/*/routes.ts`; a copy is kept in `docs/openapi.json`, and `docs/api.md` is made from it. Public outside production; in production the admin only (401/403), unless `API_DOCS=public` (decision 033).',
    tags,
    response: {
      200: z.looseObject({
        openapi: z.string(),
        info: z.looseObject({ title: z.string(), version: z.string() }),
        paths: z.record(z.string(), z.unknown()),
      }),
    },
  }),
};
