import { compileMessage } from '@lingui/message-utils/compileMessage';
import { parseAst, type Plugin } from 'vite';

/**
 * The message catalogues: `en.ts` and `te.ts` in an `i18n/` folder or one folder below it (`features/orders/i18n/`,
 * `lib/i18n/common/`), anywhere in the web app (docs/decisions/027-telugu.md).
 */
export const CATALOGUE_FILE = /[\\/]i18n[\\/](?:[\w-]+[\\/])?(en|te)\.ts$/;

interface Node {
  type: string;
  start: number;
  end: number;
  [k: string]: unknown;
}

/**
 * Compiles a catalogue's ICU messages when it is built, as Lingui's own tools do for theirs: the page then carries
 * Lingui's small runtime without its message parser (about 7 KB gzip less). Each message must be a plain string
 * (no expressions), so the catalogue is data a translator can read; anything else stops the build with its key.
 */
export function compileCatalogue(code: string, id: string): string {
  const program = parseAst(code, { lang: 'ts' }) as unknown as { body: Node[] };
  const exported = program.body.find((n) => n.type === 'ExportDefaultDeclaration');
  let object = exported?.declaration as Node | undefined;
  while (
    object &&
    (object.type === 'TSSatisfiesExpression' ||
      object.type === 'TSAsExpression' ||
      object.type === 'ParenthesizedExpression')
  )
    object = object.expression as Node;
  if (!object || object.type !== 'ObjectExpression')
    throw new Error(`${id}: a catalogue's default export must be an object literal of messages`);
  const edits: Array<{ start: number; end: number; text: string }> = [];
  for (const prop of object.properties as Node[]) {
    const key = prop.key as Node & { name?: string; value?: string };
    const name = key?.name ?? key?.value ?? '?';
    const value = prop.value as Node & {
      value?: unknown;
      quasis?: Array<{ value: { cooked: string } }>;
      expressions?: unknown[];
    };
    if (prop.type !== 'Property' || prop.computed) throw new Error(`${id}: '${name}' must be a plain key: value`);
    let message: string;
    if (value.type === 'Literal' && typeof value.value === 'string') message = value.value;
    else if (value.type === 'TemplateLiteral' && value.expressions?.length === 0)
      message = value.quasis![0]!.value.cooked;
    else
      throw new Error(
        `${id}: message '${name}' must be a string literal (whole sentences with {placeholders}, no code)`,
      );
    edits.push({ start: value.start, end: value.end, text: JSON.stringify(compileMessage(message)) });
  }
  let out = code;
  for (const e of edits.sort((a, b) => b.start - a.start)) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return out;
}

export function i18nCompile(): Plugin {
  return {
    name: 'shop:i18n-compile',
    enforce: 'pre',
    transform(code, id) {
      if (!CATALOGUE_FILE.test(id.split('?')[0]!)) return null;
      return { code: compileCatalogue(code, id), map: null };
    },
  };
}
