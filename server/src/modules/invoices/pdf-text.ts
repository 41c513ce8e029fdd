import fs from 'node:fs';
import { createRequire } from 'node:module';
import {
  PDFDict,
  PDFHexString,
  PDFName,
  PDFNumber,
  PDFOperator,
  PDFOperatorNames as Op,
  PDFString,
  type PDFDocument,
  type PDFFont,
  type PDFPage,
  type PDFRef,
  type RGB,
} from 'pdf-lib';
import { cachingFontkit, Fonts } from '../../lib/pdf-fonts.ts';

/**
 * Text on the bill PDF in any of the shop's scripts (docs/decisions/038-telugu-glossary-and-pdf-text.md).
 *
 * Latin text goes through pdf-lib as before (Helvetica, or Noto Sans through fontkit). Telugu and Devanagari are
 * shaped by HarfBuzz (harfbuzzjs, the reference shaper: fontkit drops below-base consonants such as the ట of
 * కస్టమర్ and draws a zero-width non-joiner as a gap) and drawn glyph by glyph at HarfBuzz's positions in a font
 * this module embeds itself (a Type0 / CIDFontType2 font, subset by hb-subset keeping the glyph ids). Each shaped run
 * is a marked-content span whose /ActualText is the text as written, in logical order, ZWNJ and ZWJ included, so
 * pdftotext, search and copy give the words as typed rather than the glyphs' drawing order.
 */
const requireCjs = createRequire(import.meta.url);
type HbModule = typeof import('harfbuzzjs');
type Script = 'latin' | 'telugu' | 'devanagari';

const FONT_DIRS = ['/usr/share/fonts/truetype/noto', '/usr/share/fonts/noto', '/usr/local/share/fonts/noto'];
const SHAPED_FILES: Record<Exclude<Script, 'latin'>, [string, string]> = {
  telugu: ['NotoSansTelugu-Regular.ttf', 'NotoSansTelugu-Bold.ttf'],
  devanagari: ['NotoSansDevanagari-Regular.ttf', 'NotoSansDevanagari-Bold.ttf'],
};

let hbLoaded: Promise<HbModule> | undefined;
const loadHarfBuzz = () => (hbLoaded ??= import('harfbuzzjs') as Promise<HbModule>);

const fileCache = new Map<string, Buffer | null>();
function readFont(file: string): Buffer | null {
  if (!fileCache.has(file)) {
    const dir = FONT_DIRS.find((d) => fs.existsSync(`${d}/${file}`));
    fileCache.set(file, dir ? fs.readFileSync(`${dir}/${file}`) : null);
  }
  return fileCache.get(file)!;
}

function scriptOf(cp: number): Script | null {
  if (cp >= 0x0c00 && cp <= 0x0c7f) return 'telugu';
  if ((cp >= 0x0900 && cp <= 0x097f) || (cp >= 0xa8e0 && cp <= 0xa8ff)) return 'devanagari';
  // Joiners, spaces, dandas and marks go with the text around them.
  if (cp === 0x200c || cp === 0x200d || cp === 0x20 || cp === 0x0964 || cp === 0x0965 || (cp >= 0x0300 && cp <= 0x036f))
    return null;
  return 'latin';
}

/** A run of text in one script, as it will be drawn. */
type Run = { script: Script; text: string };

/** Cuts text into runs of one script each (spaces and joiners stay with the run they are in). */
export function scriptRuns(text: string): Run[] {
  const runs: Run[] = [];
  let current: Script = 'latin';
  for (const ch of text.replace(/[\u0000-\u001f\u007f]/g, ' ')) {
    current = scriptOf(ch.codePointAt(0)!) ?? current;
    const last = runs[runs.length - 1];
    if (last && last.script === current) last.text += ch;
    else runs.push({ script: current, text: ch });
  }
  return runs;
}

interface ShapedGlyph {
  gid: number;
  x: number;
  y: number;
  advance: number;
}

/** One font file shaped by HarfBuzz, embedded once the document's glyphs are known. */
class ShapedFont {
  readonly ref: PDFRef;
  readonly upem: number;
  private readonly hbFont: InstanceType<HbModule['Font']>;
  /** Glyph id → its advance (font units) and the text of the cluster it first drew (the ToUnicode fallback). */
  private readonly used = new Map<number, { advance: number; text: string }>();
  private readonly cache = new Map<string, ShapedGlyph[]>();

