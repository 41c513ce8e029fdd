import { z } from 'zod';
import { notFound } from '../plugins/errors.ts';

/** A row id in a URL: a positive 32-bit integer. */
export const idParamSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** The `:id` of a route; anything else is "<what> not found" (404), never a 400 or 500. */
export function idParam(params: unknown, what = 'Not found'): number {
  const r = idParamSchema.safeParse(params);
  if (!r.success) throw notFound(what === 'Not found' ? what : `${what} not found`);
  return r.data.id;
}
