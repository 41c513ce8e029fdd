import { BODY_READ_BY_HANDLER, type AnswerOf, type RouteContract } from '@shop/shared/common/contract';
import { apiErrorSchema } from '@shop/shared/common/errors';
import type {
  FastifyInstance,
  FastifyReply,
  FastifySchemaCompiler,
  FastifySerializerCompiler,
  FastifyServerOptions,
  RouteOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../config/env.ts';
import { notFound, validationError } from './errors.ts';

/**
 * Routes are registered from their contracts in shared (docs/decisions/024-route-contracts.md). Fastify validates
 * params, query and body with the contract's zod schemas before the handler runs; answers are JSON.stringify'd, and
 * outside production (API_CHECK_ANSWERS) each answer is also checked against its contract (see checkAnswer), so the
 * test suite fails when a route sends what its contract does not say.
 */

/** A failed path parameter names nothing: 404 with the schema's message ("Order not found"). Others: 400. */
const validatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema, httpPart }) => {
  // Multipart and raw bodies are read and checked by their handler (bodyReadByHandler).
  if (z.globalRegistry.get(schema)?.[BODY_READ_BY_HANDLER]) return (data) => ({ value: data });
  return (data) => {
    // A request without a body is checked as `{}`, so its answer names the first missing field.
    const input = httpPart === 'body' ? (data ?? {}) : data;
    const result = schema.safeParse(input);
    if (result.success) return { value: result.data };
    const issues = result.error.issues;
    if (httpPart === 'params') return { error: notFound(issues[0]?.message) };
    return { error: validationError(meantIssues(issues, input)) };
  };
};

/**
 * A body that fits none of a union's shapes (calculate-cost takes one document or `documents`): the issues of the
 * shape it was meant as, i.e. the one for which it lacks no required top-level field; otherwise the last shape's.
 */
function meantIssues(issues: readonly z.core.$ZodIssue[], input: unknown): readonly z.core.$ZodIssue[] {
  const [only] = issues;
  if (issues.length !== 1 || only?.code !== 'invalid_union' || only.errors.length === 0) return issues;
  const given = (key: PropertyKey) => typeof input === 'object' && input !== null && key in input;
  const lacksField = (i: z.core.$ZodIssue) => i.code === 'invalid_type' && i.path.length === 1 && !given(i.path[0]!);
  const meant = only.errors.filter((branch) => !branch.some(lacksField));
  return meant.length === 1 ? meant[0]! : only.errors.at(-1)!;
}

/** Where an answer holds what its contract does not declare (a key the schema would drop), as paths. */
function undeclared(sent: unknown, declared: unknown, path = ''): string[] {
  if (Array.isArray(sent) && Array.isArray(declared))
    return sent.flatMap((v, i) => undeclared(v, declared[i], `${path}[${i}]`));
  if (!sent || typeof sent !== 'object' || !declared || typeof declared !== 'object') return [];
  return Object.entries(sent).flatMap(([k, v]) =>
    k in declared ? undeclared(v, (declared as Record<string, unknown>)[k], `${path}.${k}`) : [`${path}.${k}`],
  );
}

/** The JSON a client receives must parse with the contract's schema and hold nothing it does not declare. */
export function checkAnswer(schema: z.ZodType, json: string, where: string): void {
  const sent: unknown = JSON.parse(json);
  const result = schema.safeParse(sent);
  const problems = result.success
    ? undeclared(sent, result.data).map((p) => `${p || '(answer)'}: not in the contract`)
    : result.error.issues.map((i) => `${i.path.join('.') || '(answer)'}: ${i.message}`);
  if (problems.length)
    throw new Error(`The answer of ${where} breaks its contract: ${problems.slice(0, 5).join('; ')}`);
}

/** Serialises an answer; with `check`, also holds it against its contract. */
export function answerSerializer(schema: z.ZodType, where: string, check: boolean): (data: unknown) => string {
  if (!check) return (data) => JSON.stringify(data);
  return (data) => {
    const json = JSON.stringify(data);
    checkAnswer(schema, json, where);
    return json;
  };
}

/** Every route refuses with an ApiError; the contracts declare only their successes. */
function addErrorAnswers(route: RouteOptions) {
  if (!route.schema?.response) return;
  // A copy: the contract objects are shared by every app built in the process.
  route.schema = {
    ...route.schema,
    response: { '4xx': apiErrorSchema, '5xx': apiErrorSchema, ...(route.schema.response as object) },
  };
}

const serializerCompilerFor =
  (check: boolean): FastifySerializerCompiler<z.ZodType> =>
  ({ schema, method, url, httpStatus }) =>
    answerSerializer(schema, `${method} ${url} (${httpStatus})`, check);

/**
 * Fastify's `schemaController` option: the zod compilers from the start, so Fastify never loads its own (Ajv, and
 * fast-json-stringify's compiler with a second Ajv: about 3 MB of the idle server's memory; decision 048).
 */
export function contractCompilers(config: Pick<Config, 'checkAnswers'>): FastifyServerOptions['schemaController'] {
  const serializerCompiler = serializerCompilerFor(config.checkAnswers);
  const compilersFactory = { buildValidator: () => validatorCompiler, buildSerializer: () => serializerCompiler };
  // Fastify declares these factories with Ajv's compile signature; at run time a factory returns a schema compiler,
  // the same kind of function setValidatorCompiler takes (and these take the contracts' zod schemas).
  return { compilersFactory } as unknown as FastifyServerOptions['schemaController'];
}

export function registerContracts(app: FastifyInstance, config: Pick<Config, 'checkAnswers'>) {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompilerFor(config.checkAnswers));
  app.addHook('onRoute', addErrorAnswers);
}

/** The app typed by the contracts' zod schemas: `typed(app).route({ ...catalogRoutes.list, handler })`. */
export const typed = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();

/**
 * For routes that keep an answer serialised (the catalogue, the order lists): JSON.stringify, checked against the
 * route's contract like every other answer.
 */
export function answerJson<C extends RouteContract>(
  config: Pick<Config, 'checkAnswers'>,
  contract: C,
): (data: AnswerOf<C>) => string {
  const schema = contract.schema.response[200] as z.ZodType;
  return answerSerializer(schema, `${contract.method} ${contract.url} (200)`, config.checkAnswers);
}

/** Sends an answer serialised beforehand by answerJson (Fastify sends a string as it is). */
export function sendJson<R>(reply: R, json: string): R {
  return (reply as unknown as FastifyReply).type('application/json; charset=utf-8').send(json) as unknown as R;
}

/** A `204 No Content` answer (the contract's `noContentSchema`). */
export function sendNoContent<R>(reply: R): R {
  return (reply as unknown as FastifyReply).status(204).send() as unknown as R;
}
