/**
 * npm run docs:api: writes docs/openapi.json (the document GET /api/docs serves) and docs/api.md (made from it) from
 * the route contracts. server/test/foundation/contracts.test.ts fails when either file is stale.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../server/src/app.ts';
import { loadConfig } from '../server/src/config/env.ts';
import { openDatabase } from '../server/src/db/client.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const OPENAPI_FILE = path.join(ROOT, 'docs/openapi.json');
export const API_MD_FILE = path.join(ROOT, 'docs/api.md');

type Schema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  additionalProperties?: Schema | boolean;
};
type Operation = {
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: Array<{ in: string; name: string; required?: boolean }>;
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
};
export interface OpenApiDocument {
  info: { title: string; version: string; description?: string };
  tags?: Array<{ name: string; description?: string }>;
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

/** The document made from the route contracts (a throwaway app on an in-memory database, the default configuration). */
export async function currentOpenApi(): Promise<OpenApiDocument> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-api-docs-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    RECONCILE_INTERVAL_SECONDS: '0',
    CLEANUP_INTERVAL_MINUTES: '0',
  });
  const database = await openDatabase({});
  const app = await buildApp({ config, database, seed: false, serveWeb: false, describeApi: true });
  try {
    await app.ready();
    return JSON.parse(JSON.stringify(app.swagger())) as OpenApiDocument;
  } finally {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const refName = (ref: string) => ref.split('/').pop()!;

/** A shape in a few words: its name, or its first-level fields (`?` when optional). */
function shape(s: Schema | undefined): string {
  if (!s) return '–';
  if (s.$ref) return refName(s.$ref);
  const union = s.anyOf ?? s.oneOf;
  if (union) return union.map(shape).join(' | ');
  if (s.const !== undefined) return JSON.stringify(s.const);
  if (s.enum) return s.enum.map((v) => JSON.stringify(v)).join(' | ');
  if (s.type === 'array') return `${shape(s.items)}[]`;
  if (s.properties && Object.keys(s.properties).length) {
    const required = new Set(s.required ?? []);
    return `{ ${Object.keys(s.properties)
      .map((k) => (required.has(k) ? k : `${k}?`))
      .join(', ')} }`;
  }
  if (typeof s.additionalProperties === 'object') return `{ [key]: ${shape(s.additionalProperties)} }`;
  return [s.type].flat().filter(Boolean).join(' | ') || 'any';
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n+/g, ' ');

function sends(op: Operation): string {
  const parts: string[] = [];
  const query = (op.parameters ?? []).filter((p) => p.in === 'query');
  if (query.length) parts.push(`\`?${query.map((p) => p.name).join('&')}\``);
  const bodies = new Map<string, string[]>();
  for (const [type, { schema }] of Object.entries(op.requestBody?.content ?? {})) {
    if (!schema.properties || Object.keys(schema.properties).length)
      bodies.set(shape(schema), [...(bodies.get(shape(schema)) ?? []), type]);
  }
  for (const [fields, types] of bodies)
    parts.push(types.join() === 'application/json' ? fields : `${fields} (${types.join(' or ')})`);
  return parts.join('; ') || '–';
}

function answers(op: Operation): string {
  return Object.entries(op.responses)
    .filter(([status]) => /^2/.test(status))
    .map(([status, r]) => {
      const [type, content] = Object.entries(r.content ?? {})[0] ?? [];
      const what = !type ? 'no content' : type === 'application/json' ? shape(content!.schema) : `\`${type}\``;
      return `${status} ${what}`;
    })
    .join('; ');
}

/** Each named shape's fields; one that holds all of another's fields is shown as that one plus the rest. */
function namedShapes(schemas: Record<string, Schema>): string[] {
  const fields = (s: Schema) => Object.keys(s.properties ?? {});
  return Object.entries(schemas).map(([name, s]) => {
    const own = fields(s);
    const base = Object.entries(schemas)
      .filter(
        ([other, o]) =>
          other !== name &&
          fields(o).length > 1 &&
          fields(o).length < own.length &&
          fields(o).every((f) => own.includes(f)),
      )
      .sort(([, a], [, b]) => fields(b).length - fields(a).length)[0];
    if (!base) return `- **${name}** ${cell(shape(s))}`;
    const rest = own.filter((f) => !fields(base[1]).includes(f));
    return `- **${name}** ${base[0]} + ${cell(shape({ ...s, properties: Object.fromEntries(rest.map((f) => [f, s.properties![f]!])) }))}`;
  });
}

/** docs/api.md: the rules, the named shapes, then each area's routes. */
export function apiMarkdown(doc: OpenApiDocument): string {
  const out = [
    '# API contract (server ⇄ web)',
    '',
    '<!-- Made by `npm run docs:api` from the route contracts in shared/src/*/routes.ts: do not edit by hand. -->',
    'The same as an OpenAPI 3.1 document: `GET /api/docs` on a running shop, and [`openapi.json`](openapi.json) here.',
    '',
    doc.info.description ?? '',
    '',
    '## Shapes',
    '',
    ...namedShapes(doc.components?.schemas ?? {}),
  ];
  for (const tag of doc.tags ?? []) {
    out.push('', `## ${tag.name}`, '', tag.description ?? '', '', '| Call | Sends | Answers | |', '|---|---|---|---|');
    for (const [url, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        if (op.tags?.[0] !== tag.name) continue;
        const about = [op.summary, op.description].filter(Boolean).join('. ');
        out.push(`| ${method.toUpperCase()} ${url} | ${cell(sends(op))} | ${cell(answers(op))} | ${cell(about)} |`);
      }
    }
  }
  return `${out.join('\n')}\n`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const doc = await currentOpenApi();
  fs.writeFileSync(OPENAPI_FILE, `${JSON.stringify(doc, null, 1)}\n`);
  fs.writeFileSync(API_MD_FILE, apiMarkdown(doc));
  console.log(
    `wrote ${path.relative(ROOT, OPENAPI_FILE)} (${Object.keys(doc.paths).length} paths) and ${path.relative(ROOT, API_MD_FILE)}`,
  );
}
