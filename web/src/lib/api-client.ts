import { commonText } from './i18n/common';
import { localizeMessage } from './i18n/messages';

/**
 * The one API client. Sessions ride in an HttpOnly cookie (docs/decisions/001-session-cookie.md), so no token is kept in the page.
 * Every failure becomes an ApiError whose `message` is the server's message and whose `fields` carry validation errors.
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
  /** The message as screens show it: status code, colon and space, then the body text. */
  get detail(): string {
    return `${this.status}: ${this.message}`;
  }
}

type Json = Record<string, unknown> | unknown[];

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: Json | FormData;
  signal?: AbortSignal;
  query?: Record<string, string | number | boolean | undefined | null>;
}

/** What a request answered: its parsed body (JSON when it is JSON) and its headers; a failure throws ApiError. */
async function request(path: string, opts: RequestOptions): Promise<{ data: unknown; headers: Headers }> {
  const url = new URL(path, window.location.origin);
  for (const [k, v] of Object.entries(opts.query ?? {}))
    if (v !== undefined && v !== null && v !== '') url.searchParams.set(k, String(v));
  const isForm = typeof FormData !== 'undefined' && opts.body instanceof FormData;
  let res: Response;
  try {
    res = await fetch(url.pathname + url.search, {
      method: opts.method ?? (opts.body ? 'POST' : 'GET'),
      credentials: 'same-origin',
      headers:
        opts.body && !isForm
          ? { 'content-type': 'application/json', accept: 'application/json' }
          : { accept: 'application/json' },
      body: opts.body ? (isForm ? (opts.body as FormData) : JSON.stringify(opts.body)) : undefined,
      signal: opts.signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(0, commonText('networkError'), 'network');
  }
  const text = await res.text();
  let data: unknown = undefined;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  }
  if (!res.ok) {
    const body = (data && typeof data === 'object' ? data : {}) as {
      message?: string;
      code?: string;
      fields?: Record<string, string>;
    };
    const message = body.message || (typeof data === 'string' && data) || res.statusText || commonText('requestFailed');
    throw new ApiError(res.status, message, body.code, body.fields);
  }
  return { data, headers: res.headers };
}

/** The answer of one API call, typed by the caller from the route's contract in shared. */
export async function api<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  return (await request(path, opts)).data as T;
}

/** One page of a list: its items, the total in `x-total-count`, and `capped` when the server stopped counting ("1,000+"). */
export interface Page<T> {
  items: T[];
  total: number;
  capped: boolean;
}
export async function apiPage<T>(path: string, query: NonNullable<RequestOptions['query']>): Promise<Page<T>> {
  const { data, headers } = await request(path, { query });
  const items = data as T[];
  return {
    items,
    total: Number(headers.get('x-total-count') ?? items.length),
    capped: headers.get('x-total-capped') === 'true',
  };
}

export function errorMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiError && err.message) return localizeMessage(err.message);
  return fallback;
}
