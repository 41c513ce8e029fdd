import type { Service } from '@shop/shared/catalog/schemas';
import { settlePrintChoice } from '@shop/shared/catalog/print-offer';

/** What the wizard's print choices hold: the service that prices them and its print (docs/decisions/009). */
export interface PrintSelection {
  serviceId: number;
  printingType: string;
  paperSize: string;
  paperType: string;
  sides: 'single' | 'double';
}

export interface SettledSelection {
  selection: PrintSelection;
  service: Service;
  /** Every active service printing the same (the customer may pick one when there are several). */
  alternatives: Service[];
}

/**
 * The selection after a change (or after the catalogue refreshed): printing type, paper size and paper type moved to
 * what an active service prints, the service that prints them (the one chosen so far when it still does), and sides
 * that service offers. Null when no service is offered at all.
 */
export function selectPrint(
  services: readonly Service[],
  current: PrintSelection,
  patch: Partial<PrintSelection> = {},
): SettledSelection | null {
  const wanted = { ...current, ...patch };
  const settled = settlePrintChoice(services, wanted, wanted.serviceId);
  if (!settled) return null;
  const s = settled.service;
  const offersWanted = wanted.sides === 'double' ? s.supports_double_side : s.supports_single_side;
  const sides = offersWanted ? wanted.sides : s.supports_single_side ? 'single' : 'double';
  return { selection: { ...settled.choice, serviceId: s.id, sides }, service: s, alternatives: settled.alternatives };
}

export function isSameSelection(a: PrintSelection, b: PrintSelection): boolean {
  return (
    a.serviceId === b.serviceId &&
    a.printingType === b.printingType &&
    a.paperSize === b.paperSize &&
    a.paperType === b.paperType &&
    a.sides === b.sides
  );
}
