/**
 * What one account may keep and do (docs/decisions/012-quotas-and-clean-up.md). The server enforces these; the web
 * app may state them. Every refusal is a 429 `{ message, code }` with a Retry-After header.
 */

/** Defaults: uploads not (yet) in a paid order, per account, the files and megabytes kept at once. */
export const DEFAULT_UPLOAD_QUOTA_FILES = 30;
export const DEFAULT_UPLOAD_QUOTA_MB = 150;
/** Default: documents waiting for payment at once, per account (retried payments of one document count once). */
export const DEFAULT_OPEN_DRAFTS_MAX = 10;
/** Uploads one account may have in progress at once on one server copy. */
export const MAX_CONCURRENT_UPLOADS = 3;

export const QUOTA_CODES = {
  /** Too many requests of one kind in a short time (per account, or per network address). */
  rateLimited: 'rate_limited',
  /** Too many files uploaded and not ordered. */
  uploadQuota: 'upload_quota',
  /** Too many orders waiting for payment. */
  draftQuota: 'draft_quota',
  /** Another upload from this account is still in progress. */
  uploadsInProgress: 'uploads_in_progress',
} as const;

/** "45 seconds", "3 minutes", "about 5 hours": how long to wait, in words a customer reads at a glance. */
export function waitInWords(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return `${s} ${s === 1 ? 'second' : 'seconds'}`;
  const m = Math.ceil(s / 60);
  if (m < 60) return `${m} ${m === 1 ? 'minute' : 'minutes'}`;
  const h = Math.round(m / 60);
  return `about ${h} ${h === 1 ? 'hour' : 'hours'}`;
}

export const QUOTA_MESSAGES = {
  quotes: (wait: string) => `You have asked for many prices in a short time. Please wait ${wait} and try again.`,
  uploads: (wait: string) => `You have uploaded many files in a short time. Please wait ${wait} and try again.`,
  storageTests: (wait: string) => `You have run many storage tests in a short time. Please wait ${wait} and try again.`,
  drafts: (wait: string) => `You have started many payments in a short time. Please wait ${wait} and try again.`,
  network: (wait: string) =>
    `Many requests like this are coming from your network (for example a shared Wi-Fi) right now. Please wait ${wait} and try again.`,
  uploadQuota: (q: { files: number; megabytes: number; retentionHours: number }, wait: string) =>
    `You have uploaded ${q.files} files or ${q.megabytes} MB that are not in an order yet, the most we keep for one account. ` +
    `Files that are not ordered are removed ${q.retentionHours} hours after upload: please order them, or upload more in ${wait}.`,
  draftQuota: (max: number, wait: string) =>
    `You have ${max} orders waiting for payment. Please pay for one of them, or try again in ${wait}, when the oldest expires.`,
  uploadsInProgress: () => `Your other uploads are still in progress. Please wait for them to finish, then try again.`,
} as const;
