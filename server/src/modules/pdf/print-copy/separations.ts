import type * as mupdf from 'mupdf';
import type { PrintCopyBudget } from './budget.ts';

/**
 * Separation and DeviceN colour spaces whose colourants are the printer's own inks (PDF 32000-1 §8.6.6.4-5): a CMYK
 * printer puts `/Separation /Cyan` on its cyan plate, whatever the alternate space says, while a screen, an RGB
 * printer driver and an RGB colour check draw the alternate (a file can give cyan a grey alternate and be priced as
 * black & white, then print cyan). In the print copy their alternate becomes the exact process colour (DeviceCMYK
 * with those inks), so every renderer draws what the printer prints. /All (every plate: registration black) becomes
 * equal C, M, Y and K. A spot colour (PANTONE …) keeps its alternate: a shop printer has no plate for it and prints
 * the alternate, as the screen shows.
 */

const PROCESS = ['Cyan', 'Magenta', 'Yellow', 'Black'] as const;

export class ProcessSeparations {
  private readonly seen = new Set<number>();
  /** How many colour spaces were rewritten. */
  rewritten = 0;

  constructor(
    private readonly pdf: mupdf.PDFDocument,
    private readonly budget: PrintCopyBudget,
  ) {}

  /** A colour space (a name, an array or a reference to one), rewritten in place when it is one of those above. */
  fix(cs: mupdf.PDFObject, depth = 0) {
    this.budget.spend();
    if (depth > 8 || !cs.isArray() || cs.length < 2) return;
    if (cs.isIndirect()) {
      if (this.seen.has(cs.asIndirect())) return;
      this.seen.add(cs.asIndirect());
    }
    const family = cs.get(0);
    const kind = family.isName() ? family.asName() : '';
    if (kind === 'Indexed' || kind === 'I' || kind === 'Pattern') {
      this.fix(cs.get(1), depth + 1);
      return;
    }
    if (kind === 'Separation' && cs.length >= 4) {
      const colourant = cs.get(1);
      const name = colourant.isName() ? colourant.asName() : '';
      const plate =
        name === 'All'
          ? [1, 1, 1, 1]
          : PROCESS.includes(name as (typeof PROCESS)[number])
            ? PROCESS.map((p) => (p === name ? 1 : 0))
            : null;
      if (!plate) return;
      const fn = this.pdf.newDictionary();
      fn.put('FunctionType', 2);
      fn.put('Domain', this.numbers([0, 1]));
      fn.put('C0', this.numbers([0, 0, 0, 0]));
      fn.put('C1', this.numbers(plate));
      fn.put('N', 1);
      cs.put(2, this.pdf.newName('DeviceCMYK'));
      cs.put(3, fn);
      this.rewritten++;
      return;
    }
    if (kind === 'DeviceN' && cs.length >= 4) {
      const list = cs.get(1);
      if (!list.isArray() || list.length === 0 || list.length > 32) return;
      const names: string[] = [];
      for (let i = 0; i < list.length; i++) {
        const n = list.get(i);
        names.push(n.isName() ? n.asName() : '?');
      }
      if (
        !names.every((n) => n === 'None' || PROCESS.includes(n as (typeof PROCESS)[number])) ||
        !names.some((n) => n !== 'None')
      )
        return;
      cs.put(2, this.pdf.newName('DeviceCMYK'));
      cs.put(3, this.calculator(names));
      this.rewritten++;
    }
  }

  private numbers(values: number[]): mupdf.PDFObject {
    const a = this.pdf.newArray();
    for (const v of values) a.push(v);
    return a;
  }

  /**
   * A PostScript calculator function (type 4) from the DeviceN tints to C, M, Y, K: each ink takes its own tint
   * (the first when named twice), an ink not named is 0, /None is ignored.
   */
  private calculator(names: string[]): mupdf.PDFObject {
    const k = names.length;
    const ops: string[] = [];
    PROCESS.forEach((ink, pushed) => {
      const i = names.indexOf(ink);
      ops.push(i < 0 ? '0' : `${k - 1 - i + pushed} index`);
    });
    ops.push(`${k + 4} 4 roll`, ...Array.from({ length: k }, () => 'pop'));
    const dict = this.pdf.newDictionary();
    dict.put('FunctionType', 4);
    dict.put('Domain', this.numbers(names.flatMap(() => [0, 1])));
    dict.put('Range', this.numbers([0, 1, 0, 1, 0, 1, 0, 1]));
    return this.pdf.addStream(`{ ${ops.join(' ')} }`, dict);
  }
}
