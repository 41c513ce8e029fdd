/**
 * What the agent lets through from a job the server sent (decision 035): the agent does not trust the server's
 * job blindly (a compromised or mistaken server, or a man in the middle of a misconfigured proxy, must not make it
 * send its token elsewhere or set arbitrary IPP attributes on a shop printer). Only the shop's job template attributes
 * go to the printer, each checked; anything else is dropped and named in the log.
 */
export class UnsafeJob extends Error {}

export const ALLOWED_SIDES = ['one-sided', 'two-sided-long-edge', 'two-sided-short-edge'] as const;
export const ALLOWED_COLOR_MODES = ['monochrome', 'color'] as const;
const MEDIA_NAME = /^[a-z0-9][a-z0-9_.-]{0,99}$/;
const JOB_KEY = /^\d{1,10}\.\d{1,4}\.[12]$/;

export interface CheckedAttributes {
  attributes: { copies: number; sides: string; media: string; 'print-color-mode': string };
  /** Attributes the server sent that are not passed on. */
  dropped: string[];
}

/** The job template for the printer, from the server's `ipp`, checked against the printer's own media list. */
export function checkJobAttributes(ipp: unknown, printerMedia: readonly string[]): CheckedAttributes {
  if (!ipp || typeof ipp !== 'object' || Array.isArray(ipp)) throw new UnsafeJob('the job has no print settings');
  const given = ipp as Record<string, unknown>;
  const copies = given.copies ?? 1;
  if (typeof copies !== 'number' || !Number.isInteger(copies) || copies < 1 || copies > 999)
    throw new UnsafeJob(`copies must be 1 to 999, not ${JSON.stringify(copies)}`);
  const sides = given.sides;
  if (typeof sides !== 'string' || !(ALLOWED_SIDES as readonly string[]).includes(sides))
    throw new UnsafeJob(`sides must be one of ${ALLOWED_SIDES.join(', ')}`);
  const colour = given['print-color-mode'];
  if (typeof colour !== 'string' || !(ALLOWED_COLOR_MODES as readonly string[]).includes(colour))
    throw new UnsafeJob(`print-color-mode must be monochrome or color`);
  const media = given.media;
  if (typeof media !== 'string' || !MEDIA_NAME.test(media))
    throw new UnsafeJob('media must be a PWG media name such as iso_a4_210x297mm');
  if (printerMedia.length && !printerMedia.includes(media)) throw new UnsafeJob(`the printer has no ${media} paper`);
  const dropped = Object.keys(given).filter((k) => !['copies', 'sides', 'media', 'print-color-mode'].includes(k));
  return { attributes: { copies, sides, media, 'print-color-mode': colour }, dropped };
}

/** The job's key checked, and its name as the printer will hold it: printable, short, carrying the key. */
export function checkJobName(key: unknown, name: unknown): { key: string; jobName: string } {
  if (typeof key !== 'string' || !JOB_KEY.test(key)) throw new UnsafeJob('the job key is not ID.ATTEMPT.PASS');
  const printable = typeof name === 'string' ? name.replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ').trim() : '';
  const mark = `[shop-job ${key}]`;
  const base = printable.includes(mark) ? printable : `${printable} ${mark}`.trim();
  // Keep the mark when shortening: it is how the job is found again.
  const jobName =
    base.length <= 200
      ? base
      : `${base
          .replace(mark, '')
          .slice(0, 199 - mark.length)
          .trim()} ${mark}`;
  return { key, jobName };
}

/**
 * The document address the server gave, pinned to the server the agent was started for: same origin, under
 * /api/agent/jobs/. An absolute address elsewhere would receive the agent's token.
 */
export function pinnedDocumentUrl(documentUrl: unknown, server: string): URL {
  if (typeof documentUrl !== 'string' || !documentUrl) throw new UnsafeJob('the job has no document address');
  const base = new URL(server);
  let url: URL;
  try {
    url = new URL(documentUrl, base);
  } catch {
    throw new UnsafeJob('the document address is not an address');
  }
  if (url.origin !== base.origin)
    throw new UnsafeJob(
      `the document is on another server (${url.origin}); the agent only fetches from ${base.origin}`,
    );
  if (!url.pathname.startsWith('/api/agent/jobs/') || url.username || url.password)
    throw new UnsafeJob('the document address is not one of the shop’s print jobs');
  return url;
}
