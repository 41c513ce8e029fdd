/**
 * A PDF content stream read operator by operator (PDF 32000-1 §7.8.2), without building objects: each step gives
 * the operator's bytes, where its operands start and where it ends, and the spans of its last two operands. Strings
 * (nested parentheses, escapes), hex strings, arrays, dictionaries, comments and inline images (BI … ID data EI)
 * are skipped correctly, so an operator is never found inside data. Used to rewrite the few operators the print
 * copy changes (optional-content.ts); everything else is copied byte for byte.
 */

const WS = new Uint8Array(256);
for (const c of [0, 9, 10, 12, 13, 32]) WS[c] = 1;
const DELIM = new Uint8Array(256);
for (const c of '()<>[]{}/%') DELIM[c.charCodeAt(0)] = 1;
const isRegular = (c: number) => !WS[c] && !DELIM[c];

export const enum Kind {
  Number = 1,
  Name = 2,
  String = 3,
  Array = 4,
  Dict = 5,
  Other = 6,
}

export class ContentLexer {
  /** The operator just read: its bytes are b[opStart, opEnd). */
  opStart = 0;
  opEnd = 0;
  /** After the operator (after its data, for an inline image's BI … EI). */
  end = 0;
  /** Where its first operand starts (opStart when it has none). */
  operandsStart = 0;
  /** Operands since the previous operator. */
  operandCount = 0;
  /** The last two operands: [start, end, kind] of the one before last, then of the last. */
  readonly prev = [0, 0, 0];
  readonly last = [0, 0, 0];
  private pos = 0;

  constructor(readonly b: Uint8Array) {}

  /** Bytes of the current operator equal `op`. */
  is(op: string): boolean {
    const n = this.opEnd - this.opStart;
    if (n !== op.length) return false;
    for (let i = 0; i < n; i++) if (this.b[this.opStart + i] !== op.charCodeAt(i)) return false;
    return true;
  }

  /** Bytes `[start, end)` equal `text`. */
  spanIs(start: number, end: number, text: string): boolean {
    if (end - start !== text.length) return false;
    for (let i = 0; i < text.length; i++) if (this.b[start + i] !== text.charCodeAt(i)) return false;
    return true;
  }

  text(start: number, end: number): string {
    let s = '';
    for (let i = start; i < end; i++) s += String.fromCharCode(this.b[i]!);
    return s;
  }

  /** Moves to the next operator; false at the end of the stream (operands left without one are ignored). */
  next(): boolean {
    const b = this.b;
    const n = b.length;
    this.operandCount = 0;
    this.operandsStart = -1;
    for (;;) {
      let p = this.pos;
      while (p < n && WS[b[p]!]) p++;
      if (p >= n) {
        this.pos = n;
        return false;
      }
      const c = b[p]!;
      const start = p;
      let kind: Kind;
      if (c === 0x25 /* % */) {
        while (p < n && b[p] !== 10 && b[p] !== 13) p++;
        this.pos = p;
        continue;
      } else if (c === 0x2f /* / */) {
        p++;
        while (p < n && isRegular(b[p]!)) p++;
        kind = Kind.Name;
      } else if (c === 0x28 /* ( */) {
        p = skipString(b, p);
        kind = Kind.String;
      } else if (c === 0x3c /* < */) {
        if (b[p + 1] === 0x3c) {
          p = skipNested(b, p);
          kind = Kind.Dict;
        } else {
          while (p < n && b[p] !== 0x3e) p++;
          p = Math.min(n, p + 1);
          kind = Kind.String;
        }
      } else if (c === 0x5b /* [ */) {
        p = skipNested(b, p);
        kind = Kind.Array;
      } else if (DELIM[c]) {
        // A stray ), >, ], { or }: not an operand; skipped as a viewer does.
        this.pos = p + 1;
        continue;
      } else {
        while (p < n && isRegular(b[p]!)) p++;
        const numeric = c === 0x2b || c === 0x2d || c === 0x2e || (c >= 0x30 && c <= 0x39);
        const keyword = !numeric && !this.spanIsAny(start, p);
        if (keyword) {
          this.opStart = start;
          this.opEnd = p;
          this.end = p;
          if (this.operandsStart < 0) this.operandsStart = start;
          if (this.is('BI')) this.end = skipInlineImage(b, p);
          this.pos = this.end;
          return true;
        }
        kind = numeric ? Kind.Number : Kind.Other;
      }
      if (this.operandsStart < 0) this.operandsStart = start;
      this.operandCount++;
      this.prev[0] = this.last[0]!;
      this.prev[1] = this.last[1]!;
      this.prev[2] = this.last[2]!;
      this.last[0] = start;
      this.last[1] = p;
      this.last[2] = kind;
      this.pos = p;
    }
  }

