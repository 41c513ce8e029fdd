import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config/env.ts';

/**
 * helmet's response headers for these options, worked out once. helmet builds its middleware anew on every call
 * and @fastify/helmet calls it on every request (re-parsing the whole Content-Security-Policy each time); the
 * headers never change while the shop runs, so they are computed at start and copied onto each reply.
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    failure = err;
  });
  if (failure) throw failure;
  return headers;
}

/** The policy of the web app's pages and files: its own scripts only (never inline), the payment and map frames. */
export function pageSecurityOptions(config: Config): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(config.PAYMENTS_PROVIDER === 'razorpay' ? ['https://checkout.razorpay.com'] : [])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: [
          "'self'",
          ...(config.PAYMENTS_PROVIDER === 'razorpay'
            ? ['https://api.razorpay.com', 'https://lumberjack.razorpay.com']
            : []),
        ],
        frameSrc: [
          "'self'",
          'https://www.google.com',
          'https://maps.google.com',
          ...(config.PAYMENTS_PROVIDER === 'razorpay' ? ['https://api.razorpay.com'] : []),
        ],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        ...(config.publicUrl.startsWith('https://') ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: config.publicUrl.startsWith('https://'),
  };
}

/**
 * The headers of a JSON answer, as OWASP's REST Security Cheat Sheet lists them: nothing in it may run or be framed,
 * and it is never sniffed as something else. (The page policy, with its script and frame sources, is for documents.)
 */
function apiHeaders(page: Record<string, string>): Record<string, string> {
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    'cross-origin-resource-policy': 'same-origin',
    ...(page['strict-transport-security'] ? { 'strict-transport-security': page['strict-transport-security'] } : {}),
  };
}

/** API answers (and downloads) are kept by no cache unless their route says otherwise. */
const isApiPath = (url: string) => url.startsWith('/api/') || url.startsWith('/downloads/');

/**
 * Sends the security headers on every answer: helmet's full set for pages and files, the short API set for JSON.
 * Every API answer without a Cache-Control of its own gets `no-store`: an order, an account or a staff list must
 * not stay in a shared computer's browser cache or a proxy (OWASP REST Security); public routes that may be cached
 * (service images, the catalogue) set their own.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions) {
  const page = securityHeaders(options);
  const api = apiHeaders(page);
  app.addHook('onSend', (request, reply, payload, done) => {
    const type = reply.getHeader('content-type');
    reply.headers(typeof type === 'string' && type.startsWith('application/json') ? api : page);
    if (!reply.hasHeader('cache-control') && isApiPath(request.url)) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}
