import fs from 'node:fs';
import { SourceMap } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Stack traces of the production bundle (server/dist) in the TypeScript sources' lines, as `--enable-source-maps`
 * gives them, with each source map read the first time a stack passes through its file. Node's flag reads and keeps
 * the source map of every module that has one as it loads (the bundle's and node_modules' alike): about 8 MB of
 * memory a shop at rest never uses (decision 044). Frames outside server/dist are left as they are.
 */

/** server/dist, whether this module sits in server.js or in one of its chunks. */
const here = path.dirname(fileURLToPath(import.meta.url));
const DIST = path.basename(here) === 'chunks' ? path.dirname(here) : here;

const maps = new Map<string, SourceMap | null>();

function mapOf(file: string): SourceMap | null {
  let map = maps.get(file);
  if (map === undefined) {
    try {
      map = new SourceMap(JSON.parse(fs.readFileSync(`${file}.map`, 'utf8')));
    } catch {
      map = null;
    }
    maps.set(file, map);
  }
  return map;
}

const FRAME_FILE = /(file:\/\/[^\s()]+?\.js|\/[^\s():]+?\.js):(\d+):(\d+)/g;

/** A stack with the positions in the bundle (`dist`) replaced by the sources' (`src/…/x.ts:line:column`). */
export function mapStack(stack: string, dist = DIST): string {
  return stack.replace(FRAME_FILE, (whole, where: string, line: string, column: string) => {
    const file = where.startsWith('file:') ? fileURLToPath(where) : where;
    if (!file.startsWith(dist + path.sep)) return whole;
    const origin = mapOf(file)?.findOrigin(Number(line), Number(column)) as
      | { fileName?: string; lineNumber?: number; columnNumber?: number }
      | undefined;
    if (!origin?.fileName) return whole;
    return `${path.resolve(path.dirname(file), origin.fileName)}:${origin.lineNumber}:${origin.columnNumber}`;
  });
}

/** Every stack written from now on is mapped (errors logged, uncaught exceptions); installed by server.ts when bundled. */
export function mapBundleStacks() {
  Error.prepareStackTrace = (error, callSites) => {
    let head: string;
    try {
      head = Error.prototype.toString.call(error);
    } catch {
      head = '<error>';
    }
    return mapStack([head, ...callSites.map((site) => `    at ${String(site)}`)].join('\n'));
  };
}