  constructor(
    private readonly hb: HbModule,
    readonly bytes: Buffer,
    readonly postscriptName: string,
    doc: PDFDocument,
  ) {
    const face = new hb.Face(new hb.Blob(bytes));
    this.upem = face.upem;
    this.hbFont = new hb.Font(face);
    this.ref = doc.context.nextRef();
  }

  /** Glyphs with positions in font units, from the start of the run. */
  shape(text: string): ShapedGlyph[] {
    const cached = this.cache.get(text);
    if (cached) return cached;
    const buffer = new this.hb.Buffer();
    buffer.addText(text);
    buffer.guessSegmentProperties();
    this.hb.shape(this.hbFont, buffer);
    const infos = buffer.getGlyphInfosAndPositions();
    // Cluster boundaries, to know which characters each glyph belongs to.
    const starts = [...new Set(infos.map((g) => g.cluster))].sort((a, b) => a - b);
    const out: ShapedGlyph[] = [];
    let pen = 0;
    for (const g of infos) {
      const next = starts.find((s) => s > g.cluster) ?? text.length;
      if (!this.used.has(g.codepoint))
        this.used.set(g.codepoint, {
          advance: this.hbFont.glyphHAdvance(g.codepoint),
          text: text.slice(g.cluster, next),
        });
      out.push({ gid: g.codepoint, x: pen + (g.xOffset ?? 0), y: g.yOffset ?? 0, advance: g.xAdvance ?? 0 });
      pen += g.xAdvance ?? 0;
    }
    this.cache.set(text, out);
    return out;
  }

  width(text: string, size: number): number {
    return (this.shape(text).reduce((s, g) => s + g.advance, 0) * size) / this.upem;
  }

  /** Writes the font's objects: the subset font file, its widths and a ToUnicode map for viewers without ActualText. */
  async embed(doc: PDFDocument): Promise<void> {
    const gids = [...this.used.keys()].sort((a, b) => a - b);
    const fontFile = await subsetKeepingGlyphIds(this.bytes, gids);
    const context = doc.context;
    const tag = tagFor(gids);
    const baseName = `${tag}+${this.postscriptName}`;
    const scale = 1000 / this.upem;
    const head = tableView(this.bytes, 'head');
    const hhea = tableView(this.bytes, 'hhea');
    const bbox = head
      ? [head.getInt16(36), head.getInt16(38), head.getInt16(40), head.getInt16(42)].map((v) => Math.round(v * scale))
      : [-500, -500, 1500, 1200];
    const ascent = hhea ? Math.round(hhea.getInt16(4) * scale) : 1000;
    const descent = hhea ? Math.round(hhea.getInt16(6) * scale) : -300;
    const fontFileRef = context.register(context.flateStream(fontFile, { Length1: fontFile.length }));
    const descriptorRef = context.register(
      context.obj({
        Type: 'FontDescriptor',
        FontName: baseName,
        Flags: 4,
        FontBBox: bbox,
        ItalicAngle: 0,
        Ascent: ascent,
        Descent: descent,
        CapHeight: ascent,
        StemV: 80,
        FontFile2: fontFileRef,
      }),
    );
    const widths: Array<PDFNumber | ReturnType<typeof context.obj>> = [];
    for (const gid of gids)
      widths.push(PDFNumber.of(gid), context.obj([Math.round(this.used.get(gid)!.advance * scale)]));
    const cidFontRef = context.register(
      context.obj({
        Type: 'Font',
        Subtype: 'CIDFontType2',
        BaseFont: baseName,
        CIDSystemInfo: { Registry: PDFString.of('Adobe'), Ordering: PDFString.of('Identity'), Supplement: 0 },
        FontDescriptor: descriptorRef,
        W: widths,
        CIDToGIDMap: 'Identity',
      }),
    );
    const toUnicodeRef = context.register(
      context.flateStream(toUnicodeCMap(gids.map((g) => [g, this.used.get(g)!.text] as const))),
    );
    context.assign(
      this.ref,
      context.obj({
        Type: 'Font',
        Subtype: 'Type0',
        BaseFont: baseName,
        Encoding: 'Identity-H',
        DescendantFonts: [cidFontRef],
        ToUnicode: toUnicodeRef,
      }),
    );
  }

