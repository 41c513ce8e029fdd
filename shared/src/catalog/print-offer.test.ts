import { describe, expect, it } from 'vitest';
import {
  describePrint,
  notOfferedMessage,
  printMenu,
  printMismatchFields,
  settlePrintChoice,
  type OfferingService,
} from './print-offer.ts';

let nextId = 1;
const svc = (
  name: string,
  printing_type: string,
  paper_size: string,
  paper_type: string,
  price_single_side: number,
  over: Partial<OfferingService> = {},
): OfferingService => ({
  id: nextId++,
  name,
  printing_type,
  paper_size,
  paper_type,
  price_single_side,
  price_double_side: price_single_side * 1.5,
  supports_single_side: true,
  supports_double_side: true,
  ...over,
});

// The demo catalogue's shape: one B&W A4, one B&W Legal, colour A4 and A3, two PVC services offering the same print.
const bwA4 = svc('Black & White Printing A4', 'bw', 'a4', 'white_70gsm', 2);
const bwLegal = svc('Black & White Legal Bond', 'bw', 'legal', 'bond_80gsm', 4);
const colourA4 = svc('Color Printing A4', 'color', 'a4', 'white_75gsm', 10);
const colourA3 = svc('Color Printing A3 Poster', 'color', 'a3', 'bond_100gsm', 30);
const pvcMember = svc('PVC Membership Card', 'pvc', 'a4', 'photo_paper', 80);
const pvcId = svc('PVC ID Card', 'pvc', 'a4', 'photo_paper', 60);
const catalogue = [bwA4, bwLegal, colourA4, colourA3, pvcMember, pvcId];

describe('the wizard offers only what a service offers', () => {
  it('menus cascade: printing types of any service, then sizes and paper of the chosen ones', () => {
    expect(printMenu(catalogue, { printingType: 'bw', paperSize: 'a4' })).toEqual({
      printingTypes: ['color', 'bw', 'pvc'],
      paperSizes: ['a4', 'legal'],
      paperTypes: ['white_70gsm'],
    });
    expect(printMenu(catalogue, { printingType: 'color', paperSize: 'a3' })).toEqual({
      printingTypes: ['color', 'bw', 'pvc'],
      paperSizes: ['a4', 'a3'],
      paperTypes: ['bond_100gsm'],
    });
    // Photo paper is not offered on A3, nor PVC on any paper service.
    expect(printMenu(catalogue, { printingType: 'color', paperSize: 'a3' }).paperTypes).not.toContain('photo_paper');
    expect(printMenu(catalogue, { printingType: 'pvc', paperSize: 'a4' }).paperTypes).toEqual(['photo_paper']);
    expect(printMenu([bwA4], { printingType: 'bw', paperSize: 'a4' }).printingTypes).toEqual(['bw']);
  });

  it.each([
    // wanted, preferred service, expected print, expected service
    [{ printingType: 'bw', paperSize: 'a4', paperType: 'white_70gsm' }, bwA4.id, 'bw a4 white_70gsm', bwA4],
    // Switching B&W A4 to Color keeps A4 and moves the paper to the colour service's.
    [{ printingType: 'color', paperSize: 'a4', paperType: 'white_70gsm' }, bwA4.id, 'color a4 white_75gsm', colourA4],
    // Then A3: the A3 colour service and its paper.
    [
      { printingType: 'color', paperSize: 'a3', paperType: 'white_75gsm' },
      colourA4.id,
      'color a3 bond_100gsm',
      colourA3,
    ],
    // B&W has no A3: back to A4.
    [{ printingType: 'bw', paperSize: 'a3', paperType: 'bond_100gsm' }, colourA3.id, 'bw a4 white_70gsm', bwA4],
    // PVC from a paper service: its only print.
    [{ printingType: 'pvc', paperSize: 'legal', paperType: 'bond_80gsm' }, bwLegal.id, 'pvc a4 photo_paper', pvcId],
    // Two services print the same: the one being ordered stays, else the cheapest.
    [{ printingType: 'pvc', paperSize: 'a4', paperType: 'photo_paper' }, pvcMember.id, 'pvc a4 photo_paper', pvcMember],
    [{ printingType: 'pvc', paperSize: 'A4', paperType: 'photo_paper' }, undefined, 'pvc a4 photo_paper', pvcId],
    // A printing type nobody offers any more falls back to one that is.
    [
      { printingType: 'glitter', paperSize: 'a4', paperType: 'white_75gsm' },
      undefined,
      'color a4 white_75gsm',
      colourA4,
    ],
  ])('%o (ordering service %s) settles on %s', (wanted, preferred, print, service) => {
    const settled = settlePrintChoice(catalogue, wanted, preferred)!;
    expect(`${settled.choice.printingType} ${settled.choice.paperSize} ${settled.choice.paperType}`).toBe(print);
    expect(settled.service.id).toBe(service.id);
    for (const s of settled.alternatives) expect(`${s.printing_type} ${s.paper_size} ${s.paper_type}`).toBe(print);
  });

  it('lists every service offering the print, cheapest first; nothing offered is null', () => {
    expect(
      settlePrintChoice(catalogue, {
        printingType: 'pvc',
        paperSize: 'a4',
        paperType: 'photo_paper',
      })!.alternatives.map((s) => s.name),
    ).toEqual(['PVC ID Card', 'PVC Membership Card']);
    expect(settlePrintChoice([], { printingType: 'bw', paperSize: 'a4', paperType: 'white_70gsm' })).toBeNull();
  });
});

describe('the refusal says what the service prints', () => {
  it('names the service, its print and the one asked for; marks the fields that differ', () => {
    const offered = { printingType: 'bw', paperSize: 'a4', paperType: 'white_70gsm' };
    const asked = { printingType: 'color', paperSize: 'a3', paperType: 'photo_paper' };
    expect(describePrint(asked)).toBe('Color on A3 Photo Paper');
    expect(notOfferedMessage('Black & White Printing A4', offered, asked)).toBe(
      '"Black & White Printing A4" prints Black & White on A4 White 70 GSM, not Color on A3 Photo Paper. Please choose printing options one of our services offers.',
    );
    expect(printMismatchFields(offered, asked)).toEqual({
      printingType: 'Not offered by this service',
      paperSize: 'Not offered by this service',
      paperType: 'Not offered by this service',
    });
    expect(printMismatchFields(offered, { ...offered, paperSize: 'A4' })).toEqual({});
  });
});
