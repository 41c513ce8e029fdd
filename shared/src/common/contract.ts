import { z } from 'zod';

/**
 * One contract per route (docs/decisions/024-route-contracts.md): method, path and the zod schemas of its params,
 * query, body and answers, defined once here. The server registers the route from it (Fastify validates requests
 * with these schemas and checks answers against them), the OpenAPI document at /api/docs is generated from it, and
 * the web app takes its types from it. Refusals are never declared here: every route answers them as an `ApiError`
 * (common/errors.ts), which the server adds to every route.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** An answer that is not JSON (a PDF, an image, CSV, an event stream): its content type, described for the docs. */
export interface ContentAnswer {
  description: string;
  content: Record<string, { schema: z.ZodType }>;
}

export interface RouteSchema {
  /** One line: what the route does. */
  summary: string;
  /** Who may call it, its refusals (status, code, the words it answers) and anything else a caller must know. */
  description?: string;
  /** The business area (the README's "where things live"): groups the routes in the docs. */
  tags: readonly [string];
  params?: z.ZodType;
  querystring?: z.ZodType;
  /** What the body holds; for one Fastify does not parse, see bodyReadByHandler. */
  body?: z.ZodType;
  /** Content types other than JSON the route takes (multipart uploads). */
  consumes?: readonly string[];
  /** The success answers by status code. */
  response: Readonly<Record<number, z.ZodType | ContentAnswer>>;
}

export interface RouteContract<
  M extends HttpMethod = HttpMethod,
  U extends string = string,
  S extends RouteSchema = RouteSchema,
> {
  method: M;
  url: U;
  schema: S;
}

/** Words for people (summary, description, tags) are kept as `string`: only the schemas type the route. */
type Typed<S extends RouteSchema> = Omit<S, 'summary' | 'description' | 'tags'> &
  Pick<RouteSchema, 'summary' | 'description' | 'tags'>;

export function defineRoute<const M extends HttpMethod, const U extends string, const S extends RouteSchema>(
  method: M,
  url: U,
  schema: S,
): RouteContract<M, U, Typed<S>> {
  return { method, url, schema };
}

/** What a route answers with `status` (201, 200…), as the client receives it. */
export type AnswerOf<
  C extends RouteContract,
  Status extends keyof C['schema']['response'] = 200,
> = C['schema']['response'][Status] extends z.ZodType ? z.output<C['schema']['response'][Status]> : never;
/** What a route's body accepts, as the client sends it. */
export type BodyOf<C extends RouteContract> = C['schema']['body'] extends z.ZodType
  ? z.input<C['schema']['body']>
  : never;

/** Routes that take no body (actions such as logout): anything sent is ignored. */
export const noBodySchema = z.object({}).describe('No body (anything sent is ignored).');

/** A `204 No Content` answer. */
export const noContentSchema = z.null().describe('No content.');

/** `{ message }`: an action done, in words for the person who did it. */
export const messageSchema = z.object({ message: z.string() });
export type MessageAnswer = z.infer<typeof messageSchema>;

/** `{ message, id }`: something removed. */
export const deletedSchema = z.object({ message: z.string(), id: z.number().int() });

/** `{ ok: true }`: an acknowledgement for a machine (the print agent). */
export const okSchema = z.object({ ok: z.literal(true) });

const binary = z.string().meta({ format: 'binary' });
/** A file in a multipart body, for the docs. */
export const fileFieldSchema = binary;

/** The mark of a body the route's handler reads and checks itself (an OpenAPI extension, so the docs say why). */
export const BODY_READ_BY_HANDLER = 'x-read-by-handler';
/**
 * A body Fastify cannot check before the handler runs: a multipart upload is streamed to storage as it arrives, and
 * the webhook's signature covers its raw bytes. The schema documents it; the server does not validate it.
 */
export function bodyReadByHandler<S extends z.ZodType>(schema: S, why: string): S {
  return schema.meta({ [BODY_READ_BY_HANDLER]: why }) as S;
}
/** A non-JSON answer of one content type (a PDF, an image, CSV, an event stream). */
export function contentAnswer(contentType: string, description: string): ContentAnswer {
  return { description, content: { [contentType]: { schema: binary } } };
}

/**
 * A row id in a path: a positive 32-bit integer. Anything else is "<what> not found" (404): a path that names
 * nothing, never a 400 (the server answers every failed path parameter with 404 and the first message).
 */
export const rowIdSchema = (notFound: string) =>
  z
    .string({ error: notFound })
    .regex(/^\d{1,10}$/, notFound)
    .transform(Number)
    .pipe(z.number().positive(notFound).max(2_147_483_647, notFound));

/** `:id` params: `idParamsSchema('Order not found')`. */
export const idParamsSchema = (notFound: string) => z.object({ id: rowIdSchema(notFound) });
