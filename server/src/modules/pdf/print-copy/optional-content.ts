import type * as mupdf from 'mupdf';
import { ContentLexer, Kind } from './content-lexer.ts';
import { tooComplex, type PrintCopyBudget } from './budget.ts';

/**
 * Layers (optional content, PDF 32000-1 §8.11) as a printer should print them, then taken out: the print copy has
 * no layers left, so every viewer, interpreter and printer draws the same page whatever it makes of layers (Ghostscript
 * 10.0 ignores /Usage, /AS, /VE and /OC on XObjects and annotations; mupdf ignores /AS; printers' own PDF interpreters
 * vary). What is hidden when printing is removed; what prints stays, unconditionally.
 *
 * A group's print state: the default configuration's (/D) BaseState, ON and OFF; then its /Usage /Print /PrintState
 * when it has one (the author's "prints: always / never", which Acrobat applies through an /AS print event; applied here
 * with or without that event). A group whose /Intent the configuration does not consider has no effect. A membership
 * dictionary (OCMD) follows its /VE expression, else /P over its /OCGs. Without /OCProperties every layer shows, as the
 * standard and every reader have it.
 */
export class PrintVisibility {
  private readonly states = new Map<number, boolean>();
  private readonly cache = new Map<number, boolean>();
  private configIntents: Set<string> = new Set(['View']);
  /** The catalog has /OCProperties: its layers are resolved and taken out (with no groups listed, all show). */
  readonly active: boolean;
  private readonly groups: boolean;

  constructor(
    private readonly pdf: mupdf.PDFDocument,
    private readonly budget: PrintCopyBudget,
  ) {
    const trailer = pdf.getTrailer();
    const props = trailer.get('Root', 'OCProperties');
    const ocgs = props.isDictionary() ? props.get('OCGs') : null;
    this.active = !props.isNull();
    this.groups = !!ocgs?.isArray() && ocgs.length > 0;
    if (this.groups) this.readDefaultConfig(props, ocgs!);
  }

  private readDefaultConfig(props: mupdf.PDFObject, ocgs: mupdf.PDFObject) {
    const d = props.get('D');
    const base = d.get('BaseState');
    const baseOn = !(base.isName() && base.asName() === 'OFF');
    for (let i = 0; i < ocgs.length; i++) {
      this.budget.spend();
      const g = ocgs.get(i);
      if (g.isIndirect()) this.states.set(g.asIndirect(), baseOn);
    }
    const setAll = (key: string, on: boolean) => {
      const list = d.get(key);
      if (list.isArray())
        for (let i = 0; i < list.length; i++) {
          this.budget.spend();
          const g = list.get(i);
          if (g.isIndirect()) this.states.set(g.asIndirect(), on);
        }
    };
    setAll('ON', true);
    setAll('OFF', false);
    const intent = d.get('Intent');
    if (intent.isName()) this.configIntents = new Set([intent.asName()]);
    else if (intent.isArray()) {
      this.configIntents = new Set();
      for (let i = 0; i < intent.length; i++) {
        const v = intent.get(i);
        if (v.isName()) this.configIntents.add(v.asName());
      }
    }
    // Print events (/AS): the groups they list take their /Usage /Print state when printing. The same rule is
    // applied to every group below (an /AS-less /PrintState is honoured too), so nothing more is needed here.
  }

  /** Whether content marked with `oc` (an OCG or OCMD dictionary, usually a reference) is hidden when printing. */
  hidden(oc: mupdf.PDFObject): boolean {
    if (!this.groups) return false;
    return !this.visible(oc, 0);
  }

  private visible(oc: mupdf.PDFObject, depth: number): boolean {
    this.budget.spend();
    if (depth > 32 || !oc.isDictionary()) return true;
    const num = oc.isIndirect() ? oc.asIndirect() : 0;
    if (num && this.cache.has(num)) return this.cache.get(num)!;
    if (num) this.cache.set(num, true); // a cycle reads as visible
    const type = oc.get('Type');
    const typeName = type.isName() ? type.asName() : '';
    let result = true;
    if (typeName === 'OCMD') result = this.membershipVisible(oc, depth);
    else if (typeName === 'OCG') result = this.groupVisible(oc, num);
    if (num) this.cache.set(num, result);
    return result;
  }

