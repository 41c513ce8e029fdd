import { formatPaise } from '@shop/shared/common/money';
import { paperSizeLabel, paperTypeLabel, PRINTING_TYPE_LABELS, type PrintingType } from '@shop/shared/common/options';
import { PRINTER_ROLE_LABELS, type PrinterRole } from '@shop/shared/printing/schemas';
import type { Config } from '../../config/env.ts';
import type { orders, PrintJobSettings } from '../../db/schema/index.ts';
import { addressText } from '../orders/back-office-dto.ts';
import { ticketPageSize } from './media.ts';
import type { TicketData } from './ticket.ts';

type OrderRow = typeof orders.$inferSelect;

const when = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: 'Asia/Kolkata' });

/** "1–5, 8": a page list written as ranges. */
export function pageRanges(pages: number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < pages.length; ) {
    let j = i;
    while (j + 1 < pages.length && pages[j + 1] === pages[j]! + 1) j++;
    parts.push(j > i ? `${pages[i]}–${pages[j]}` : String(pages[i]));
    i = j + 1;
  }
  return parts.join(', ');
}

export function bindingText(order: Pick<OrderRow, 'spiralBinding' | 'paperBinding' | 'transparentSheet' | 'lamination'>): string {
  const parts = [
    order.spiralBinding && 'Spiral binding',
    order.paperBinding && 'Paper binding',
    order.transparentSheet && 'Transparent sheet',
    order.lamination && 'Lamination',
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : 'None';
}

/** What the ticket says about an order (and the job it goes with, if any). */
export function ticketDataFor(
  config: Config,
  order: OrderRow,
  job?: { id: number; attempt: number; settings: PrintJobSettings; sheets: number; printer: { name: string; role: string | null } },
): TicketData {
  const settings = job?.settings;
  const pageList = settings?.pages ?? null;
  const pages = pageList ? `${pageRanges(pageList)} (${pageList.length} of ${order.pageCount})` : `${order.pageCount} (all)`;
  const sides = order.sides === 'double' ? (settings?.manualDuplex ? 'Double-sided (by hand: turn the stack)' : 'Double-sided (long edge)') : 'Single-sided';
  const role = job?.printer.role as PrinterRole | null | undefined;
  return {
    shopName: config.SHOP_NAME,
    orderNumber: order.orderNumber,
    qrText: order.orderNumber,
    customerName: order.userName,
    customerPhone: order.mobileNumber,
    delivery: { type: order.deliveryType, address: order.deliveryType === 'delivery' ? addressText(order.address) : '' },
    documents: [
      {
        name: order.originalFilename,
        pages,
        copies: order.copies,
        sides,
        paper: `${paperSizeLabel(order.paperSize)} ${paperTypeLabel(order.paperType)} · ${order.orientation === 'landscape' ? 'Landscape' : 'Portrait'}`,
        printing: PRINTING_TYPE_LABELS[order.printingType as PrintingType] ?? order.printingType,
        binding: bindingText(order),
      },
    ],
    paid: formatPaise(order.totalAmount),
    paidAt: order.paidAt ? when.format(order.paidAt) : null,
    job: job
      ? { printer: role ? `${job.printer.name} (${PRINTER_ROLE_LABELS[role]})` : job.printer.name, id: job.id, attempt: job.attempt, sheets: job.sheets, manualDuplex: job.settings.manualDuplex }
      : undefined,
    printedAt: when.format(new Date()),
    size: ticketPageSize(order.paperSize),
  };
}
