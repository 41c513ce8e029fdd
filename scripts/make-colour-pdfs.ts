/**
 * npm run make:colour-pdfs — writes the labelled set of colour cases (docs/decisions/032) into
 * server/test/fixtures/pdfs/colour/, with labels.json: for each file its page count, the pages that print in colour
 * (the label, decided by hand from what a printer lays on paper, see each case's note) and why it is there.
 *
 * Every file is written object by object (scripts/test-pdfs/raw-pdf.ts), because their point is a PDF feature no
 * document writer can be asked for: layers with a print state, separations, overprint, annotations and form fields
 * with their print flags. Same script, same bytes; no tool is needed. Texts are made up here.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { textLines } from './test-pdfs/big-pdf.ts';
import { seededRandom } from './test-pdfs/pdf-writer.ts';
import { rawPdf, type RawPdf } from './test-pdfs/raw-pdf.ts';

const OUT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../server/test/fixtures/pdfs/colour');

interface Label {
  pages: number;
  /** 1-based pages a printer puts colour on (the label). */
  colourPages: number[];
  note: string;
}
const labels: Record<string, Label> = {};

const esc = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`);

/** Helvetica (not embedded), as object `F1` in a page's resources. */
function font(pdf: RawPdf): string {
  const f = pdf.add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  return `/Font << /F1 ${f} 0 R >>`;
}

/** A page of body text in the colour `colourOp` sets (`0 g`: black), 40 lines from the top. */
function bodyText(seed: number, colourOp = '0 g', lines = 40): string {
  const random = seededRandom(seed);
  const ops = [colourOp, 'BT /F1 11 Tf 14 TL 56 780 Td'];
  for (const line of textLines(random, lines)) ops.push(`(${esc(line)}) Tj T*`);
  ops.push('ET');
  return ops.join('\n');
}

/** Raw samples of a picture `w`×`h`: `pixel(x, y)` gives the channel values. */
function samples(w: number, h: number, channels: number, pixel: (x: number, y: number) => number[]): Buffer {
  const out = Buffer.alloc(w * h * channels);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++)
      pixel(x, y).forEach((v, c) => (out[(y * w + x) * channels + c] = Math.max(0, Math.min(255, Math.round(v)))));
  return out;
}

function image(pdf: RawPdf, w: number, h: number, cs: string, data: Buffer, extra = ''): number {
  return pdf.stream(
    `/Type /XObject /Subtype /Image /Width ${w} /Height ${h} /ColorSpace ${cs} /BitsPerComponent 8 ${extra}`,
    data,
  );
}

/** A coloured picture (a sunset: orange to blue), `w`×`h` samples. */
function colourPhoto(pdf: RawPdf, extra = ''): number {
  return image(
    pdf,
    120,
    90,
    '/DeviceRGB',
    samples(120, 90, 3, (x, y) => [230 - y, 120 + x / 2, 60 + y * 1.8]),
    extra,
  );
}

/** Writes one case and its label; the page count is the document's own. */
function save(name: string, pdf: RawPdf, colourPages: number[], note: string) {
  fs.writeFileSync(path.join(OUT, name), pdf.build());
  labels[name] = { pages: pdf.pageCount, colourPages, note };
}

/** One case: a new document that `draw` fills, saved as `name` with its label. */
function colourCase(name: string, colourPages: number[], note: string, draw: (pdf: RawPdf) => void) {
  const pdf = rawPdf();
  draw(pdf);
  save(name, pdf, colourPages, note);
}

fs.mkdirSync(OUT, { recursive: true });
for (const f of fs.readdirSync(OUT)) if (f.endsWith('.pdf') || f === 'labels.json') fs.rmSync(path.join(OUT, f));

// --- What decision 016 already told apart, as files.
colourCase('text-black.pdf', [], 'black text (DeviceGray): black & white', (pdf) => {
  pdf.page(bodyText(1), font(pdf));
});
colourCase('text-rich-black.pdf', [], 'text in rich black (C=M=Y=K=100 %): every ink, no hue; black & white', (pdf) => {
  pdf.page(bodyText(2, '1 1 1 1 k'), font(pdf));
});
colourCase(
  'text-rgb-black.pdf',
  [],
  'text in RGB black (a printer builds it from C, M, Y and K): black & white',
  (pdf) => {
    pdf.page(bodyText(3, '0 0 0 rg'), font(pdf));
  },
);
colourCase('photo-grey.pdf', [], 'a grey photograph (DeviceGray) under text: black & white', (pdf) => {
  const random = seededRandom(4);
  const im = image(
    pdf,
    160,
    120,
    '/DeviceGray',
    samples(160, 120, 1, (x, y) => [60 + x + y / 2 + random() * 30]),
  );
  pdf.page(
    `${bodyText(4, '0 g', 20)}\nq 400 0 0 300 100 80 cm /Im1 Do Q`,
    `${font(pdf)} /XObject << /Im1 ${im} 0 R >>`,
  );
});
colourCase(
  'scan-grey-rgb-noisy.pdf',
  [],
  'a black & white page scanned in colour at 72 dpi: warm paper tone and JPEG-like noise, no real hue; black & white',
  (pdf) => {
    const random = seededRandom(5);
    // A black & white page scanned in colour at 72 dpi (a phone or a cheap scanner): text-like dark rows, a warm paper
    // tone (R 4 above, B 4 below grey) and noise of ±8 in each channel, as a colour JPEG of a grey page has.
    const im = image(
      pdf,
      300,
      400,
      '/DeviceRGB',
      samples(300, 400, 3, (x, y) => {
        const v = y % 14 < 3 && (x * 7 + y) % 41 > 6 ? 50 : 226;
        return [v + 4 + (random() - 0.5) * 16, v + (random() - 0.5) * 16, v - 4 + (random() - 0.5) * 16];
      }),
    );
    pdf.page(`q 300 0 0 400 150 300 cm /Im1 Do Q`, `/XObject << /Im1 ${im} 0 R >>`);
  },
);
colourCase('logo-1cm.pdf', [1], 'a 1 cm red logo in a corner of a text page: colour', (pdf) => {
  pdf.page(`${bodyText(6)}\n0.85 0.1 0.1 rg 500 790 28 28 re f`, font(pdf));
});
colourCase('photo-colour.pdf', [1], 'a colour photograph: colour', (pdf) => {
  const im = colourPhoto(pdf);
  pdf.page(`${bodyText(7, '0 g', 12)}\nq 480 0 0 360 56 80 cm /Im1 Do Q`, `${font(pdf)} /XObject << /Im1 ${im} 0 R >>`);
});
colourCase(
  'text-blue-links.pdf',
  [1],
  'three lines of blue hyperlink text among black text: they print blue; colour',
  (pdf) => {
    const random = seededRandom(8);
    const lines = textLines(random, 40);
    const ops = ['BT /F1 11 Tf 14 TL 56 780 Td'];
    lines.forEach((l, i) => ops.push(i % 13 === 5 ? `0 0 0.9 rg (${esc(l)}) Tj T* 0 g` : `(${esc(l)}) Tj T*`));
    ops.push('ET');
    pdf.page(ops.join('\n'), font(pdf));
  },
);
colourCase(
  'dot-2pt.pdf',
  [],
  'one red speck of 2 points (0.7 mm) on a text page: too small to call the page colour (decision 016); black & white',
  (pdf) => {
    pdf.page(`${bodyText(9)}\n1 0 0 rg 300 60 2 2 re f`, font(pdf));
  },
);
colourCase('rule-thin-red.pdf', [1], 'a red rule half a point thick across a letterhead: prints red; colour', (pdf) => {
  pdf.page(`${bodyText(10)}\n0.8 0 0 RG 0.5 w 56 800 m 540 800 l S`, font(pdf));
});
colourCase(
  'pale-yellow.pdf',
  [1],
  'a pale yellow highlight (Y 15 %, RGB chroma about 38, under the old threshold of 40): prints yellow; colour',
  (pdf) => {
    pdf.page(`0 0 0.15 0 k 56 600 300 40 re f\n${bodyText(11)}`, font(pdf));
  },
);
colourCase(
  'pale-blue-table.pdf',
  [1],
  'table rows shaded in the lightest blue of office themes (RGB 222,234,246; chroma 24): prints cyan; colour',
  (pdf) => {
    const rows = [0, 1, 2, 3, 4].map((i) => `0.871 0.918 0.965 rg 56 ${500 - i * 36} 480 18 re f`).join('\n');
    pdf.page(`${rows}\n${bodyText(12)}`, font(pdf));
  },
);

// --- Layers (optional content). The colour art is one picture on each page inside a marked-content layer.
function layered(opts: { pages: number; d: string; usage?: string; as?: string; seed: number }): RawPdf {
  const pdf = rawPdf();
  const ocg = pdf.add(`<< /Type /OCG /Name (Colour artwork)${opts.usage ? ` /Usage ${opts.usage}` : ''} >>`);
  const f = font(pdf);
  const im = colourPhoto(pdf);
  for (let i = 0; i < opts.pages; i++) {
    pdf.page(
      `${bodyText(opts.seed + i, '0 g', 16)}\n/OC /L1 BDC q 360 0 0 270 120 120 cm /Im1 Do Q EMC`,
      `${f} /XObject << /Im1 ${im} 0 R >> /Properties << /L1 ${ocg} 0 R >>`,
    );
  }
  pdf.catalog(
    `/OCProperties << /OCGs [${ocg} 0 R] /D << /Order [${ocg} 0 R] ${opts.d.replaceAll('@G', `${ocg} 0 R`)}${opts.as ? ` /AS [${opts.as.replaceAll('@G', `${ocg} 0 R`)}]` : ''} >> >>`,
  );
  return pdf;
}
save(
  'layer-hidden-20p.pdf',
  layered({ pages: 20, d: '/OFF [@G]', seed: 100 }),
  [],
  '20 pages whose colour art is a layer that is off (hidden on screen, no print setting): not printed; the print copy leaves it out; black & white',
);
save(
  'layer-print-only-20p.pdf',
  layered({
    pages: 20,
    d: '/OFF [@G]',
    usage: '<< /Print << /PrintState /ON >> /View << /ViewState /OFF >> >>',
    as: '<< /Event /Print /OCGs [@G] /Category [/Print] >> << /Event /View /OCGs [@G] /Category [/View] >>',
    seed: 200,
  }),
  Array.from({ length: 20 }, (_, i) => i + 1),
  '20 pages whose colour art is hidden on screen but set to print (/Usage /Print ON with an /AS print event): prints; colour',
);
save(
  'layer-print-state-no-as.pdf',
  layered({ pages: 1, d: '/OFF [@G]', usage: '<< /Print << /PrintState /ON >> >>', seed: 300 }),
  [1],
  'a layer off on screen whose /Usage says it prints (no /AS event): the print setting is honoured; colour',
);
save(
  'layer-view-only.pdf',
  layered({
    pages: 1,
    d: '/ON [@G]',
    usage: '<< /Print << /PrintState /OFF >> >>',
    as: '<< /Event /Print /OCGs [@G] /Category [/Print] >>',
    seed: 400,
  }),
  [],
  'colour art shown on screen but set never to print (/PrintState /OFF): not printed; black & white',
);
// /OCProperties listing no group: every layer shows (the standard; mupdf and Ghostscript alike), whatever the
// group's own /Usage says.
colourCase(
  'layer-no-groups.pdf',
  [1],
  'a layer whose group the document does not list (/OCGs empty): every reader shows it and prints it; colour',
  (pdf) => {
    const ocg = pdf.add('<< /Type /OCG /Name (Unlisted) /Usage << /Print << /PrintState /OFF >> >> >>');
    pdf.page(
      `${bodyText(450, '0 g', 16)}\n/OC /L1 BDC 0.1 0.6 0.2 rg 150 300 300 200 re f EMC`,
      `${font(pdf)} /Properties << /L1 ${ocg} 0 R >>`,
    );
    pdf.catalog('/OCProperties << /OCGs [] /D << >> >>');
  },
);
// Membership dictionaries (OCMD): visible when any / all of their groups are on, or by a visibility expression.
colourCase(
  'layer-membership.pdf',
  [1, 3],
  'layers by membership dictionary: any-on (visible), all-on with one off (hidden), a /VE expression "not off" (visible)',
  (pdf) => {
    const on = pdf.add('<< /Type /OCG /Name (On) >>');
    const off = pdf.add('<< /Type /OCG /Name (Off) >>');
    const anyOn = pdf.add(`<< /Type /OCMD /OCGs [${off} 0 R ${on} 0 R] /P /AnyOn >>`);
    const allOn = pdf.add(`<< /Type /OCMD /OCGs [${off} 0 R ${on} 0 R] /P /AllOn >>`);
    const notOff = pdf.add(`<< /Type /OCMD /OCGs [${off} 0 R] /VE [/Not ${off} 0 R] >>`);
    const f = font(pdf);
    const art = '0.1 0.6 0.2 rg 150 300 300 200 re f';
    for (const [i, m] of [anyOn, allOn, notOff].entries())
      pdf.page(`${bodyText(500 + i, '0 g', 16)}\n/OC /M BDC ${art} EMC`, `${f} /Properties << /M ${m} 0 R >>`);
    pdf.catalog(`/OCProperties << /OCGs [${on} 0 R ${off} 0 R] /D << /OFF [${off} 0 R] >> >>`);
  },
);
// /OC on the objects themselves: a form XObject in a hidden layer, a picture in a visible one.
colourCase(
  'layer-xobjects.pdf',
  [2],
  'a colour form XObject whose own /OC is a hidden layer (black & white), a picture whose /OC is shown (colour)',
  (pdf) => {
    const on = pdf.add('<< /Type /OCG /Name (Shown) >>');
    const off = pdf.add('<< /Type /OCG /Name (Hidden) >>');
    const form = pdf.stream(
      `/Type /XObject /Subtype /Form /BBox [0 0 300 200] /OC ${off} 0 R`,
      '0.9 0.3 0.1 rg 0 0 300 200 re f',
    );
    const im = colourPhoto(pdf, `/OC ${on} 0 R`);
    const f = font(pdf);
    pdf.page(`${bodyText(600, '0 g', 16)}\nq 1 0 0 1 150 250 cm /Fm1 Do Q`, `${f} /XObject << /Fm1 ${form} 0 R >>`);
    pdf.page(`${bodyText(601, '0 g', 16)}\nq 300 0 0 200 150 250 cm /Im1 Do Q`, `${f} /XObject << /Im1 ${im} 0 R >>`);
    pdf.catalog(`/OCProperties << /OCGs [${on} 0 R ${off} 0 R] /D << /OFF [${off} 0 R] >> >>`);
  },
);

// --- Separations and DeviceN: what a printer puts on its own plates.
const greyAlternate = '<< /FunctionType 2 /Domain [0 1] /C0 [1] /C1 [0] /N 1 >>';
colourCase(
  'separation-cyan.pdf',
  [1],
  'a box in Separation /Cyan whose alternate is grey: a printer prints it on its cyan plate; colour',
  (pdf) => {
    pdf.page(
      `${bodyText(700, '0 g', 16)}\n/CS0 cs 1 scn 150 250 300 200 re f`,
      `${font(pdf)} /ColorSpace << /CS0 [/Separation /Cyan /DeviceGray ${greyAlternate}] >>`,
    );
  },
);
colourCase(
  'devicen-grey-alt.pdf',
  [1],
  'a box in DeviceN [/Cyan /Magenta] with a grey alternate: printed with cyan and magenta ink; colour',
  (pdf) => {
    const fn = pdf.stream('/FunctionType 4 /Domain [0 1 0 1] /Range [0 1]', '{ add 2 div 1 exch sub }', false);
    pdf.page(
      `${bodyText(710, '0 g', 16)}\n/CS0 cs 0.8 0.6 scn 150 250 300 200 re f`,
      `${font(pdf)} /ColorSpace << /CS0 [/DeviceN [/Cyan /Magenta] /DeviceGray ${fn} 0 R] >>`,
    );
  },
);
colourCase(
  'separation-black-all.pdf',
  [],
  'Separation /Black, and a registration mark in /All (every plate at once, which makes black): black & white',
  (pdf) => {
    const f = font(pdf);
    pdf.page(
      `${bodyText(720, '0 g', 16)}\n/CS0 cs 1 scn 150 250 300 200 re f`,
      `${f} /ColorSpace << /CS0 [/Separation /Black /DeviceGray ${greyAlternate}] >>`,
    );
    pdf.page(
      `${bodyText(721, '0 g', 16)}\n/CS0 cs 1 scn 150 250 300 4 re f`,
      `${f} /ColorSpace << /CS0 [/Separation /All /DeviceGray ${greyAlternate}] >>`,
    );
  },
);
colourCase(
  'spot-colours.pdf',
  [2],
  'spot colours a shop printer makes from their alternate: a grey one (black & white) and a red one (colour)',
  (pdf) => {
    const f = font(pdf);
    pdf.page(
      `${bodyText(730, '0 g', 16)}\n/CS0 cs 1 scn 150 250 300 200 re f`,
      `${f} /ColorSpace << /CS0 [/Separation /PANTONE#20Cool#20Gray#207#20C /DeviceCMYK << /FunctionType 2 /Domain [0 1] /C0 [0 0 0 0] /C1 [0 0 0 0.45] /N 1 >>] >>`,
    );
    pdf.page(
      `${bodyText(731, '0 g', 16)}\n/CS0 cs 1 scn 150 250 300 200 re f`,
      `${f} /ColorSpace << /CS0 [/Separation /PANTONE#20185#20C /DeviceCMYK << /FunctionType 2 /Domain [0 1] /C0 [0 0 0 0] /C1 [0 0.93 0.79 0] /N 1 >>] >>`,
    );
  },
);