  private groupVisible(ocg: mupdf.PDFObject, num: number): boolean {
    if (!this.configIntents.has('All')) {
      const intent = ocg.get('Intent');
      const intents = intent.isName()
        ? [intent.asName()]
        : intent.isArray()
          ? Array.from({ length: intent.length }, (_, i) => intent.get(i))
              .filter((v) => v.isName())
              .map((v) => v.asName())
          : ['View'];
      if (!intents.some((i) => i === 'All' || this.configIntents.has(i))) return true;
    }
    let on = num && this.states.has(num) ? this.states.get(num)! : true;
    const printState = ocg.get('Usage', 'Print', 'PrintState');
    if (printState.isName()) on = printState.asName() !== 'OFF';
    return on;
  }

  private membershipVisible(ocmd: mupdf.PDFObject, depth: number): boolean {
    const ve = ocmd.get('VE');
    if (ve.isArray()) return this.expression(ve, depth + 1);
    const policy = ocmd.get('P');
    const p = policy.isName() ? policy.asName() : 'AnyOn';
    const groups = ocmd.get('OCGs');
    const members: boolean[] = [];
    if (groups.isArray()) {
      for (let i = 0; i < groups.length; i++) {
        const g = groups.get(i);
        if (g.isDictionary()) members.push(this.visible(g, depth + 1));
      }
    } else if (groups.isDictionary()) members.push(this.visible(groups, depth + 1));
    if (members.length === 0) return true;
    if (p === 'AllOn') return members.every(Boolean);
    if (p === 'AnyOff') return members.some((m) => !m);
    if (p === 'AllOff') return members.every((m) => !m);
    return members.some(Boolean);
  }

  /** A visibility expression: [/And e1 e2 …], [/Or …], [/Not e], each e a group or another expression. */
  private expression(ve: mupdf.PDFObject, depth: number): boolean {
    this.budget.spend();
    if (depth > 32 || ve.length < 2) return true;
    const op = ve.get(0);
    const name = op.isName() ? op.asName() : '';
    const operands: boolean[] = [];
    for (let i = 1; i < ve.length; i++) {
      const e = ve.get(i);
      operands.push(e.isArray() ? this.expression(e, depth + 1) : this.visible(e, depth + 1));
    }
    if (name === 'Not') return !operands[0];
    if (name === 'And') return operands.every(Boolean);
    if (name === 'Or') return operands.some(Boolean);
    return true;
  }

  /** The catalog forgets its layers (done once every use of them is resolved). */
  removeFromCatalog() {
    const root = this.pdf.getTrailer().get('Root');
    if (root.isDictionary()) root.delete('OCProperties');
  }
}

/**
 * Growable output of a rewritten stream, at most `limit` bytes (a hidden layer of nothing but tiny text operators
 * grows by a few bytes an operator; a stream built to grow without end is refused).
 */
class Out {
  private buf: Uint8Array;
  length = 0;
  constructor(
    size: number,
    private readonly limit: number,
  ) {
    this.buf = new Uint8Array(Math.max(64, size));
  }
  private room(n: number) {
    if (this.length + n <= this.buf.length) return;
    if (this.length + n > this.limit) throw tooComplex();
    const bigger = new Uint8Array(Math.min(this.limit, Math.max(this.buf.length * 2, this.length + n)));
    bigger.set(this.buf.subarray(0, this.length));
    this.buf = bigger;
  }
  bytes(src: Uint8Array, start: number, end: number) {
    if (end <= start) return;
    this.room(end - start);
    this.buf.set(src.subarray(start, end), this.length);
    this.length += end - start;
  }
  text(s: string) {
    this.room(s.length);
    for (let i = 0; i < s.length; i++) this.buf[this.length++] = s.charCodeAt(i);
  }
  result(): Uint8Array {
    return this.buf.subarray(0, this.length);
  }
}

