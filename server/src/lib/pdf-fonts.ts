import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type Fontkit from '@pdf-lib/fontkit';
import { StandardFonts, type PDFDocument, type PDFFont } from 'pdf-lib';

/**
 * Fonts of the PDFs the server writes (the ticket sheet, the GST bill). Names and addresses may be in Telugu or Hindi:
 * the Noto fonts (Debian's fonts-noto-core) are used when present, shaped by fontkit; without them a page falls back
 * to Helvetica and shows '?' for what it cannot draw.
 */
const requireCjs = createRequire(import.meta.url);

const FONT_DIRS = ['/usr/share/fonts/truetype/noto', '/usr/share/fonts/noto', '/usr/local/share/fonts/noto'];
type Script = 'latin' | 'telugu' | 'devanagari';
const FONT_FILES: Record<Script, [string, string]> = {
  latin: ['NotoSans-Regular.ttf', 'NotoSans-Bold.ttf'],
  telugu: ['NotoSansTelugu-Regular.ttf', 'NotoSansTelugu-Bold.ttf'],
  devanagari: ['NotoSansDevanagari-Regular.ttf', 'NotoSansDevanagari-Bold.ttf'],
};
let fontBytes: Map<string, Buffer | null> | undefined;
function readFont(file: string): Buffer | null {
  fontBytes ??= new Map();
  if (!fontBytes.has(file)) {
    const dir = FONT_DIRS.find((d) => fs.existsSync(path.join(d, file)));
    fontBytes.set(file, dir ? fs.readFileSync(path.join(dir, file)) : null);
  }
  return fontBytes.get(file)!;
}

function scriptOf(cp: number): Script | null {
  if (cp >= 0x0c00 && cp <= 0x0c7f) return 'telugu';
  if ((cp >= 0x0900 && cp <= 0x097f) || (cp >= 0xa8e0 && cp <= 0xa8ff)) return 'devanagari';
  // Joiners, spaces and marks go with the text around them.
  if (cp === 0x200c || cp === 0x200d || cp === 0x20 || (cp >= 0x0300 && cp <= 0x036f)) return null;
  return 'latin';
}

/** Characters each font file can draw, read once per process (reading a cmap takes ~100 ms). */
const charsetCache = new Map<string, Set<number>>();

export class Fonts {
  private cache = new Map<string, PDFFont>();
  private sources = new Map<PDFFont, string>();
  /** `embedded: false`: Helvetica only (a document whose text is all plain Latin: no font to parse and subset). */
  constructor(
    private doc: PDFDocument,
    private readonly opts: { embedded?: boolean } = {},
  ) {}

  async font(script: Script, bold: boolean): Promise<PDFFont> {
    const key = `${script}-${bold}`;
    let font = this.cache.get(key);
    if (!font) {
      const file = FONT_FILES[script][bold ? 1 : 0];
      const bytes = this.opts.embedded === false ? null : readFont(file);
      font = bytes
        ? await this.doc.embedFont(bytes, { subset: true })
        : script === 'latin'
          ? await this.doc.embedFont(bold ? StandardFonts.HelveticaBold : StandardFonts.Helvetica)
          : await this.font('latin', bold);
      if (bytes) this.sources.set(font, file);
      else if (script === 'latin') this.sources.set(font, bold ? 'Helvetica-Bold' : 'Helvetica');
      this.cache.set(key, font);
    }
    return font;
  }

  /** Whether this machine has the script's own font (without it, its letters print as '?'). */
  async canDraw(script: Script): Promise<boolean> {
    return readFont(FONT_FILES[script][0]) !== null;
  }

  has(font: PDFFont, cp: number): boolean {
    const source = this.sources.get(font)!;
    let set = charsetCache.get(source);
    if (!set) charsetCache.set(source, (set = new Set(font.getCharacterSet())));
    return set.has(cp);
  }

  /** The text cut into runs of one font each; characters no font has become '?' (₹ becomes 'Rs.'). */
  async runs(text: string, bold: boolean): Promise<Array<{ text: string; font: PDFFont }>> {
    const out: Array<{ text: string; font: PDFFont }> = [];
    let script: Script = 'latin';
    for (const ch of text.replace(/[\u0000-\u001f\u007f]/g, ' ')) {
      const cp = ch.codePointAt(0)!;
      script = scriptOf(cp) ?? script;
      const font = await this.font(script, bold);
      let piece = ch;
      if (!this.has(font, cp)) piece = cp === 0x20b9 ? 'Rs.' : this.has(font, 0x3f) ? '?' : '';
      const last = out[out.length - 1];
      if (last && last.font === font) last.text += piece;
      else if (piece) out.push({ text: piece, font });
    }
    return out;
  }
}

/**
 * fontkit, loaded the first time a ticket or a bill is drawn: its 2.7 MB bundle stays out of the idle server (the
 * bench's memory rows). fontkit parses a font's tables again for every document (~150 ms for Noto Sans); the parsed
 * font is only read afterwards (each embedding makes its own subset), so one parse per font file serves every ticket.
 */
let fontkitLoaded: Promise<typeof Fontkit> | undefined;
export function cachingFontkit(): Promise<typeof Fontkit> {
  fontkitLoaded ??= (async () => {
    // pdf-lib's fontkit shapes Indic scripts with a state machine built by regenerator; it expects the runtime global.
    (globalThis as { regeneratorRuntime?: unknown }).regeneratorRuntime ??= requireCjs('regenerator-runtime');
    const fontkit = ((await import('@pdf-lib/fontkit')) as { default: typeof Fontkit }).default;
    const parsedFonts = new WeakMap<Uint8Array, unknown>();
    return {
      ...fontkit,
      create(bytes: Uint8Array, postscriptName?: string) {
        let font = parsedFonts.get(bytes);
        if (!font) parsedFonts.set(bytes, (font = fontkit.create(bytes, postscriptName)));
        return font;
      },
    } as typeof Fontkit;
  })();
  return fontkitLoaded;
}