  get isUsed(): boolean {
    return this.used.size > 0;
  }
}

/** Six capital letters from the glyph set, as PDF subset font names carry (ABCDEF+Name). */
function tagFor(gids: number[]): string {
  let h = 2166136261;
  for (const g of gids) h = Math.imul(h ^ g, 16777619) >>> 0;
  let tag = '';
  for (let i = 0; i < 6; i++) {
    tag += String.fromCharCode(65 + (h % 26));
    h = Math.floor(h / 26) + i * 7919;
  }
  return tag;
}

/** A DataView on one table of a TrueType file, or null. */
function tableView(bytes: Buffer, tag: string): DataView | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const count = view.getUint16(4);
  for (let i = 0; i < count; i++) {
    const rec = 12 + i * 16;
    if (bytes.toString('latin1', rec, rec + 4) === tag)
      return new DataView(bytes.buffer, bytes.byteOffset + view.getUint32(rec + 8), view.getUint32(rec + 12));
  }
  return null;
}

function utf16Hex(text: string): string {
  let hex = '';
  for (let i = 0; i < text.length; i++) hex += text.charCodeAt(i).toString(16).padStart(4, '0');
  return hex;
}

/** A ToUnicode CMap: each glyph to the text of the cluster it first appeared in (ActualText is what extraction uses). */
function toUnicodeCMap(entries: ReadonlyArray<readonly [number, string]>): Uint8Array {
  const lines = entries
    .filter(([, t]) => t.length > 0)
    .map(([g, t]) => `<${g.toString(16).padStart(4, '0')}> <${utf16Hex(t)}>`);
  const chunks: string[] = [];
  for (let i = 0; i < lines.length; i += 100)
    chunks.push(`${Math.min(100, lines.length - i)} beginbfchar\n${lines.slice(i, i + 100).join('\n')}\nendbfchar`);
  const cmap = `/CIDInit /ProcSet findresource begin
12 dict begin
begincmap
/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def
/CMapName /Adobe-Identity-UCS def
/CMapType 2 def
1 begincodespacerange
<0000> <ffff>
endcodespacerange
${chunks.join('\n')}
endcmap
CMapName currentdict /CMap defineresource pop
end
end`;
  return new TextEncoder().encode(cmap);
}

type SubsetExports = {
  memory: { buffer: ArrayBuffer };
  malloc(n: number): number;
  free(p: number): void;
  hb_blob_create(p: number, n: number, mode: number, u: number, d: number): number;
  hb_blob_destroy(b: number): void;
  hb_blob_get_data(b: number, len: number): number;
  hb_blob_get_length(b: number): number;
  hb_face_create(b: number, i: number): number;
  hb_face_destroy(f: number): void;
  hb_face_reference_blob(f: number): number;
  hb_set_add(s: number, v: number): void;
  hb_subset_input_create_or_fail(): number;
  hb_subset_input_destroy(i: number): void;
  hb_subset_input_glyph_set(i: number): number;
  hb_subset_input_set(i: number, which: number): number;
  hb_subset_input_get_flags(i: number): number;
  hb_subset_input_set_flags(i: number, f: number): void;
  hb_subset_or_fail(f: number, i: number): number;
  _initialize(): void;
};
let subsetter: Promise<SubsetExports> | undefined;
const HB_SUBSET_FLAGS_NO_HINTING = 0x1;
const HB_SUBSET_FLAGS_RETAIN_GIDS = 0x2;
const HB_SUBSET_SETS_DROP_TABLE_TAG = 3;
const tagNumber = (t: string) => [...t].reduce((a, c) => (a << 8) + c.charCodeAt(0), 0) >>> 0;

/**
 * The font cut to the glyphs drawn, keeping their ids (so the content stream's glyph ids stay valid), without hinting
 * and without the layout tables a PDF never reads: a bill's Telugu font is some 20 kB instead of 195 kB.
 */
