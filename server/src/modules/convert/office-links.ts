/**
 * Everything in an office file's XML that makes LibreOffice fetch something from outside the file, taken out before
 * LibreOffice sees it (docs/decisions/030). The sandbox (sandbox.ts) is what guarantees that a
 * conversion reaches nothing; this is the layer in front of it, so the customer's file is also clean of the links
 * themselves and a shop that must run without the sandbox is still covered for the known ways in:
 *
 * - OOXML relationships with a TargetMode other than Internal (pictures `a:blip r:link`, linked OLE objects,
 *   attached templates, subdocuments, external workbooks, audio and video): the relationship is removed. Hyperlinks
 *   stay: LibreOffice never fetches them, they only become link annotations, which the PDF reader cleans.
 * - `href` and `src` attributes of any prefix (ODF `xlink:href` on draw:image, text:section-source,
 *   table:table-source, draw:floating-frame, style:background-image…; SVG and VML pictures) whose value leaves the
 *   package (a scheme such as `file:` or `http:`, an absolute or UNC path, `..`): the value is emptied, but for
 *   hyperlinks (`text:a`, `draw:a`).
 * - Word fields that pull content in (INCLUDEPICTURE, INCLUDETEXT, LINK, DDE, DDEAUTO, IMPORT), also when their
 *   instruction is split over several runs: the instruction is emptied and the cached result stays.
 * - Spreadsheet formulas that call out (WEBSERVICE, DDE): the formula is removed and the cached value stays; web
 *   and database queries lose their source; Word's altChunk (a foreign file imported whole) is removed.
 *
 * The XML is handled as latin1 text (byte for byte, so any ASCII-compatible encoding passes through unchanged), and
 * entity references are decoded before anything is judged, so `Ex&#116;ernal` is External. A part with a DOCTYPE
 * (internal entities could spell a value no regex sees) or in an encoding that is not ASCII-compatible is refused
 * by the caller: office applications never write either.
 */

export interface LinkCounts {
  /** Relationships to outside the file removed. */
  relationships: number;
  /** href / src attributes emptied. */
  hrefs: number;
  /** Word fields whose instruction was emptied. */
  fields: number;
  /** Formulas, queries and imported chunks removed. */
  formulas: number;
}

export const noLinks = (): LinkCounts => ({ relationships: 0, hrefs: 0, fields: 0, formulas: 0 });
export const linkTotal = (c: LinkCounts) => c.relationships + c.hrefs + c.fields + c.formulas;

/** A part this module will not judge (its caller refuses the file). */
export class UnsafeXmlError extends Error {}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Text or an attribute value as an XML parser reads it: character and predefined entity references decoded. */
export function decodeXml(s: string): string {
  return s
    .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, '$1')
    .replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (m, ref: string) => {
      if (ref[0] === '#') {
        const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
        return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : '';
      }
      return NAMED[ref.toLowerCase()] ?? m;
    });
}

/**
 * A reference that stays inside the package: a relative part name or a fragment. Anything with a scheme (`file:`,
 * `http:`, `vnd.sun.star.`…, a drive letter), an absolute or UNC path, a parent step or a control character leaves it.
 */
export function isInsidePackage(value: string): boolean {
  const v = decodeXml(value).trim();
  if (v === '' || v.startsWith('#')) return true;
  if (/[\u0000-\u001f\\]/.test(v)) return false;
  if (v.startsWith('/')) return false;
  if (/^[a-z][a-z0-9+.-]*:/i.test(v)) return false;
  const parts = v.split('/');
  let depth = 0;
  for (const p of parts) {
    if (p === '..') depth--;
    else if (p !== '.' && p !== '') depth++;
    if (depth < 0) return false;
  }
  return true;
}

