import { cmyk, PDFDocument, rgb, StandardFonts } from 'pdf-lib';

/** A document whose pages are each a case of the colour rule (decision 016). */
export async function casesPdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const text = (color: ReturnType<typeof rgb> | ReturnType<typeof cmyk>) => {
    const page = pdf.addPage([595, 842]);
    for (let y = 780; y > 80; y -= 18)
      page.drawText('The quick brown fox jumps over the lazy dog, again and again.', {
        x: 50,
        y,
        size: 11,
        font,
        color,
      });
    return page;
  };
  text(rgb(0, 0, 0)); // 1: black text
  text(cmyk(1, 1, 1, 1)); // 2: rich black text (C=M=Y=K=100 %)
  text(rgb(0, 0, 0)).drawRectangle({ x: 100, y: 300, width: 400, height: 300, color: rgb(0.55, 0.55, 0.55) }); // 3: a grey picture
  text(rgb(0, 0, 0)).drawRectangle({ x: 500, y: 760, width: 28, height: 28, color: rgb(0.85, 0.1, 0.1) }); // 4: a 1 cm red logo
  text(rgb(0, 0, 0)).drawRectangle({ x: 50, y: 100, width: 495, height: 640, color: rgb(0.2, 0.5, 0.8) }); // 5: a colour photo
  text(rgb(0, 0, 0.9)); // 6: blue (link) text
  const tiny = pdf.addPage([595, 842]); // 7: one coloured dot, smaller than the rule counts
  tiny.drawRectangle({ x: 300, y: 400, width: 2, height: 2, color: rgb(1, 0, 0) });
  return pdf.save();
}
