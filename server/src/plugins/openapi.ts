import fs from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { shopRoutes } from '@shop/shared/common/routes';
import type { FastifyInstance } from 'fastify';
import { isBundled } from '../lib/runtime.ts';
import { requireAdmin } from './auth.ts';
import { typed } from './contracts.ts';
import { notFound } from './errors.ts';

/** What holds for every route (the head of docs/api.md). */
const RULES = `The shop's API, between its web app, its print agent and the server. Generated from the route contracts in \`shared/src/*/routes.ts\` (decision 024).

- The original API's calls are at their paths with their names; fields are added, never renamed or dropped. Orders and services use its **snake_case** names.
- Money in API bodies is **rupees with two decimals** (numbers, e.g. \`123.5\`); the database holds paise ([decision 003](decisions/003-rupees-in-api-paise-in-db.md)). The one exception is \`amount\` of a payment order, in paise as Razorpay takes it.
- Every refusal is \`{ message, code, fields? }\` (\`ApiError\`; \`code\` is one of \`shared/src/common/errors.ts\`). A request that does not match its route's schema answers **400** \`validation_error\` with the first message and \`fields\` (each field's first message); a path that names nothing answers **404**. Unknown extra fields in request bodies are ignored, never refused.
- Error answers come in the caller's language ([decision 029](decisions/029-mail-attachments-and-languages.md)): with the \`ps_lang=te\` cookie (the language switch's), or without it an \`Accept-Language\` preferring \`te\`, \`message\` and the \`fields\` messages are in Telugu where the shop has a translation (then \`Content-Language: te\`); \`code\` and every other field are the same in both languages, and English answers are exactly the original API's words.
- While the database cannot be reached, any call answers **503** \`unavailable\` 'The shop is briefly unavailable. Please try again in a moment.' with \`Retry-After: 5\` (never a 500).
- Sessions: login and register set the HttpOnly cookie \`ps_session\` **and** return \`token\`; \`Authorization: Bearer <token>\` works too ([decision 001](decisions/001-session-cookie.md)). A request carried by the cookie that changes something must come from the shop's own pages (403 \`bad_origin\`). Login, staff login, register and a completed password reset also set \`ps_device\` (HttpOnly, SameSite=Strict, path \`/api/auth\`, 180 days): strangers' failed sign-ins do not slow that browser.
- Sign-in calls have per-address ceilings (429 \`rate_limited\`) on top of the sign-in throttle (429 \`too_many_attempts\` 'Too many attempts. Please wait N seconds/minutes and try again.'; [decision 011](decisions/011-sign-in-throttling.md)). Uploads, storage tests, payment orders and quotes have per-account and per-address limits and quotas ([decision 012](decisions/012-quotas-and-clean-up.md)): 429 \`rate_limited\`, \`upload_quota\`, \`draft_quota\` or \`uploads_in_progress\`, with \`Retry-After\` (seconds) and a message saying how long to wait.
- Every \`/api/*\` and \`/downloads/*\` answer without a Cache-Control of its own carries \`Cache-Control: no-store\`.
- Who may call: "public" (anyone), "customer" (a signed-in customer or the admin), "staff" (counter staff or the admin), "admin", "agent" (a print agent's token only). An order's own routes answer 404 for another customer's order.`;

/** The business areas, in the README's order. */
const TAGS = [
  ['shop', 'Health and this description.'],
  ['accounts', "Sign-up, sign-in, sessions, password reset; the admin's account list."],
  ['catalogue', "Services and paper types; the admin's service writes."],
  ['upload & PDF', 'Uploads (PDF, photos, office files made into PDFs), page images, colour pages, the storage test.'],
  ['price', 'The price of one document or an order of several.'],
  [
    'payment & orders',
    "Payment orders, verification, the webhook; the customer's orders, drafts, files and saved details.",
  ],
  ['back office', "The admin's and the counter's order lists, status changes, staff, files, live events."],
  ['printing', "Printers and print jobs (decision 014); the print agent's own routes."],
  ['day report & CSV', "The admin's day report and orders CSV."],
  ['refunds', 'Refunds of paid orders (decision 021).'],
  ['GST invoices', 'Receipts, bills of supply, tax invoices and credit notes (decision 015).'],
  ['telling customers', "The shop's messages about an order."],
  ['pickup codes', "The customer's pickup code; the counter collects with it."],
  ['backups', "The shop's version and its backups (decision 040)."],
] as const;

/** docs/openapi.json: the document GET /api/docs serves, made by `npm run docs:api` (a test fails when it is stale). */
export const OPENAPI_FILE = fileURLToPath(
  new URL(isBundled ? '../../docs/openapi.json' : '../../../docs/openapi.json', import.meta.url),
);

/**
 * Describes every route with a contract as an OpenAPI document (`app.swagger()`), for `npm run docs:api` and the
 * test that keeps docs/openapi.json up to date: @fastify/swagger collects the routes as they are added, so this is
 * registered before them. The running shop does not load it (about 10 MB of memory, decision 044): it serves the
 * committed file.
 */
export async function registerOpenApi(app: FastifyInstance) {
  const [{ default: swagger }, { jsonSchemaTransform, jsonSchemaTransformObject }] = await Promise.all([
    import('@fastify/swagger'),
    import('fastify-type-provider-zod'),
  ]);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Print shop ordering API', version: '1.0.0', description: RULES },
      tags: TAGS.map(([name, description]) => ({ name, description })),
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'ps_session' },
          bearer: { type: 'http', scheme: 'bearer' },
        },
      },
    },
    // Only contract routes: the web app's pages and assets are not API.
    transform: (doc) => (doc.schema?.tags ? jsonSchemaTransform(doc) : { schema: { hide: true }, url: doc.url }),
    transformObject: (doc) => withoutUnusedSchemas(jsonSchemaTransformObject(doc)),
  });
}

/** Every named shape is made twice, as sent and as answered: only those some route uses are kept. */
function withoutUnusedSchemas<D extends object>(document: D): D {
  const doc = document as { components?: { schemas?: Record<string, unknown> } };
  const schemas = doc.components?.schemas ?? {};
  const used = new Set<string>();
  const visit = (value: unknown) =>
    JSON.stringify(value, (key, v) => (key === '$ref' && typeof v === 'string' && used.add(v.split('/').pop()!), v));
  visit({ ...doc, components: { ...doc.components, schemas: {} } });
  for (let grew = true; grew; ) {
    const before = used.size;
    for (const name of [...used]) visit(schemas[name]);
    grew = used.size > before;
  }
  return {
    ...doc,
    components: {
      ...doc.components,
      schemas: Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name))),
    },
  } as D;
}

type OpenApiAnswer = { openapi: string; info: { title: string; version: string }; paths: Record<string, unknown> };

/** GET /api/docs, registered with the other routes: docs/openapi.json, read when asked (it is rarely asked for). */
export function docsRoute(app: FastifyInstance, who: 'public' | 'admin' = 'public') {
  typed(app).route({
    ...shopRoutes.docs,
    // In production the admin only (decision 033): the same document is public in the source, but a live shop need
    // not hand 160 KB and its exact build to every anonymous caller.
    ...(who === 'admin' ? { preValidation: requireAdmin } : {}),
    handler: async () => readOpenApiFile(),
  });
}

async function readOpenApiFile(): Promise<OpenApiAnswer> {
  try {
    return JSON.parse(await fs.readFile(OPENAPI_FILE, 'utf8')) as OpenApiAnswer;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT')
      throw notFound('The API description is not installed with this copy of the shop');
    throw err;
  }
}
