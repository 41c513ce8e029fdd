import type * as mupdf from 'mupdf';
import { UPLOAD_MESSAGES } from '@shop/shared/files/schemas';
import { PdfError } from './pdf-errors.ts';
import type { PdfNames } from './pdf-names.ts';

/**
 * Actions that only move within the document, open a web or mail link, show or hide content, or open another PDF
 * by a relative path (GoToR, as TeX manuals link to each other). A GoToR to an absolute path, a drive or a network
 * share is removed: opening \\host\share (or //host/share) hands the clerk's Windows credentials to that host.
 */
const SAFE_ACTIONS = new Set(['GoTo', 'URI', 'GoToR', 'Named', 'Thread', 'SetOCGState', 'Hide', 'Trans']);
const SAFE_SCHEMES = new Set(['http', 'https', 'mailto', 'ftp']);
const RELATIVE_PDF = /^(?![/\\])[^:\\]*\.pdf$/i;

/** A link a viewer may follow: web, mail or relative; never file:, javascript:, a program's scheme or a share. */
export function isSafeUri(uri: string): boolean {
  const u = uri.replace(/^[\s\u0000-\u001f]+/, '');
  if (u.startsWith('\\')) return false;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(u)?.[1];
  return !scheme || SAFE_SCHEMES.has(scheme.toLowerCase());
}

/** Objects looked at across outlines, fields and action chains; a 10 MB file of real bookmarks holds far fewer. */
const NODE_BUDGET = 1_000_000;
export const MAX_CHAIN = 64;

/**
 * What may stay in a customer's PDF and the walk's budget: an action (and its /Next chain) is safe or names what
 * makes it unsafe; found entries are removed and recorded for the log. ActiveContent walks the document with these.
 */
export class PdfActionRules {
  /** What was removed, for the log: e.g. JavaScript, Launch, EmbeddedFiles, OpenAction. */
  readonly removed = new Set<string>();
  private budget = NODE_BUDGET;

  constructor(protected readonly k: PdfNames) {}

  protected spend() {
    if (--this.budget < 0) throw new PdfError('pdf_too_complex', UPLOAD_MESSAGES.tooComplex);
  }

  /** The first unsafe action type in an action and its /Next chain, or null when all are safe. */
  protected unsafeAction(action: mupdf.PDFObject, depth = 0): string | null {
    this.spend();
    if (!action.isDictionary()) return null;
    if (depth > MAX_CHAIN) return 'Next';
    const s = action.get(this.k.key('S'));
    const type = s.isName() ? s.asName() : 'Unknown';
    s.destroy();
    if (!SAFE_ACTIONS.has(type)) return type;
    if (type === 'URI' || type === 'GoToR') {
      const target = action.get(this.k.key(type === 'URI' ? 'URI' : 'F'));
      const ok =
        target.isString() && (type === 'URI' ? isSafeUri(target.asString()) : RELATIVE_PDF.test(target.asString()));
      target.destroy();
      if (!ok) return type;
    }
    const next = action.get(this.k.key('Next'));
    try {
      if (next.isArray()) {
        for (let i = 0; i < next.length; i++) {
          const a = next.get(i);
          const bad = this.unsafeAction(a, depth + 1);
          a.destroy();
          if (bad) return bad;
        }
        return null;
      }
      return next.isNull() ? null : this.unsafeAction(next, depth + 1);
    } finally {
      next.destroy();
    }
  }

  /** Deletes `key` from `dict` when present; true when something was removed. */
  protected drop(dict: mupdf.PDFObject, key: string, label = key): boolean {
    const present = this.k.get(this.k.resolve(this.k.ptr(dict)), key) !== 0;
    if (present) {
      dict.delete(this.k.key(key));
      this.removed.add(label);
    }
    return present;
  }

  /** /A with an unsafe action (or chain) and every /AA are removed from a dictionary. */
  protected cleanActions(dict: mupdf.PDFObject) {
    const a = dict.get(this.k.key('A'));
    const bad = a.isNull() ? null : this.unsafeAction(a);
    a.destroy();
    if (bad) {
      dict.delete(this.k.key('A'));
      this.removed.add(bad);
    }
    this.drop(dict, 'AA');
  }

  protected nameAt(obj: mupdf.PDFObject, ...path: Array<string | number>): string | null {
    return this.k.nameAt(obj, ...path);
  }

  /** Whether the entry at `path` exists (a lookup, no wrapper object). */
  protected has(obj: mupdf.PDFObject, ...path: Array<string | number>): boolean {
    return this.k.has(obj, ...path);
  }

  get found(): boolean {
    return this.removed.size > 0;
  }
}
