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
  /** The spec's form: status code, colon and space, then the body text. */
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

export async function api<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const url = new URL(path, window.location.origin);
  for (const [k, v] of Object.entries(opts.query ?? {})) if (v !== undefined && v !== null && v !== '') url.searchParams.set(k, String(v));
  const isForm = typeof FormData !== 'undefined' && opts.body instanceof FormData;
  let res: Response;
  try {
    res = await fetch(url.pathname + url.search, {
      method: opts.method ?? (opts.body ? 'POST' : 'GET'),
      credentials: 'same-origin',
      headers: opts.body && !isForm ? { 'content-type': 'application/json', accept: 'application/json' } : { accept: 'application/json' },
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
    const body = (data && typeof data === 'object' ? data : {}) as { message?: string; code?: string; fields?: Record<string, string> };
    const message = body.message || (typeof data === 'string' && data) || res.statusText || commonText('requestFailed');
    throw new ApiError(res.status, message, body.code, body.fields);
  }
  return data as T;
}

export function errorMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiError && err.message) return localizeMessage(err.message);
  return fallback;
}
