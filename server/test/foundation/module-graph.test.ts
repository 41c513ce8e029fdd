import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The server's module graph as docs/decisions/045-module-front-doors.md writes it down: lint refuses deep imports and
 * cycles file by file; this reads every import of server/src (dynamic `import()` and type imports included) and holds
 * the modules' arrows to the record's table, so the table, and the README that points to it, stay true.
 */
const root = path.resolve(import.meta.dirname, '../..');
const src = path.join(root, 'src');
const modulesDir = path.join(src, 'modules');
const record = path.resolve(root, '../docs/decisions/045-module-front-doors.md');

/** Platform folders: below every module, they import none. */
const PLATFORM = ['lib', 'config', 'db', 'plugins', 'jobs'];
/** The modules whose types `context.ts` names (they never import it back: the lint's cycle rule sees to that). */
const CONTEXT_USES = ['events', 'mail', 'storage'];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    // Probe files of the lint test (import-boundaries.test.ts) may exist for a moment while it runs.
    if (e.name.startsWith('__boundary_probe')) return [];
    if (e.isDirectory()) return e.name === 'migrations' ? [] : sourceFiles(p);
    return /\.ts$/.test(e.name) && !e.name.endsWith('.d.ts') ? [p] : [];
  });
}

interface Import {
  from: string;
  to: string;
}

/** Every relative import of server/src, resolved to its file. */
function importsOfSource(): Import[] {
  return sourceFiles(src).flatMap((from) => {
    const info = ts.preProcessFile(fs.readFileSync(from, 'utf8'), true, true);
    return info.importedFiles
      .filter((f) => f.fileName.startsWith('.'))
      .map((f) => ({ from, to: path.resolve(path.dirname(from), f.fileName) }));
  });
}

/** `modules/<m>/…` → m; anything else → null. */
function moduleOf(file: string): string | null {
  const rel = path.relative(modulesDir, file).split(path.sep);
  return rel.length > 1 && rel[0] !== '..' ? rel[0]! : null;
}

const rel = (file: string) => path.relative(root, file);

/** The record's table: module → the modules it may use. */
function declaredGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const line of fs.readFileSync(record, 'utf8').split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    const name = /^`([a-z-]+)`$/.exec(cells[1] ?? '')?.[1];
    if (!name || cells.length < 5) continue;
    const uses = [...(cells[3] ?? '').matchAll(/`([a-z-]+)`/g)].map((m) => m[1]!);
    graph.set(name, new Set(uses));
  }
  return graph;
}

const imports = importsOfSource();
const moduleNames = fs
  .readdirSync(modulesDir, { withFileTypes: true })
  .filter((e) => e.isDirectory() && !e.name.startsWith('__boundary_probe'))
  .map((e) => e.name)
  .sort();

describe('the server module graph (docs/decisions/045)', () => {
  it('gives every module a front door, and enters a module from outside only through it', () => {
    for (const m of moduleNames) expect(fs.existsSync(path.join(modulesDir, m, 'index.ts')), m).toBe(true);
    const deep = imports
      .filter(({ from, to }) => moduleOf(to) && moduleOf(to) !== moduleOf(from))
      .filter(({ to }) => to !== path.join(modulesDir, moduleOf(to)!, 'index.ts'))
      .map(({ from, to }) => `${rel(from)} -> ${rel(to)}`);
    expect(deep).toEqual([]);
  });

  it('keeps platform code below every module, and context.ts below all but the services it names', () => {
    const upward = imports
      .filter(({ from }) => PLATFORM.includes(path.relative(src, from).split(path.sep)[0]!))
      .filter(({ to }) => {
        const top = path.relative(src, to).split(path.sep)[0]!;
        // Outside server/src (package.json for the version) is no layer of the server.
        return top !== '..' && !PLATFORM.includes(top);
      })
      .map(({ from, to }) => `${rel(from)} -> ${rel(to)}`);
    expect(upward).toEqual([]);
    const fromContext = imports
      .filter(({ from }) => from === path.join(src, 'context.ts') && moduleOf(from) === null)
      .map(({ to }) => moduleOf(to))
      .filter((m): m is string => m !== null);
    expect(fromContext.filter((m) => !CONTEXT_USES.includes(m))).toEqual([]);
  });

  it('has exactly the arrows between modules that the record allows, and they form no cycle', () => {
    const declared = declaredGraph();
    expect([...declared.keys()].sort()).toEqual(moduleNames);

    const actual = new Map<string, Set<string>>(moduleNames.map((m) => [m, new Set()]));
    for (const { from, to } of imports) {
      const a = moduleOf(from);
      const b = moduleOf(to);
      if (a && b && a !== b) actual.get(a)!.add(b);
    }
    const listed = (g: Map<string, Set<string>>) =>
      [...g].flatMap(([a, bs]) => [...bs].map((b) => `${a} -> ${b}`)).sort();
    // An arrow the code has and the table lacks, or one the table promises and the code no longer has.
    expect(listed(actual)).toEqual(listed(declared));

    // Depth-first: a module met again while its own uses are being walked closes a cycle.
    const state = new Map<string, 'open' | 'done'>();
    const cycles: string[] = [];
    const visit = (m: string, trail: string[]) => {
      if (state.get(m) === 'done') return;
      if (state.get(m) === 'open') {
        cycles.push([...trail.slice(trail.indexOf(m)), m].join(' -> '));
        return;
      }
      state.set(m, 'open');
      for (const next of declared.get(m) ?? []) visit(next, [...trail, m]);
      state.set(m, 'done');
    };
    for (const m of moduleNames) visit(m, []);
    expect(cycles).toEqual([]);
  });
});
