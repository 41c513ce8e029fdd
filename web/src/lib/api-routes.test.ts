import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// The typed client (docs/decisions/046-typed-web-client.md) covers every call only if it knows every contract and
// no page builds an API address by hand; `npm run typecheck` checks the calls themselves.
const root = path.resolve(import.meta.dirname, '../../..');
const webSrc = path.join(root, 'web/src');

function filesUnder(dir: string, ext: RegExp): string[] {
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true }).flatMap((e) => {
    const file = path.join(e.parentPath, e.name);
    // import-boundaries.test.ts writes probe files (with raw fetches on purpose) under web/src while it runs.
    if (file.includes('__boundary_probe')) return [];
    return e.isFile() && ext.test(e.name) ? [file] : [];
  });
}

/** Every string in a file that starts like an address of the API, with its line. */
function apiAddresses(file: string, text = fs.readFileSync(file, 'utf8')): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node)) &&
      /^\/(api|downloads)\//.test(node.text)
    ) {
      const { line } = source.getLineAndCharacterOfPosition(node.getStart());
      found.push(`${path.relative(root, file)}:${line + 1} ${node.text}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('the typed client covers the API', () => {
  it('knows every group of route contracts in shared', () => {
    const groups = filesUnder(path.join(root, 'shared/src'), /\.ts$/).flatMap((f) =>
      [...fs.readFileSync(f, 'utf8').matchAll(/^export const (\w+Routes) = /gm)].map((m) => m[1]!),
    );
    expect(groups.length).toBeGreaterThan(20);
    const registry = fs.readFileSync(path.join(webSrc, 'lib/api-routes.ts'), 'utf8');
    expect(groups.filter((g) => !registry.includes(`typeof ${g}`))).toEqual([]);
  });

  it('leaves no API address written by hand in web/src (a route key goes to call, callPage or routeUrl)', () => {
    const sources = filesUnder(webSrc, /\.tsx?$/).filter((f) => !/\.(test|type-test)\.tsx?$/.test(f));
    expect(sources.length).toBeGreaterThan(100);
    expect(sources.flatMap((f) => apiAddresses(f))).toEqual([]);
  });

  it('finds an address written by hand, in a string, a template or a JSX attribute', () => {
    const probe =
      'const a = fetch(\'/api/orders/user\');\nconst b = `/api/orders/${a}/file`;\nconst c = <img src="/api/pdf/x/pages/1" />;\n';
    expect(apiAddresses(path.join(webSrc, 'probe.tsx'), probe)).toEqual([
      'web/src/probe.tsx:1 /api/orders/user',
      'web/src/probe.tsx:2 /api/orders/',
      'web/src/probe.tsx:3 /api/pdf/x/pages/1',
    ]);
  });
});