// --- Overprint: what a printer does that a screen does not.
/** A page's resources with overprint on in graphics state GS1 (OPM 1), and the font. */
const overprintOn = (pdf: RawPdf) => `${font(pdf)} /ExtGState << /GS1 << /OP true /op true /OPM 1 >> >>`;
/** Body text, red art, and over it a box of `black` (0 to 1) set to overprint. */
const redUnderOverprintBox = (seed: number, black: string) =>
  `${bodyText(seed, '0 g', 16)}\n0 0.9 0.9 0 k 150 250 300 200 re f\n/GS1 gs 0 0 0 ${black} k 100 200 400 300 re f`;
colourCase(
  'overprint-white.pdf',
  [1],
  'red art under a white box set to overprint (OPM 1): the screen shows white, a printer prints the red; colour',
  (pdf) => {
    pdf.page(redUnderOverprintBox(800, '0'), overprintOn(pdf));
  },
);
colourCase(
  'overprint-grey.pdf',
  [1],
  'red art under a 50 % black box set to overprint: the screen shows grey, a printer prints dark red; colour',
  (pdf) => {
    pdf.page(redUnderOverprintBox(810, '0.5'), overprintOn(pdf));
  },
);
colourCase(
  'overprint-black-text.pdf',
  [],
  'black text set to overprint (as print-ready files do) on white paper: black & white',
  (pdf) => {
    pdf.page(`/GS1 gs\n${bodyText(820, '0 0 0 1 k', 40)}`, overprintOn(pdf));
  },
);

