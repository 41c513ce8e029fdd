import * as mupdf from 'mupdf';

/**
 * A page drawn as a printer prints it (docs/decisions/032), for the colour check and the page pictures alike: with
 * the print intent (layers and annotations as printed: the print copy has none left, an older stored file may), and,
 * on a page that asks for overprint, in CMYK with overprint simulated, then shown in RGB.
 *
 * mupdf simulates overprint only into a pixmap with separations, which its JavaScript binding does not offer; a
 * printer's overprint keeps the inks below where the object on top has none. Drawing the overprinting objects with
 * the Darken blend mode in CMYK keeps, for each ink, the larger of the two: exactly overprint where the top object's
 * ink is 0 (a white or black-only box over colour keeps the colour below), and the darker where both have ink (where
 * a printer keeps the top's). So colour hidden on screen under an overprinting white box is seen, as it prints. A page
 * without overprint draws the same in RGB directly (the print copy's separations already carry their process colour,
 * separations.ts), which is how most pages are drawn: faster, and the same pixels.
 */

/** Graphics states looked at per page before giving up (and simulating overprint, the safe side). */
const NODE_BUDGET = 20_000;

export function renderAsPrinted(page: mupdf.Page, matrix: mupdf.Matrix): mupdf.Pixmap {
  const pdfPage = page.isPDF() ? (page as mupdf.PDFPage) : null;
  if (!pdfPage) return page.toPixmap(matrix, mupdf.ColorSpace.DeviceRGB, false, true);
  if (!simulateOverprint(pdfPage)) return pdfPage.toPixmap(matrix, mupdf.ColorSpace.DeviceRGB, false, true, 'Print');
  const cmyk = pdfPage.toPixmap(matrix, mupdf.ColorSpace.DeviceCMYK, false, true, 'Print');
  try {
    return cmyk.convertToColorSpace(mupdf.ColorSpace.DeviceRGB);
  } finally {
    cmyk.destroy();
  }
}

/**
 * Whether the page (its resources, and those of the forms, patterns and soft masks it draws) sets overprint; every
 * such graphics state gets /BM /Darken in memory (never saved).
 */
export function simulateOverprint(page: mupdf.PDFPage): boolean {
  let budget = NODE_BUDGET;
  let found = false;
  const seen = new Set<number>();
  const visit = (res: mupdf.PDFObject, depth: number) => {
    if (!res.isDictionary() || depth > 32 || --budget < 0) return;
    if (res.isIndirect()) {
      if (seen.has(res.asIndirect())) return;
      seen.add(res.asIndirect());
    }
    const states = res.get('ExtGState');
    if (states.isDictionary()) {
      states.forEach((gs) => {
        if (--budget < 0 || !gs.isDictionary()) return;
        if (isTrue(gs.get('OP')) || isTrue(gs.get('op'))) {
          found = true;
          gs.put('BM', 'Darken');
        }
        const group = gs.get('SMask', 'G');
        if (group.isStream()) visit(group.get('Resources'), depth + 1);
      });
    }
    for (const key of ['XObject', 'Pattern']) {
      const dict = res.get(key);
      if (!dict.isDictionary()) continue;
      dict.forEach((x) => {
        if (--budget < 0 || !x.isStream()) return;
        if (x.isIndirect()) {
          if (seen.has(x.asIndirect())) return;
          seen.add(x.asIndirect());
        }
        visit(x.get('Resources'), depth + 1);
      });
    }
  };
  visit(page.getObject().getInheritable('Resources'), 0);
  // A page too tangled to look through is drawn the printer's way, to be safe.
  return found || budget < 0;
}

const isTrue = (v: mupdf.PDFObject) => v.isBoolean() && v.asBoolean();
