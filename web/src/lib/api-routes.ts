/**
 * The API's routes as types, read from their contracts in shared (docs/decisions/046-typed-web-client.md). Only types
 * come from there: a contract object holds its zod schemas, and importing one would put zod and the schemas into the
 * page that calls it (26 KB gzip on the first page for the sign-in routes alone). A route is named by its key,
 * "METHOD /path" exactly as its contract says (`'GET /api/orders/:ref'`); `call` in api-client.ts takes the key and
 * these types check the params, query, body and answer against the contract.
 */
import type { adminPeopleRoutes } from '@shop/shared/auth/admin-routes';
import type { authRoutes } from '@shop/shared/auth/routes';
import type { backupRoutes } from '@shop/shared/backups/routes';
import type { catalogRoutes } from '@shop/shared/catalog/routes';
import type { RouteContract } from '@shop/shared/common/contract';
import type { shopRoutes } from '@shop/shared/common/routes';
import type { liveRoutes } from '@shop/shared/events/routes';
import type { fileManagerRoutes, ownFilesRoutes, pdfRoutes, storageTestRoutes } from '@shop/shared/files/routes';
import type { invoiceRoutes } from '@shop/shared/gst/routes';
import type { backOfficeOrderRoutes } from '@shop/shared/orders/back-office-routes';
import type { orderMessageRoutes } from '@shop/shared/orders/messages';
import type { orderRoutes } from '@shop/shared/orders/routes';
import type { profileRoutes } from '@shop/shared/orders/saved-details';
import type { paymentRoutes } from '@shop/shared/payments/routes';
import type { pickupFindRoutes, pickupRoutes } from '@shop/shared/pickup/schemas';
import type { pricingRoutes } from '@shop/shared/pricing/routes';
import type { agentRoutes, printingRoutes } from '@shop/shared/printing/routes';
import type { printSpeedRoutes } from '@shop/shared/printing/speeds';
import type { refundRoutes } from '@shop/shared/refunds/routes';
import type { reportRoutes } from '@shop/shared/reports/schemas';
import type { walkInRoutes } from '@shop/shared/walk-in/routes';
import type { z } from 'zod';

/** Every group of contracts in shared (api-routes.test.ts fails when shared exports one that is not listed here). */
type Groups =
  | typeof adminPeopleRoutes
  | typeof agentRoutes
  | typeof authRoutes
  | typeof backOfficeOrderRoutes
  | typeof backupRoutes
  | typeof catalogRoutes
  | typeof fileManagerRoutes
  | typeof invoiceRoutes
  | typeof liveRoutes
  | typeof orderMessageRoutes
  | typeof orderRoutes
  | typeof ownFilesRoutes
  | typeof paymentRoutes
  | typeof pdfRoutes
  | typeof pickupFindRoutes
  | typeof pickupRoutes
  | typeof pricingRoutes
  | typeof printingRoutes
  | typeof printSpeedRoutes
  | typeof profileRoutes
  | typeof refundRoutes
  | typeof reportRoutes
  | typeof shopRoutes
  | typeof storageTestRoutes
  | typeof walkInRoutes;

/** A group's contracts; a contract made by a function (create-order takes the configured pincodes) is what it returns. */
type ContractsOf<G> = G extends unknown
  ? { [K in keyof G]: G[K] extends (...args: never[]) => infer C ? C : G[K] }[keyof G]
  : never;
type Contract = Extract<ContractsOf<Groups>, RouteContract>;

/** Every route by its key, "METHOD /path". */
export type Routes = { [C in Contract as `${C['method']} ${C['url']}`]: C };
export type RouteKey = keyof Routes & string;

type Input<S> = S extends z.ZodType ? z.input<S> : never;
type Output<S> = S extends z.ZodType ? z.output<S> : never;
type Schema<K extends RouteKey> = Routes[K]['schema'];
/** One part of a route's schema (`params`, `querystring`, `body`), or never when its contract has none. */
type SchemaOf<K extends RouteKey, F extends string> = Schema<K> extends { [P in F]: infer T } ? T : never;