// --- Annotations: stamps and comments with their print flags (Print 4, Hidden 2, NoView 32).
function stampAp(pdf: RawPdf): number {
  return pdf.stream(
    '/Type /XObject /Subtype /Form /BBox [0 0 150 50] /Resources << >>',
    '0.85 0.1 0.1 RG 4 w 2 2 146 46 re S 0.85 0.1 0.1 rg 20 15 110 20 re f',
  );
}
{
  // The note names each stamp's flags, so this case is written out rather than through colourCase.
  const pdf = rawPdf();
  const f = font(pdf);
  const ocgOff = pdf.add('<< /Type /OCG /Name (Review) >>');
  const cases: Array<[string, string]> = [
    ['/F 4', 'printable'],
    ['', 'no Print flag (a comment)'],
    ['/F 36', 'Print + NoView: prints only'],
    ['/F 6', 'Print + Hidden'],
    [`/F 4 /OC ${ocgOff} 0 R`, 'printable, in a hidden layer'],
  ];
  cases.forEach(([flags], i) => {
    const ap = stampAp(pdf);
    const annot = pdf.add(
      `<< /Type /Annot /Subtype /Stamp /Rect [400 700 550 750] /Name /Approved ${flags} /AP << /N ${ap} 0 R >> >>`,
    );
    pdf.page(bodyText(900 + i, '0 g', 30), f, `/Annots [${annot} 0 R]`);
  });
  pdf.catalog(`/OCProperties << /OCGs [${ocgOff} 0 R] /D << /OFF [${ocgOff} 0 R] >> >>`);
  save(
    'annot-stamps.pdf',
    pdf,
    [1, 3],
    `red stamps: ${cases.map(([, w], i) => `${i + 1} ${w}`).join('; ')}. Printed: 1 and 3`,
  );
}
colourCase(
  'annot-ink-comment.pdf',
  [1],
  'a blue ink drawing set to print (colour); an orange box comment without the Print flag, with its popup (black & white)',
  (pdf) => {
    const f = font(pdf);
    const ink = pdf.stream(
      '/Type /XObject /Subtype /Form /BBox [0 0 200 100] /Resources << >>',
      '0.1 0.3 0.9 RG 3 w 1 J 10 10 m 60 90 l 110 10 l 160 90 l 190 20 l S',
    );
    const a1 = pdf.add(
      `<< /Type /Annot /Subtype /Ink /Rect [300 600 500 700] /F 4 /C [0.1 0.3 0.9] /InkList [[310 610 360 690 410 610 460 690 490 620]] /AP << /N ${ink} 0 R >> >>`,
    );
    const sq = pdf.stream(
      '/Type /XObject /Subtype /Form /BBox [0 0 200 100] /Resources << >>',
      '0.9 0.5 0 RG 0.9 0.5 0 rg 0 0 200 100 re f',
    );
    const a2 = pdf.add(
      `<< /Type /Annot /Subtype /Square /Rect [300 600 500 700] /C [0.9 0.5 0] /AP << /N ${sq} 0 R >> >>`,
    );
    const popup = pdf.add(`<< /Type /Annot /Subtype /Popup /Rect [300 500 500 600] /F 4 /Parent ${a2} 0 R >>`);
    pdf.page(bodyText(950, '0 g', 30), f, `/Annots [${a1} 0 R]`);
    pdf.page(bodyText(951, '0 g', 30), f, `/Annots [${a2} 0 R ${popup} 0 R]`);
  },
);

