import {
  PAPER_SIZES,
  PAPER_TYPES,
  PRINTING_TYPE_LABELS,
  PRINTING_TYPES,
  paperSizeLabel,
  paperTypeLabel,
  type PrintingType,
} from '../common/options.ts';

/**
 * "Service decides the print" (docs/decisions/009-service-decides-the-print.md): a service fixes printing type, paper
 * size and paper type. The wizard's three choices select the active service that offers them (and so its prices);
 * the server refuses a service asked to print something else, with this code.
 */
export const PRINT_OPTIONS_NOT_OFFERED = 'print_options_not_offered';

export interface PrintChoice {
  printingType: string;
  paperSize: string;
  paperType: string;
}

/** The part of the API's Service the wizard chooses by. */
export interface OfferingService {
  id: number;
  name: string;
  printing_type: string;
  paper_size: string;
  paper_type: string;
  price_single_side: number;
  price_double_side: number;
  supports_single_side: boolean;
  supports_double_side: boolean;
}

export function printChoiceOf(
  service: Pick<OfferingService, 'printing_type' | 'paper_size' | 'paper_type'>,
): PrintChoice {
  return { printingType: service.printing_type, paperSize: service.paper_size, paperType: service.paper_type };
}

export function isSamePrint(a: PrintChoice, b: PrintChoice): boolean {
  return (
    a.printingType === b.printingType &&
    a.paperSize.toLowerCase() === b.paperSize.toLowerCase() &&
    a.paperType === b.paperType
  );
}

/** "Color on A3 Photo Paper" */
export function describePrint(c: PrintChoice): string {
  const type = PRINTING_TYPE_LABELS[c.printingType as PrintingType] ?? c.printingType;
  return `${type} on ${paperSizeLabel(c.paperSize)} ${paperTypeLabel(c.paperType)}`;
}

/** What the customer is told when a service is asked to print what it does not offer. */
export function notOfferedMessage(serviceName: string, offered: PrintChoice, asked: PrintChoice): string {
  return `"${serviceName}" prints ${describePrint(offered)}, not ${describePrint(asked)}. Please choose printing options one of our services offers.`;
}

/** The fields of `asked` that differ from what the service prints, each with a message (for form fields). */
export function printMismatchFields(offered: PrintChoice, asked: PrintChoice): Record<string, string> {
  const fields: Record<string, string> = {};
  if (offered.printingType !== asked.printingType) fields.printingType = 'Not offered by this service';
  if (offered.paperSize.toLowerCase() !== asked.paperSize.toLowerCase())
    fields.paperSize = 'Not offered by this service';
  if (offered.paperType !== asked.paperType) fields.paperType = 'Not offered by this service';
  return fields;
}

const inOrder = <T extends string>(all: readonly T[], offered: Set<string>): T[] => all.filter((v) => offered.has(v));

/** The choices the wizard shows: printing types any service offers, then sizes and paper types under the ones chosen. */
export function printMenu(services: readonly OfferingService[], c: Pick<PrintChoice, 'printingType' | 'paperSize'>) {
  const ofType = services.filter((s) => s.printing_type === c.printingType);
  const ofSize = ofType.filter((s) => s.paper_size === c.paperSize);
  return {
    printingTypes: inOrder(PRINTING_TYPES, new Set(services.map((s) => s.printing_type))),
    paperSizes: inOrder(PAPER_SIZES, new Set(ofType.map((s) => s.paper_size))),
    paperTypes: inOrder(PAPER_TYPES, new Set(ofSize.map((s) => s.paper_type))),
  };
}

/** Services offering exactly this print, cheapest first (then oldest). */
export function servicesOffering<S extends OfferingService>(services: readonly S[], c: PrintChoice): S[] {
  return services
    .filter((s) => isSamePrint(printChoiceOf(s), c))
    .sort((a, b) => a.price_single_side - b.price_single_side || a.id - b.id);
}

/**
 * After the customer changes one choice: keep what is still offered and move the rest to the nearest offered value
 * (the choice just made always stays: the menus only offer valid values). Then the service that prices it: the
 * preferred one (the service being ordered) when it offers this print, else the cheapest that does.
 * Null when no service is offered at all.
 */
export function settlePrintChoice<S extends OfferingService>(
  services: readonly S[],
  wanted: PrintChoice,
  preferredServiceId?: number,
): { choice: PrintChoice; service: S; alternatives: S[] } | null {
  const pick = <T extends string>(offered: T[], current: string, fallback?: T): T | undefined =>
    offered.find((v) => v === current) ?? (fallback && offered.includes(fallback) ? fallback : offered[0]);
  const printingType = pick(printMenu(services, wanted).printingTypes, wanted.printingType);
  if (!printingType) return null;
  const paperSize = pick(
    printMenu(services, { printingType, paperSize: '' }).paperSizes,
    wanted.paperSize.toLowerCase(),
    'a4',
  );
  if (!paperSize) return null;
  const paperType = pick(printMenu(services, { printingType, paperSize }).paperTypes, wanted.paperType);
  if (!paperType) return null;
  const choice = { printingType, paperSize, paperType };
  const alternatives = servicesOffering(services, choice);
  const service = alternatives.find((s) => s.id === preferredServiceId) ?? alternatives[0];
  return service ? { choice, service, alternatives } : null;
}
