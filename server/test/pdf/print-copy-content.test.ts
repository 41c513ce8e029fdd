import { describe, expect, it } from 'vitest';
import { ContentLexer } from '../../src/modules/pdf/print-copy/content-lexer.ts';
import { PdfError } from '../../src/modules/pdf/pdf-errors.ts';
import { resolveContentLayers } from '../../src/modules/pdf/print-copy/optional-content.ts';

/** Layers resolved in content streams (decision 032): what is hidden when printed draws nothing, the rest stays. */

const bytes = (s: string) => new Uint8Array(Buffer.from(s, 'latin1'));
const text = (b: Uint8Array | null) => (b ? Buffer.from(b).toString('latin1') : null);
/** Hidden: the property named /Off; shown: any other. */
const resolve = (s: string) => text(resolveContentLayers(bytes(s), (p) => 'name' in p && p.name === 'Off'));

function operators(s: string): string[] {
  const lx = new ContentLexer(bytes(s));
  const ops: string[] = [];
  while (lx.next()) ops.push(lx.text(lx.opStart, lx.opEnd));
  return ops;
}

describe('content lexer', () => {
  it('finds operators, never inside strings, arrays, dictionaries, comments or inline image data', () => {
    expect(
      operators(
        '(BDC \\) EMC (nested) f) Tj [(a) -20 (BDC)] TJ % S f EMC\n/P <</MCID 3 /X [1 (EMC)]>> BDC EMC <4244> Tj',
      ),
    ).toEqual(['Tj', 'TJ', 'BDC', 'EMC', 'Tj']);
    expect(operators('q BI /W 2 /H 1 /CS /G /BPC 8 ID \x00EMC EI Q f')).toEqual(['q', 'BI', 'Q', 'f']);
    // Binary data that happens to hold " EI" followed by binary is not the end.
    expect(operators('BI /W 4 /H 1 /CS /G /BPC 8 ID a EI\x01\x02 EI S')).toEqual(['BI', 'S']);
    expect(operators('true false null 1 0 0 1 0 0 cm')).toEqual(['cm']);
  });
});

describe('layers resolved in a content stream', () => {
  it('leaves a stream without a layer alone', () => {
    expect(resolve('0 g 0 0 10 10 re f /P <</MCID 1>> BDC EMC')).toBeNull();
  });

  it('a shown layer stays drawn, its marker made plain', () => {
    expect(resolve('/OC /On BDC 1 0 0 rg 0 0 10 10 re f EMC')).toBe('/Layer BMC 1 0 0 rg 0 0 10 10 re f EMC');
  });

  it('a hidden layer paints nothing, but every change of graphics state stays (what follows draws the same)', () => {
    const out = resolve(
      'q /OC /Off BDC 1 0 0 rg 2 w 0 0 10 10 re f 0 0 m 5 5 l S /Im1 Do /Sh1 sh BI /W 1 /H 1 /CS /G /BPC 8 ID \x80 EI 1 0 0 1 5 5 cm EMC 0 0 10 10 re f Q',
    );
    expect(out).toBe(
      'q /Layer BMC 1 0 0 rg 2 w 0 0 10 10 re n 0 0 m 5 5 l n       1 0 0 1 5 5 cm EMC 0 0 10 10 re f Q',
    );
  });

  it('hidden text is drawn invisibly, so the text after it starts where it would have', () => {
    expect(resolve('BT 1 Tr /F1 12 Tf /OC /Off BDC (hidden) Tj [(a) 10 (b)] TJ EMC (shown) Tj ET')).toBe(
      'BT 1 Tr /F1 12 Tf /Layer BMC 3 Tr (hidden) Tj 1 Tr 3 Tr [(a) 10 (b)] TJ 1 Tr EMC (shown) Tj ET',
    );
    // Text that is also a clip keeps clipping (mode 7), and q/Q restore the mode as a viewer would.
    expect(resolve('BT 5 Tr /OC /Off BDC (c) Tj EMC ET')).toBe('BT 5 Tr /Layer BMC 7 Tr (c) Tj 5 Tr EMC ET');
    expect(resolve('q 2 Tr Q BT /OC /Off BDC (x) Tj EMC ET')).toBe('q 2 Tr Q BT /Layer BMC 3 Tr (x) Tj 0 Tr EMC ET');
  });

  it('nested sections: inside a hidden layer everything is hidden until its own EMC, shown layers included', () => {
    const out = resolve(
      '/OC /Off BDC /Span <</MCID 1>> BDC 0 0 1 1 re f EMC /OC /On BDC 0 0 2 2 re f EMC 0 0 3 3 re f EMC 0 0 4 4 re f',
    );
    expect(out).toBe(
      '/Layer BMC /Span <</MCID 1>> BDC 0 0 1 1 re n EMC /Layer BMC 0 0 2 2 re n EMC 0 0 3 3 re n EMC 0 0 4 4 re f',
    );
    // A stray EMC does not end the hidden section early, nor make later content hidden.
    expect(resolve('EMC /OC /Off BDC 0 0 1 1 re f EMC 0 0 2 2 re f')).toBe(
      'EMC /Layer BMC 0 0 1 1 re n EMC 0 0 2 2 re f',
    );
  });

  it('a stream built to grow without end when its hidden text is rewritten is refused as too complex', () => {
    const hostile = `BT /OC /Off BDC ${'()Tj '.repeat(1_000_000)}EMC ET`;
    expect(() => resolve(hostile)).toThrow(PdfError);
    // A real page of hidden text grows by a few bytes a line.
    expect(resolve(`BT /OC /Off BDC ${'(A line of text) Tj T* '.repeat(60)}EMC ET`)!.length).toBeLessThan(3000);
  });

  it('a layer given as an inline dictionary is not a layer (only named groups are): drawn, marker made plain', () => {
    expect(resolve('/OC <</Type /OCG /Usage <</Print <</PrintState /OFF>>>>>> BDC 0 0 1 1 re f EMC')).toBe(
      '/Layer BMC 0 0 1 1 re f EMC',
    );
  });
});