async function subsetKeepingGlyphIds(bytes: Buffer, gids: number[]): Promise<Uint8Array> {
  subsetter ??= (async () => {
    const wasm = await fs.promises.readFile(requireCjs.resolve('harfbuzzjs/dist/harfbuzz-subset.wasm'));
    const wasmApi = (
      globalThis as unknown as {
        WebAssembly: { instantiate(b: Uint8Array): Promise<{ instance: { exports: unknown } }> };
      }
    ).WebAssembly;
    const { instance } = await wasmApi.instantiate(wasm);
    const exports = instance.exports as unknown as SubsetExports;
    // The WASI reactor's start function (named by the module, not by us).
    exports['_initialize']();
    return exports;
  })();
  const hb = await subsetter;
  const ptr = hb.malloc(bytes.length);
  new Uint8Array(hb.memory.buffer).set(bytes, ptr);
  const blob = hb.hb_blob_create(ptr, bytes.length, 2, 0, 0);
  const face = hb.hb_face_create(blob, 0);
  hb.hb_blob_destroy(blob);
  const input = hb.hb_subset_input_create_or_fail();
  try {
    if (!input) throw new Error('hb_subset_input_create_or_fail failed');
    const glyphs = hb.hb_subset_input_glyph_set(input);
    hb.hb_set_add(glyphs, 0);
    for (const g of gids) hb.hb_set_add(glyphs, g);
    const drop = hb.hb_subset_input_set(input, HB_SUBSET_SETS_DROP_TABLE_TAG);
    for (const t of ['GSUB', 'GPOS', 'GDEF', 'BASE', 'JSTF', 'MATH', 'DSIG', 'morx', 'kern'])
      hb.hb_set_add(drop, tagNumber(t));
    hb.hb_subset_input_set_flags(
      input,
      hb.hb_subset_input_get_flags(input) | HB_SUBSET_FLAGS_NO_HINTING | HB_SUBSET_FLAGS_RETAIN_GIDS,
    );
    const subset = hb.hb_subset_or_fail(face, input);
    if (!subset) throw new Error('hb_subset_or_fail failed');
    const out = hb.hb_face_reference_blob(subset);
    const data = hb.hb_blob_get_data(out, 0);
    const length = hb.hb_blob_get_length(out);
    const result = new Uint8Array(hb.memory.buffer).slice(data, data + length);
    hb.hb_blob_destroy(out);
    hb.hb_face_destroy(subset);
    if (length === 0) throw new Error('hb-subset gave an empty font');
    return result;
  } finally {
    if (input) hb.hb_subset_input_destroy(input);
    hb.hb_face_destroy(face);
    hb.free(ptr);
  }
}

/** How a piece of text is drawn: its runs, each with its width at the size. */
type Piece = { run: Run; width: number; font: PDFFont | ShapedFont };

/**
 * The document's text drawer. `embedded: false` draws everything in Helvetica (an all-Latin English bill: nothing to
 * parse or subset); otherwise Noto Sans for Latin, and Noto Sans Telugu / Devanagari shaped by HarfBuzz. Call
 * `finish()` once before saving the document.
 */
export class PdfText {
  private readonly latin: Fonts;
  private readonly shaped = new Map<string, ShapedFont>();
  private readonly fontNames = new Map<PDFPage, Map<ShapedFont, PDFName>>();
  private hb?: HbModule;

  private constructor(
    private readonly doc: PDFDocument,
    private readonly embedded: boolean,
  ) {
    this.latin = new Fonts(doc, { embedded });
  }

  static async create(doc: PDFDocument, opts: { embedded: boolean }): Promise<PdfText> {
    if (opts.embedded) doc.registerFontkit(await cachingFontkit());
    const text = new PdfText(doc, opts.embedded);
    if (opts.embedded) text.hb = await loadHarfBuzz();
    return text;
  }

  /** Whether this machine has the script's font (without it, its letters print as '?'). */
  canDraw(script: Exclude<Script, 'latin'>): boolean {
    return this.embedded && readFont(SHAPED_FILES[script][0]) !== null;
  }

