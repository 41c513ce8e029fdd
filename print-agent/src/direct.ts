import type { AgentPrinter } from '@shop/shared/printing/schemas';
import { printerFromAttributes, PRINTER_ATTRIBUTES } from './cups.ts';
import { groups, IppJobs, list, type CupsJobStatus } from './ipp.ts';
import { pwgRasterStream } from './raster.ts';

/**
 * A printer the agent prints to straight over IPP, with no CUPS (decision 035): an IPP Everywhere printer on the
 * shop's network, added by the admin by its address. PDF when it lists application/pdf in document-format-supported,
 * else PWG raster the agent renders (every IPP Everywhere printer takes it), at a resolution and pixel type it lists.
 */
export const PDF = 'application/pdf';
export const PWG_RASTER = 'image/pwg-raster';

/** What the agent needs to know to send a job, besides what the shop records. */
export interface DirectCapabilities {
  formats: string[];
  /** The format the agent sends (null: none it can make). */
  format: typeof PDF | typeof PWG_RASTER | null;
  resolutions: number[];
  rasterTypes: string[];
  sheetBack: string;
  media: string[];
}

/** The address as the admin typed it, checked: ipp(s):// or http(s)://, a host, no user name or password. */
export function parsePrinterUri(text: string): URL {
  let u: URL;
  try {
    u = new URL(text.trim());
  } catch {
    throw new Error('not an address: write it as ipp://192.168.1.20/ipp/print');
  }
  if (!['ipp:', 'ipps:', 'http:', 'https:'].includes(u.protocol))
    throw new Error('a printer address starts with ipp://, ipps://, http:// or https://');
  if (!u.hostname) throw new Error('the address has no printer name or IP address');
  if (u.username || u.password) throw new Error('leave the user name and password out of the printer address');
  if (u.hash) throw new Error('a printer address has no #');
  return u;
}

/** Resolutions from pwg-raster-document-resolution-supported ([x, y, 'dpi'] each, or one such). */
function resolutionsOf(value: unknown): number[] {
  const items = Array.isArray(value) && typeof value[0] === 'number' ? [value] : Array.isArray(value) ? value : [];
  return items
    .filter((r): r is [number, number, string] => Array.isArray(r) && typeof r[0] === 'number')
    .map(([x, y, unit]) => (unit === 'dpcm' ? Math.round(Math.min(x, y) * 2.54) : Math.min(x, y)))
    .filter((r) => r > 0);
}

/** 300 dpi when listed (sharp text, a quarter of 600's pixels), else the nearest above, else the highest. */
export function chooseResolution(listed: number[]): number | null {
  if (!listed.length) return null;
  const sorted = [...new Set(listed)].sort((a, b) => a - b);
  return sorted.find((r) => r >= 300) ?? sorted.at(-1)!;
}

/** The 8-bit pixel type for a job: RGB for colour (grey when the printer takes only grey), grey for monochrome. */
export function chooseRasterType(types: string[], colour: boolean): 'srgb' | 'sgray' | null {
  const has = (t: string) => types.includes(t);
  if (colour && has('srgb_8')) return 'srgb';
  if (has('sgray_8')) return 'sgray';
  if (has('srgb_8')) return 'srgb';
  return null;
}

export class DirectPrinter {
  readonly jobs: IppJobs;
  private known: DirectCapabilities | null = null;

  constructor(
    readonly queue: string,
    readonly uri: string,
  ) {
    const u = parsePrinterUri(uri);
    this.jobs = new IppJobs(u.href, { who: 'the printer', label: `${u.protocol}//${u.host}` });
  }

  /** Its state and what it can do, as the shop records a printer, and what the agent needs to send it jobs. */
  async describe(): Promise<{ printer: AgentPrinter; caps: DirectCapabilities }> {
    // A switched-off printer must not hold the agent's reports up for long.
    const res = await this.jobs.request(
      'Get-Printer-Attributes',
      {
        'requested-attributes': [
          ...PRINTER_ATTRIBUTES,
          'pwg-raster-document-resolution-supported',
          'pwg-raster-document-type-supported',
          'pwg-raster-document-sheet-back',
        ],
      },
      undefined,
      { timeoutMs: 8_000 },
    );
    const a = groups(res['printer-attributes-tag'])[0] ?? {};
    const base = printerFromAttributes(this.queue, a);
    const formats = list(a['document-format-supported']);
    const resolutions = resolutionsOf(a['pwg-raster-document-resolution-supported']);
    const rasterTypes = list(a['pwg-raster-document-type-supported']);
    const rasterUsable =
      formats.includes(PWG_RASTER) &&
      chooseResolution(resolutions) !== null &&
      chooseRasterType(rasterTypes, false) !== null;
    const format = formats.includes(PDF) ? PDF : rasterUsable ? PWG_RASTER : null;
    const caps: DirectCapabilities = {
      formats,
      format,
      resolutions,
      rasterTypes,
      sheetBack: String(a['pwg-raster-document-sheet-back'] ?? 'normal'),
      media: base.capabilities.media,
    };
    this.known = caps;
    const printer: AgentPrinter = {
      ...base,
      // The name the admin gave it; what the printer calls itself goes with its model.
      info: this.queue,
      makeAndModel: [base.makeAndModel, base.info && base.info !== base.makeAndModel ? `(${base.info})` : '']
        .filter(Boolean)
        .join(' ')
        .slice(0, 200),
      // "Can print the shop's PDFs": straight, or as raster the agent makes.
      capabilities: { ...base.capabilities, pdf: format !== null, ...(format ? { format } : {}) },
    };
    return { printer, caps };
  }

  async capabilities(): Promise<DirectCapabilities> {
    return this.known ?? (await this.describe()).caps;
  }

  /**
   * Sends the shop's PDF: as it is when the printer takes PDF, else rendered to PWG raster. The attributes are the
   * allow-listed job template (copies, sides, media, print-color-mode). Answers the printer's job id.
   */
  async submit(
    jobName: string,
    attributes: Record<string, unknown>,
    pdf: Buffer,
  ): Promise<{ jobId: number; format: string; pages?: number }> {
    const caps = await this.describe();
    if (caps.caps.format === PDF)
      return { jobId: await this.jobs.submit(jobName, PDF, attributes, pdf, 120_000), format: PDF };
    if (caps.caps.format !== PWG_RASTER)
      throw new Error(
        `${this.queue} takes neither PDF nor a PWG raster the agent can make (it lists ${caps.caps.formats.join(', ') || 'no formats'})`,
      );
    const colour = attributes['print-color-mode'] === 'color';
    const colorSpace = chooseRasterType(caps.caps.rasterTypes, colour)!;
    const resolution = chooseResolution(caps.caps.resolutions)!;
    const { pages, stream, failure } = await pwgRasterStream(pdf, {
      media: String(attributes.media ?? ''),
      colorSpace,
      resolution,
      duplex: String(attributes.sides ?? '').startsWith('two-sided'),
      sheetBack: caps.caps.sheetBack,
    });
    // A page can take a few seconds to render on a small PC: the connection may be quiet that long.
    try {
      const jobId = await this.jobs.submit(jobName, PWG_RASTER, attributes, stream, 120_000);
      return { jobId, format: PWG_RASTER, pages };
    } catch (err) {
      // The stream ended because a page failed, not because the printer went away: said as such (not retried).
      throw failure() ?? err;
    }
  }

  find(key: string): Promise<CupsJobStatus | null> {
    return this.jobs.find(key);
  }

  job(id: number): Promise<CupsJobStatus | null> {
    return this.jobs.job(id);
  }
}
