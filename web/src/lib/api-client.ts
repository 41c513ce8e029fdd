import type { CallAnswer, CallArgs, JsonRouteKey, RouteKey, UrlArgs } from './api-routes';
import { commonText } from './i18n/common';
import { localizeMessage } from './i18n/messages';

export type { CallAnswer, CallBody, CallParams, CallQuery, RouteKey } from './api-routes';

/**
 * The one API client, typed by the route contracts in shared (docs/decisions/046-typed-web-client.md): `call` for a
 * JSON answer, `callPage` (api-page.ts) for a counted list, `routeUrl` for an address the browser opens itself, and
 * `fetchFile` (api-file.ts) for a download told in words when refused. Sessions ride in an HttpOnly cookie
 * (docs/decisions/001-session-cookie.md), so no token is kept in the page. Every failure becomes an ApiError whose
 * `message` is the server's message, `code` its error code and `fields` the validation errors.
 */
export class ApiError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    public readonly code?: string,
    public readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

/**
 * A route's path with its params filled in and its query after it: `routeUrl('GET /api/orders/:ref/invoices/:id/pdf',
 * { params: { ref, id } })`. For what the browser opens itself (a download link, an image, an EventSource); a query
 * value that is undefined, null or empty is left out.
 */
export const routeUrl: <K extends RouteKey>(key: K, ...options: UrlArgs<K>) => string = pathOf;

function pathOf(key: string, options?: { params?: Record<string, unknown>; query?: Record<string, unknown> }) {
  const { params = {}, query = {} } = options ?? {};
  // The types require every param the path names.
  const path = key.split(' ')[1]!.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name])));
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v != null && v !== '') search.set(k, String(v));
  const q = String(search);
  return q ? `${path}?${q}` : path;
}

/**
 * Calls one route by its contract's key, "METHOD /path": `call('GET /api/orders/:ref', { params: { ref } })`. The
 * params, query and body are checked against the contract in shared and the answer is typed by it, so a changed
 * contract fails `npm run typecheck` (docs/decisions/046-typed-web-client.md). A failure throws ApiError.
 */
export async function call<K extends JsonRouteKey>(key: K, ...args: CallArgs<K>): Promise<CallAnswer<K>> {
  return (await request(key, args)).data as CallAnswer<K>;
}

/**
 * What a route answered: its parsed body (JSON when it is JSON, null when empty) and its headers; a failure throws
 * ApiError. `call` and `callPage` (api-page.ts) type it.
 */
export async function request(key: RouteKey, args: unknown[]): Promise<{ data: unknown; headers: Headers }> {
  const { body, signal } = (args[0] ?? {}) as { body?: unknown; signal?: AbortSignal };
  const json = body !== undefined && !(body instanceof FormData);
  let res: Response;
  try {
    // The one place the app asks the server for JSON (the lint rule in .oxlintrc.json keeps it so).
    // oxlint-disable-next-line no-restricted-globals
    res = await fetch(pathOf(key, args[0] as Parameters<typeof pathOf>[1]), {
      method: key.split(' ')[0],
      credentials: 'same-origin',
      headers: json
        ? { 'content-type': 'application/json', accept: 'application/json' }
        : { accept: 'application/json' },
      body: json ? JSON.stringify(body) : (body as FormData | undefined),
      signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, commonText('networkError'), 'network');
  }
  const text = await res.text();
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  }
  if (!res.ok) {
    // The server refuses with `{ message, code, fields? }`; anything else is told by its text or status.
    const refusal = (data && typeof data === 'object' ? data : {}) as {
      message?: string;
      code?: string;
      fields?: Record<string, string>;
    };
    const message =
      refusal.message || (typeof data === 'string' && data) || res.statusText || commonText('requestFailed');
    throw new ApiError(res.status, message, refusal.code, refusal.fields);
  }
  return { data, headers: res.headers };
}

export function errorMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiError && err.message) return localizeMessage(err.message);
  return fallback;
}