  private shapedFont(script: Exclude<Script, 'latin'>, bold: boolean): ShapedFont | null {
    if (!this.hb || !this.embedded) return null;
    const file = SHAPED_FILES[script][bold ? 1 : 0];
    let font = this.shaped.get(file);
    if (!font) {
      const bytes = readFont(file);
      if (!bytes) return null;
      font = new ShapedFont(this.hb, bytes, file.replace(/\.ttf$/, ''), this.doc);
      this.shaped.set(file, font);
    }
    return font;
  }

  private async pieces(text: string, size: number, bold: boolean): Promise<Piece[]> {
    const out: Piece[] = [];
    for (const run of scriptRuns(text)) {
      const shaped = run.script === 'latin' ? null : this.shapedFont(run.script, bold);
      if (shaped) {
        out.push({ run, width: shaped.width(run.text, size), font: shaped });
        continue;
      }
      // Latin, or a script whose font is missing: pdf-lib's fonts, '?' for what they cannot draw.
      for (const r of await this.latin.runs(run.text, bold))
        out.push({
          run: { script: 'latin', text: r.text },
          width: r.font.widthOfTextAtSize(r.text, size),
          font: r.font,
        });
    }
    return out;
  }

  async width(text: string, size: number, bold = false): Promise<number> {
    return (await this.pieces(text, size, bold)).reduce((s, p) => s + p.width, 0);
  }

  /** Draws the text with its left end at x on the baseline y; returns the x where it ends. */
  async draw(
    page: PDFPage,
    text: string,
    x: number,
    y: number,
    opts: { size: number; bold?: boolean; color: RGB },
  ): Promise<number> {
    let cx = x;
    for (const p of await this.pieces(text, opts.size, !!opts.bold)) {
      if (p.font instanceof ShapedFont) this.drawShaped(page, p.font, p.run.text, cx, y, opts.size, opts.color);
      else page.drawText(p.run.text, { x: cx, y, size: opts.size, font: p.font, color: opts.color });
      cx += p.width;
    }
    return cx;
  }

  private drawShaped(
    page: PDFPage,
    font: ShapedFont,
    text: string,
    x: number,
    y: number,
    size: number,
    color: RGB,
  ): void {
    let names = this.fontNames.get(page);
    if (!names) this.fontNames.set(page, (names = new Map()));
    let name = names.get(font);
    if (!name) names.set(font, (name = page.node.newFontDictionary('HB', font.ref)));
    const k = size / font.upem;
    const ops: PDFOperator[] = [
      // The words as written, in logical order: what extraction, search and copy read (ISO 32000 14.9.4).
      // (pdf-lib's operator arguments do not list dictionaries; it writes any object it is given.)
      PDFOperator.of(Op.BeginMarkedContentSequence, [
        PDFName.of('Span'),
        PDFDict.fromMapWithContext(
          new Map([[PDFName.of('ActualText'), PDFHexString.fromText(text)]]),
          this.doc.context,
        ) as unknown as PDFName,
      ]),
      PDFOperator.of(Op.BeginText),
      PDFOperator.of(Op.NonStrokingColorRgb, [
        PDFNumber.of(color.red),
        PDFNumber.of(color.green),
        PDFNumber.of(color.blue),
      ]),
      PDFOperator.of(Op.SetFontAndSize, [name, PDFNumber.of(size)]),
    ];
    for (const g of font.shape(text)) {
      const gx = Math.round((x + g.x * k) * 1000) / 1000;
      const gy = Math.round((y + g.y * k) * 1000) / 1000;
      ops.push(
        PDFOperator.of(
          Op.SetTextMatrix,
          [1, 0, 0, 1, gx, gy].map((v) => PDFNumber.of(v)),
        ),
        PDFOperator.of(Op.ShowText, [PDFHexString.of(g.gid.toString(16).padStart(4, '0'))]),
      );
    }
    ops.push(PDFOperator.of(Op.EndText), PDFOperator.of(Op.EndMarkedContent));
    page.pushOperators(...ops);
  }

  /** Embeds the shaped fonts (their subsets are known only once everything is drawn). */
  async finish(): Promise<void> {
    for (const font of this.shaped.values()) {
      if (font.isUsed) await font.embed(this.doc);
      else this.doc.context.assign(font.ref, this.doc.context.obj({}));
    }
  }
}
