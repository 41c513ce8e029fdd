import { PRINTER_ROLES, type PrinterRole } from '@shop/shared/printing/schemas';
import type { PrinterChoice } from './options.ts';

/**
 * `HP_LaserJet=bw_a4,Epson_L3250=color_a4,Office`: the CUPS queues the agent offers, each with the role it suggests
 * to the admin (who decides on the Printers screen). Throws with a message naming the bad part.
 */
export function parsePrinterMap(text: string): PrinterChoice[] {
  const out: PrinterChoice[] = [];
  for (const part of text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const [queue, role, extra] = part.split('=').map((s) => s.trim());
    if (!queue || extra !== undefined || /[\s/#\\]/.test(queue))
      throw new Error(`"${part}" is not QUEUE or QUEUE=ROLE`);
    if (role !== undefined && !(PRINTER_ROLES as readonly string[]).includes(role)) {
      throw new Error(`"${role}" is not a printer role (${PRINTER_ROLES.join(', ')})`);
    }
    out.push(role ? { queue, role: role as PrinterRole } : { queue });
  }
  return out;
}