/** `'/api/orders/:ref/documents/:position/file'` → `'ref' | 'position'`. */
type ParamNames<U extends string> = U extends `${string}:${infer P}/${infer Rest}`
  ? P | ParamNames<`/${Rest}`>
  : U extends `${string}:${infer P}`
    ? P
    : never;
/** A param the contract reads from text (an id, an order number) may be given as a number; an enum stays an enum. */
type ParamValue<T> = T extends string ? (string extends T ? string | number : T) : string | number;
type UrlOf<K extends RouteKey> = Routes[K]['url'];
type ParamsInput<K extends RouteKey> = Input<SchemaOf<K, 'params'>>;
/** The params the path needs, by the names in its contract's path. */
export type CallParams<K extends RouteKey> = {
  [P in ParamNames<UrlOf<K>>]: ParamValue<P extends keyof ParamsInput<K> ? ParamsInput<K>[P] : string>;
};

/** What a query string can carry; a field the contract coerces from text (`z.coerce.number()`) takes any of these. */
export type QueryValue = string | number | boolean | null | undefined;
type QueryInput<K extends RouteKey> = Input<SchemaOf<K, 'querystring'>>;
export type CallQuery<K extends RouteKey> = {
  [F in keyof QueryInput<K>]: unknown extends QueryInput<K>[F] ? QueryValue : QueryInput<K>[F];
};

type Consumes<K extends RouteKey> = Schema<K> extends { consumes: readonly (infer T)[] } ? T : 'application/json';
/** The body: the contract's (as the client writes it, before defaults and transforms), or FormData for an upload. */
export type CallBody<K extends RouteKey> =
  | ('multipart/form-data' extends Consumes<K> ? FormData : never)
  | ('application/json' extends Consumes<K> ? Input<SchemaOf<K, 'body'>> : never);

type SuccessStatus = 200 | 201 | 202 | 204;
type Responses<K extends RouteKey> = Schema<K>['response'];
/** What the route answers on success (each 2xx status it declares), as the client reads it. */
export type CallAnswer<K extends RouteKey> = {
  [S in keyof Responses<K>]: S extends SuccessStatus ? Output<Responses<K>[S]> : never;
}[keyof Responses<K>];

/** Routes whose answer is JSON (`call`); the others answer a file or a stream (`routeUrl`). */
export type JsonRouteKey = { [K in RouteKey]: [CallAnswer<K>] extends [never] ? never : K }[RouteKey];
/** Routes a link, an image or an EventSource can open. */
export type GetRouteKey = Extract<RouteKey, `GET ${string}`>;

type Part<Name extends string, T> = [T] extends [never]
  ? { [N in Name]?: never }
  : {} extends T
    ? { [N in Name]?: T }
    : { [N in Name]: T };

/** Whether the route's contract has this part of a request. */
type Has<K extends RouteKey, F extends string> = [SchemaOf<K, F>] extends [never] ? false : true;

/** What `routeUrl(key, options)` takes for this route: its params and query, required when they are. */
export type UrlOptions<K extends RouteKey> = Part<
  'params',
  [ParamNames<UrlOf<K>>] extends [never] ? never : CallParams<K>
> &
  Part<'query', Has<K, 'querystring'> extends true ? CallQuery<K> : never>;
/** What `call(key, options)` takes for this route: only the parts its contract has, required when they are. */
export type CallOptions<K extends RouteKey> = UrlOptions<K> &
  Part<'body', Has<K, 'body'> extends true ? CallBody<K> : never> & { signal?: AbortSignal };

/** The options argument: optional when the route needs none of them. */
export type CallArgs<K extends RouteKey> =
  {} extends CallOptions<K> ? [options?: CallOptions<K>] : [options: CallOptions<K>];
export type UrlArgs<K extends RouteKey> =
  {} extends UrlOptions<K> ? [options?: UrlOptions<K>] : [options: UrlOptions<K>];