/** Word field instructions that bring in content from outside the document. */
const LINKING_FIELD = /^\s*(INCLUDEPICTURE|INCLUDETEXT|INCLUDE|LINK|DDE|DDEAUTO|IMPORT)\b/i;
/** Spreadsheet functions that fetch from outside (LibreOffice and Excel). */
const FETCHING_FORMULA = /\b(WEBSERVICE|DDE|FILTERXML)\s*\(/i;
const PART_ENCODING_OK = /^(utf-?8|us-ascii|ascii|iso-8859-\d+|windows-125\d|latin1)$/i;

const TAG = /<(\/?)((?:[A-Za-z_][\w.-]*:)?)([A-Za-z_][\w.-]*)((?:\s+[^\s=<>/]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>/g;
const ATTR = /(\s+)([^\s=<>/]+)(\s*=\s*)("[^"]*"|'[^']*')/g;

const localName = (qname: string) => qname.slice(qname.indexOf(':') + 1);

/** Elements removed whole (start tag to matching end tag) when their content calls out. */
const FORMULA_ELEMENTS = new Set(['f', 'formula', 'formula1', 'formula2', 'definedName']);

interface Edit {
  start: number;
  end: number;
  text: string;
}

/**
 * The part's XML with every outside reference taken out, and what was taken; the same string when nothing was.
 * `xml` is the part as latin1 (see above). Throws UnsafeXmlError for a part it will not judge.
 */
export function stripOutsideLinks(xml: string, counts: LinkCounts): string {
  const declared = /^\uFEFF?\s*<\?xml[^>]*encoding\s*=\s*["']([^"']+)["']/.exec(xml);
  if (declared && !PART_ENCODING_OK.test(declared[1]!)) throw new UnsafeXmlError(`encoding ${declared[1]}`);
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) throw new UnsafeXmlError('DOCTYPE');
  const edits: Edit[] = [];
  /** Open Word fields: the instrText elements of each, until its "separate" or "end". */
  const fields: Array<{ instr: Array<{ start: number; end: number; text: string }>; done: boolean }> = [];
  /** An element being removed whole: its local name, nesting depth and where it started. */
  let dropping: { name: string; depth: number; start: number } | null = null;

  const closeField = (field: (typeof fields)[number]) => {
    field.done = true;
    const instruction = field.instr.map((p) => decodeXml(p.text)).join('');
    if (!LINKING_FIELD.test(instruction)) return;
    counts.fields++;
    for (const p of field.instr) edits.push({ start: p.start, end: p.end, text: '' });
  };

  TAG.lastIndex = 0;
  for (let m = TAG.exec(xml); m; m = TAG.exec(xml)) {
    const [whole, closing, prefix = '', name = '', attrs = '', selfClosing] = m;
    const at = m.index;
    if (dropping) {
      if (name === dropping.name && !closing && !selfClosing) dropping.depth++;
      if (name === dropping.name && closing && --dropping.depth === 0) {
        edits.push({ start: dropping.start, end: at + whole.length, text: '' });
        dropping = null;
      }
      continue;
    }
    if (closing) continue;

    // Relationships: only Internal ones stay, and hyperlinks (a click target LibreOffice never fetches; the PDF
    // reader removes links to file shares from the kept copy, decision 010).
    if (name === 'Relationship') {
      const mode = /\sTargetMode\s*=\s*("([^"]*)"|'([^']*)')/.exec(attrs);
      const value = mode ? decodeXml(mode[2] ?? mode[3] ?? '').trim() : 'Internal';
      const type = /\sType\s*=\s*("([^"]*)"|'([^']*)')/.exec(attrs);
      const hyperlink = /\/hyperlink$/.test(type ? decodeXml(type[2] ?? type[3] ?? '').trim() : '');
      if (value !== 'Internal' && !hyperlink) {
        counts.relationships++;
        if (selfClosing) edits.push({ start: at, end: at + whole.length, text: '' });
        else dropping = { name, depth: 1, start: at };
      }
      continue;
    }

    // Whole elements: formulas that call out, Word's imported chunks.
    if (FORMULA_ELEMENTS.has(name) && !selfClosing) {
      const end = xml.indexOf(`</${prefix}${name}>`, at + whole.length);
      const inner = end < 0 ? '' : xml.slice(at + whole.length, end);
      if (FETCHING_FORMULA.test(decodeXml(inner).replace(/<[^>]*>/g, ''))) {
        counts.formulas++;
        edits.push({ start: at, end: end + `</${prefix}${name}>`.length, text: '' });
        TAG.lastIndex = end + `</${prefix}${name}>`.length;
        continue;
      }
    }
    if (name === 'altChunk') {
      counts.formulas++;
      if (selfClosing) edits.push({ start: at, end: at + whole.length, text: '' });
      else dropping = { name, depth: 1, start: at };
      continue;
    }

    // Word fields (complex): begin / separate / end around instrText runs; fields nest, so a stack.
    if (name === 'fldChar') {
      const type = /fldCharType\s*=\s*["']([^"']*)["']/.exec(attrs)?.[1];
      const top = fields[fields.length - 1];
      if (type === 'begin') fields.push({ instr: [], done: false });
      else if (type === 'separate' && top && !top.done) closeField(top);
      else if (type === 'end' && top) {
        if (!top.done) closeField(top);
        fields.pop();
      }
      continue;
    }
    if (name === 'instrText' && !selfClosing) {
      const end = xml.indexOf(`</${prefix}${name}>`, at + whole.length);
      if (end >= 0) {
        const top = fields[fields.length - 1];
        const piece = { start: at + whole.length, end, text: xml.slice(at + whole.length, end) };
        // An instruction outside any open field still reaches LibreOffice's field parser: judged on its own.
        if (top && !top.done) top.instr.push(piece);
        else if (LINKING_FIELD.test(decodeXml(piece.text))) {
          counts.fields++;
          edits.push({ start: piece.start, end: piece.end, text: '' });
        }
        TAG.lastIndex = end;
      }
      continue;
    }

    // Attributes of any element.
    if (!attrs) continue;
    let changed = false;
    const newAttrs = attrs.replace(ATTR, (full, space: string, qname: string, eq: string, quoted: string) => {
      const attr = localName(qname);
      const value = quoted.slice(1, -1);
      const q = quoted[0];
      // A hyperlink's target (ODF text:a, draw:a) is only a click target: it stays.
      if ((attr === 'href' || attr === 'src') && name !== 'a' && !isInsidePackage(value)) {
        counts.hrefs++;
        changed = true;
        return `${space}${qname}${eq}${q}${q}`;
      }
      // fldSimple's instruction; ODF formulas (table:formula, text:formula, text:condition).
      if (
        (attr === 'instr' && LINKING_FIELD.test(decodeXml(value))) ||
        ((attr === 'formula' || attr === 'condition') && FETCHING_FORMULA.test(decodeXml(value)))
      ) {
        if (attr === 'instr') counts.fields++;
        else counts.formulas++;
        changed = true;
        return `${space}${qname}${eq}${q}${q}`;
      }
      // Spreadsheet queries: a web page, a text file or a database to refresh from.
      if (
        (name === 'webPr' && attr === 'url') ||
        (name === 'textPr' && attr === 'sourceFile') ||
        (name === 'dbPr' && attr === 'connection')
      ) {
        if (value.trim() === '') return full;
        counts.formulas++;
        changed = true;
        return `${space}${qname}${eq}${q}${q}`;
      }
      return full;
    });
    if (changed)
      edits.push({ start: at, end: at + whole.length, text: `<${prefix}${name}${newAttrs}${selfClosing ? '/' : ''}>` });
  }
  if (dropping) edits.push({ start: dropping.start, end: xml.length, text: '' });
  for (const f of fields) if (!f.done) closeField(f);
  if (edits.length === 0) return xml;
  edits.sort((a, b) => a.start - b.start);
  let out = '';
  let pos = 0;
  for (const e of edits) {
    if (e.start < pos) continue; // inside an edit already made (an element removed whole)
    out += xml.slice(pos, e.start) + e.text;
    pos = e.end;
  }
  return out + xml.slice(pos);
}

