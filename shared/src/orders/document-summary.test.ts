import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import en from '../i18n/words/en.ts';
import te from '../i18n/words/te.ts';
import {
  colourSplit,
  documentSummary,
  pagesPrinted,
  type DocumentWords,
  type SummarisedDocument,
} from './document-summary.ts';
import { documentOfDto } from './order.ts';

/** The shared words compiled as each side compiles them (Lingui, ICU plurals). */
function words(lang: 'en' | 'te'): DocumentWords {
  const messages = Object.fromEntries(Object.entries(lang === 'en' ? en : te).map(([k, v]) => [k, compileMessage(v)]));
  const i18n = setupI18n({ locale: lang, messages: { [lang]: messages } });
  return (key, values) => i18n._(key, values);
}

const doc = (over: Partial<SummarisedDocument> = {}): SummarisedDocument => ({
  originalFilename: 'report.pdf',
  pageCount: 26,
  pageRange: '1-6',
  printedPages: 6,
  printingType: 'color',
  colourMode: 'mixed',
  colourPages: '2, 5',
  copies: 1,
  ...over,
});

describe('documentSummary: one line per document', () => {
  it.each([
    [
      'a range in mixed colour',
      doc(),
      'report.pdf · pages 1-6 · 2 colour + 4 B&W · 1 copy',
      'report.pdf · పేజీలు 1-6 · 2 కలర్ + 4 బ్లాక్ & వైట్ · 1 కాపీ',
    ],
    [
      'all pages in B&W, 3 copies',
      doc({ pageRange: '', printedPages: 26, printingType: 'bw', colourMode: 'all', colourPages: '', copies: 3 }),
      'report.pdf · 26 pages · B&W · 3 copies',
      'report.pdf · 26 పేజీలు · బ్లాక్ & వైట్ · 3 కాపీలు',
    ],
    [
      'one page of a file',
      doc({ pageRange: '9', printedPages: 1, colourMode: 'all' }),
      'report.pdf · page 9 · colour · 1 copy',
      'report.pdf · పేజీ 9 · కలర్ · 1 కాపీ',
    ],
    [
      'a one-page file',
      doc({ pageCount: 1, pageRange: '', printedPages: 1, printingType: 'pvc', colourMode: 'all' }),
      'report.pdf · 1 page · PVC card · 1 copy',
      'report.pdf · 1 పేజీ · PVC కార్డ్ · 1 కాపీ',
    ],
    [
      'mixed with no colour page left in the range',
      doc({ colourPages: '' }),
      'report.pdf · pages 1-6 · 0 colour + 6 B&W · 1 copy',
      'report.pdf · పేజీలు 1-6 · 0 కలర్ + 6 బ్లాక్ & వైట్ · 1 కాపీ',
    ],
    [
      'a paper original',
      doc({
        originalFilename: 'Ration card',
        paperOriginal: true,
        pageCount: 2,
        pageRange: '',
        printedPages: 2,
        printingType: 'bw',
        colourMode: 'all',
        copies: 4,
      }),
      'Ration card (paper original) · 2 pages · B&W · 4 copies',
      'Ration card (పేపర్ ఒరిజినల్) · 2 పేజీలు · బ్లాక్ & వైట్ · 4 కాపీలు',
    ],
  ])('%s', (_, d, english, telugu) => {
    expect(documentSummary(d, words('en'))).toBe(english);
    expect(documentSummary(d, words('te'))).toBe(telugu);
  });

  it('a photo keeps its own name; the shop may add that it was converted', () => {
    const photo = doc({
      originalFilename: 'photo.jpg',
      convertedFrom: 'jpeg',
      pageCount: 1,
      pageRange: '',
      printedPages: 1,
      colourMode: 'all',
    });
    expect(documentSummary(photo, words('en'))).toBe('photo.jpg · 1 page · colour · 1 copy');
    expect(documentSummary(photo, words('en'), { showConversion: true })).toBe(
      'photo.jpg (converted to PDF) · 1 page · colour · 1 copy',
    );
    expect(documentSummary(photo, words('en'), { withoutName: true })).toBe('1 page · colour · 1 copy');
  });

  it('a one-document mixed-colour order from the API says its split, not "Color" (the tracking page of the issue)', () => {
    const dto = {
      position: 1,
      service_id: 1,
      service_name: 'Color Printing A4',
      file_id: 'f',
      original_filename: 'brochure.pdf',
      converted_from: null,
      printing_type: 'color',
      paper_type: 'white_75gsm',
      paper_size: 'a4',
      orientation: 'portrait',
      sides: 'single',
      copies: 1,
      page_count: 6,
      lamination: false,
      spiral_binding: false,
      paper_binding: false,
      transparent_sheet: false,
      printing_cost: 28,
      binding_cost: 0,
      page_range: '',
      printed_pages: 6,
      colour_mode: 'mixed' as const,
      colour_pages: '2, 5',
      download_url: '/x',
    };
    expect(documentSummary(documentOfDto(dto), words('en'))).toBe('brochure.pdf · 6 pages · 2 colour + 4 B&W · 1 copy');
  });

  it('counts the colour split and the pages printed', () => {
    expect(colourSplit(doc({ colourPages: '1-3, 6', printedPages: 6 }))).toEqual({ colour: 4, bw: 2 });
    expect(colourSplit(doc({ colourMode: 'all' }))).toBeNull();
    expect(pagesPrinted({ printedPages: 6, copies: 3 })).toBe(18);
  });
});