// --- Form fields: a filled form prints the values its fields show.
function textField(
  pdf: RawPdf,
  fontRef: number,
  name: string,
  value: string,
  rect: [number, number, number, number],
  colour: string,
  flags: string,
  withAp = true,
): number {
  const [x0, y0, x1, y1] = rect;
  const ap = withAp
    ? ` /AP << /N ${pdf.stream(`/Type /XObject /Subtype /Form /BBox [0 0 ${x1 - x0} ${y1 - y0}] /Resources << /Font << /Helv ${fontRef} 0 R >> >>`, `/Tx BMC q BT ${colour} /Helv 12 Tf 2 6 Td (${esc(value)}) Tj ET Q EMC`)} 0 R >>`
    : '';
  return pdf.add(
    `<< /Type /Annot /Subtype /Widget /FT /Tx /T (${name}) /V (${esc(value)}) /DA (/Helv 12 Tf ${colour}) /Rect [${x0} ${y0} ${x1} ${y1}] ${flags}${ap} >>`,
  );
}
colourCase(
  'form-filled.pdf',
  [1, 3],
  'a filled form: a name in blue (prints), a red field without the Print flag (screen only), a ticked green check box (prints)',
  (pdf) => {
    const helv = pdf.add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
    const f = `/Font << /F1 ${helv} 0 R >>`;
    const w1 = textField(pdf, helv, 'name', 'Ramesh Kumar Venkata', [300, 700, 520, 724], '0 0 0.8 rg', '/F 4');
    const w2 = textField(pdf, helv, 'office', 'For office use only', [300, 700, 520, 724], '0.8 0 0 rg', '');
    const on = pdf.stream(
      '/Type /XObject /Subtype /Form /BBox [0 0 40 40] /Resources << >>',
      '0 0.6 0.2 rg 0 0 40 40 re f 1 g 8 18 m 16 8 l 32 32 l 28 34 l 16 16 l 11 22 l f',
    );
    const off = pdf.stream(
      '/Type /XObject /Subtype /Form /BBox [0 0 40 40] /Resources << >>',
      '0 G 1 w 0.5 0.5 39 39 re S',
    );
    const w3 = pdf.add(
      `<< /Type /Annot /Subtype /Widget /FT /Btn /T (agree) /V /Yes /AS /Yes /Rect [300 700 340 740] /F 4 /AP << /N << /Yes ${on} 0 R /Off ${off} 0 R >> >> >>`,
    );
    pdf.page(bodyText(960, '0 g', 30), f, `/Annots [${w1} 0 R]`);
    pdf.page(bodyText(961, '0 g', 30), f, `/Annots [${w2} 0 R]`);
    pdf.page(bodyText(962, '0 g', 30), f, `/Annots [${w3} 0 R]`);
    pdf.catalog(
      `/AcroForm << /Fields [${w1} 0 R ${w2} 0 R ${w3} 0 R] /DA (/Helv 0 Tf 0 g) /DR << /Font << /Helv ${helv} 0 R >> >> >>`,
    );
  },
);
colourCase(
  'form-need-appearances.pdf',
  [1],
  'a form field filled in red with no appearance (/NeedAppearances): a viewer draws the value and prints it; colour',
  (pdf) => {
    const helv = pdf.add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
    const w1 = textField(pdf, helv, 'name', 'Lakshmi Prasanna Devi', [300, 700, 540, 724], '0.8 0 0 rg', '/F 4', false);
    pdf.page(bodyText(970, '0 g', 30), `/Font << /F1 ${helv} 0 R >>`, `/Annots [${w1} 0 R]`);
    pdf.catalog(
      `/AcroForm << /Fields [${w1} 0 R] /NeedAppearances true /DA (/Helv 0 Tf 0 g) /DR << /Font << /Helv ${helv} 0 R >> >> >>`,
    );
  },
);

const manifest: Record<string, Label & { bytes: number; sha256: string }> = {};
for (const name of Object.keys(labels).sort()) {
  const bytes = fs.readFileSync(path.join(OUT, name));
  manifest[name] = {
    ...labels[name]!,
    bytes: bytes.length,
    sha256: crypto.createHash('sha256').update(bytes).digest('hex'),
  };
}
fs.writeFileSync(path.join(OUT, 'labels.json'), `${JSON.stringify(manifest, null, 1)}\n`);
console.log(`${Object.keys(manifest).length} files in ${path.relative(process.cwd(), OUT)}`);