  /** true, false and null are operands, not operators. */
  private spanIsAny(start: number, end: number): boolean {
    return this.spanIs(start, end, 'true') || this.spanIs(start, end, 'false') || this.spanIs(start, end, 'null');
  }
}

/** After a literal string starting at `p` (its `(`): nested parentheses balance, a backslash escapes the next byte. */
function skipString(b: Uint8Array, p: number): number {
  let depth = 0;
  const n = b.length;
  for (; p < n; p++) {
    const c = b[p];
    if (c === 0x5c) p++;
    else if (c === 0x28) depth++;
    else if (c === 0x29 && --depth === 0) return p + 1;
  }
  return n;
}

/** After the array or dictionary starting at `p`, with strings and comments inside skipped. */
function skipNested(b: Uint8Array, p: number): number {
  let depth = 0;
  const n = b.length;
  while (p < n) {
    const c = b[p]!;
    if (c === 0x28) {
      p = skipString(b, p);
      continue;
    }
    if (c === 0x25) {
      while (p < n && b[p] !== 10 && b[p] !== 13) p++;
      continue;
    }
    if (c === 0x5b) depth++;
    else if (c === 0x5d) depth--;
    else if (c === 0x3c) {
      if (b[p + 1] === 0x3c) {
        depth++;
        p++;
      } else {
        // A hex string inside.
        while (p < n && b[p] !== 0x3e) p++;
      }
    } else if (c === 0x3e && b[p + 1] === 0x3e) {
      depth--;
      p++;
    }
    p++;
    if (depth <= 0) return p;
  }
  return n;
}

/**
 * After the `EI` of an inline image whose `BI` ends at `p`. The data after `ID` has no length (before PDF 2.0's
 * /L), so its end is found as readers find it: `EI` between white space (or at the end), followed by bytes that read
 * as content (printable), not binary.
 */
function skipInlineImage(b: Uint8Array, p: number): number {
  const n = b.length;
  // The image dictionary: up to the ID keyword.
  for (;;) {
    while (p < n && WS[b[p]!]) p++;
    if (p >= n) return n;
    const c = b[p]!;
    if (c === 0x28) p = skipString(b, p);
    else if (c === 0x5b || (c === 0x3c && b[p + 1] === 0x3c)) p = skipNested(b, p);
    else if (c === 0x2f) {
      p++;
      while (p < n && isRegular(b[p]!)) p++;
    } else if (DELIM[c]) p++;
    else {
      const s = p;
      while (p < n && isRegular(b[p]!)) p++;
      if (p - s === 2 && b[s] === 0x49 && b[s + 1] === 0x44) break;
    }
  }
  p++; // the one white-space byte after ID
  for (let q = p; q + 1 < n; q++) {
    if (b[q] !== 0x45 || b[q + 1] !== 0x49 || !WS[b[q - 1]!]) continue;
    const after = q + 2;
    if (after < n && !WS[b[after]!]) continue;
    if (looksLikeContent(b, after)) return after;
  }
  return n;
}

function looksLikeContent(b: Uint8Array, p: number): boolean {
  const stop = Math.min(b.length, p + 32);
  for (let i = p; i < stop; i++) {
    const c = b[i]!;
    if (!WS[c] && (c < 0x20 || c > 0x7e)) return false;
  }
  return true;
}