/**
 * Word 97-2003 (.doc) keeps its fields in the text stream as 0x13 <instruction> 0x14 <result> 0x15, in 8-bit or
 * UTF-16 text. The same linking fields are neutralised in place (their keyword overwritten with spaces, so no
 * offset in the file moves); returns how many. A field whose keyword straddles two sectors of the container is
 * not seen here (the sandbox still holds; decision 030).
 */
export function neutraliseDocFields(buf: Buffer): number {
  let count = 0;
  const text = buf.toString('latin1');
  // 8-bit text: 0x13, spaces, the keyword.
  for (const m of text.matchAll(/\x13 *([A-Za-z]{3,14})/g)) {
    if (!DOC_KEYWORDS.has(m[1]!.toUpperCase())) continue;
    buf.fill(0x20, m.index! + m[0].length - m[1]!.length, m.index! + m[0].length);
    count++;
  }
  // UTF-16LE text: 0x13 0x00, (space 0x00)*, the keyword.
  for (const m of text.matchAll(/\x13\x00(?: \x00)*((?:[A-Za-z]\x00){3,14})/g)) {
    if (!DOC_KEYWORDS.has(m[1]!.replace(/\x00/g, '').toUpperCase())) continue;
    const start = m.index! + m[0].length - m[1]!.length;
    for (let i = start; i < m.index! + m[0].length; i += 2) buf[i] = 0x20;
    count++;
  }
  return count;
}

const DOC_KEYWORDS = new Set(['INCLUDEPICTURE', 'INCLUDETEXT', 'INCLUDE', 'LINK', 'DDE', 'DDEAUTO', 'IMPORT']);