const PAINT = ['S', 's', 'f', 'F', 'f*', 'B', 'B*', 'b', 'b*'];
const SHOW = ['Tj', 'TJ', "'", '"'];

/**
 * A content stream with its layers resolved: marked content `/OC … BDC … EMC` that is hidden when printing draws
 * nothing (its painting operators become `n`, its text is drawn in an invisible mode so the text position still moves
 * as it would, its XObjects, shadings and inline images are dropped; every graphics-state change stays), and every
 * /OC marker left becomes a plain `/Layer BMC`. `hiddenProperty(name or dict bytes)` decides a marker; a name is
 * looked up by the caller in the stream's /Properties. Returns null when the stream has no /OC marker.
 */
export function resolveContentLayers(
  src: Uint8Array,
  isHidden: (property: { name: string } | { inline: true }) => boolean,
): Uint8Array | null {
  if (!containsBdc(src)) return null;
  const lx = new ContentLexer(src);
  const out = new Out(src.length + 256, 2 * src.length + 1024 * 1024);
  let copied = 0;
  let changed = false;
  /** Marked-content nesting: for each open section, whether it counts in `hidden`. */
  const stack: boolean[] = [];
  let hidden = 0; // how many open sections are hidden (0: drawing shows)
  let tr = 0; // the text rendering mode, saved and restored with q/Q
  const trStack: number[] = [];
  const replace = (start: number, end: number, text: string) => {
    out.bytes(src, copied, start);
    out.text(text);
    copied = end;
    changed = true;
  };
  while (lx.next()) {
    if (lx.is('BDC')) {
      let hide = false;
      if (lx.operandCount >= 2 && lx.prev[2] === Kind.Name && lx.spanIs(lx.prev[0]!, lx.prev[1]!, '/OC')) {
        const prop =
          lx.last[2] === Kind.Name ? { name: lx.text(lx.last[0]! + 1, lx.last[1]!) } : { inline: true as const };
        hide = hidden > 0 || isHidden(prop);
        replace(lx.operandsStart, lx.end, '/Layer BMC');
      }
      const counted = hide || hidden > 0;
      stack.push(counted);
      if (counted) hidden++;
      continue;
    }
    if (lx.is('BMC')) {
      stack.push(hidden > 0);
      if (hidden > 0) hidden++;
      continue;
    }
    if (lx.is('EMC')) {
      if (stack.pop()) hidden--;
      continue;
    }
    if (lx.is('q')) {
      trStack.push(tr);
      continue;
    }
    if (lx.is('Q')) {
      tr = trStack.pop() ?? 0;
      continue;
    }
    if (lx.is('Tr')) {
      if (lx.operandCount >= 1 && lx.last[2] === Kind.Number) tr = Number(lx.text(lx.last[0]!, lx.last[1]!)) | 0;
      continue;
    }
    if (hidden === 0) continue;
    if (PAINT.some((op) => lx.is(op))) replace(lx.opStart, lx.end, 'n');
    else if (lx.is('sh') || lx.is('Do') || lx.is('BI')) replace(lx.operandsStart, lx.end, ' ');
    else if (SHOW.some((op) => lx.is(op))) {
      // Invisible (3), or clip only (7) when the text was also a clip: the text position moves as it would.
      out.bytes(src, copied, lx.operandsStart);
      out.text(`${tr >= 4 ? 7 : 3} Tr `);
      out.bytes(src, lx.operandsStart, lx.end);
      out.text(` ${tr} Tr`);
      copied = lx.end;
      changed = true;
    }
  }
  if (!changed) return null;
  out.bytes(src, copied, src.length);
  return out.result();
}

function containsBdc(b: Uint8Array): boolean {
  for (let i = 0; i + 2 < b.length; i++) if (b[i] === 0x42 && b[i + 1] === 0x44 && b[i + 2] === 0x43) return true;
  return false;
}
