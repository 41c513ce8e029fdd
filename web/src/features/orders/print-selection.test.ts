import type { Service } from '@shop/shared/catalog/schemas';
import { describe, expect, it } from 'vitest';
import { selectPrint, type PrintSelection } from './print-selection';

const base = {
  description: 'x',
  price: 1,
  image_url: null,
  is_active: true,
  deleted: false,
  category: 'color_printing',
  name_te: null,
  description_te: null,
  sac: null,
  created_at: '',
  updated_at: '',
} as const;
const service = (id: number, over: Partial<Service>): Service => ({
  ...base,
  id,
  name: `Service ${id}`,
  price_single_side: 2,
  price_double_side: 3,
  supports_single_side: true,
  supports_double_side: true,
  printing_type: 'bw',
  paper_size: 'a4',
  paper_type: 'white_70gsm',
  ...over,
});

describe('the wizard selection follows the service that prints it', () => {
  const bw = service(1, {});
  const colourSingleOnly = service(2, {
    printing_type: 'color',
    paper_type: 'white_75gsm',
    price_single_side: 10,
    supports_double_side: false,
  });
  const cardDoubleOnly = service(3, {
    printing_type: 'pvc',
    paper_type: 'photo_paper',
    price_single_side: 60,
    supports_single_side: false,
  });
  const start: PrintSelection = {
    serviceId: 1,
    printingType: 'bw',
    paperSize: 'a4',
    paperType: 'white_70gsm',
    sides: 'double',
  };

  it('switches the service and keeps sides only where the new service offers them', () => {
    expect(selectPrint([bw, colourSingleOnly, cardDoubleOnly], start, { printingType: 'color' })?.selection).toEqual({
      serviceId: 2,
      printingType: 'color',
      paperSize: 'a4',
      paperType: 'white_75gsm',
      sides: 'single',
    });
    expect(
      selectPrint([bw, colourSingleOnly, cardDoubleOnly], { ...start, sides: 'single' }, { printingType: 'pvc' })
        ?.selection,
    ).toMatchObject({ serviceId: 3, sides: 'double' });
    expect(selectPrint([bw, colourSingleOnly], start)?.selection).toEqual(start);
  });

  it('a service switched off moves the selection to one still offered; none at all is null', () => {
    expect(selectPrint([colourSingleOnly], start)?.selection).toMatchObject({
      serviceId: 2,
      printingType: 'color',
      sides: 'single',
    });
    expect(selectPrint([], start)).toBeNull();
  });
});
