/**
 * What one account may keep and do (docs/decisions/012-quotas-and-clean-up.md). The server enforces these; the web
 * app may state them. Every refusal is a 429 `{ message, code }` with a Retry-After header.
 */

/** Uploads not (yet) in a paid order, per account: the count and the bytes kept at once. */
export const MAX_UNORDERED_UPLOADS = 30;
export const MAX_UNORDERED_UPLOAD_BYTES = 150 * 1024 * 1024;
/** Unpaid orders (drafts) open at once, per account. A new payment for the same file replaces the older draft. */
export const MAX_OPEN_DRAFTS = 10;
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

const MB = 1024 * 1024;
export const formatMegabytes = (bytes: number) => `${Math.round(bytes / MB)} MB`;

export const QUOTA_MESSAGES = {
  quotes: (wait: string) => `You have asked for many prices in a short time. Please wait ${wait} and try again.`,
  uploads: (wait: string) => `You have uploaded many files in a short time. Please wait ${wait} and try again.`,
  storageTests: (wait: string) => `You have run many storage tests in a short time. Please wait ${wait} and try again.`,
  drafts: (wait: string) => `You have started many payments in a short time. Please wait ${wait} and try again.`,
  network: (wait: string) =>
    `Many requests like this are coming from your network (for example a shared Wi-Fi) right now. Please wait ${wait} and try again.`,
  uploadQuota: (retentionHours: number, wait: string) =>
    `You have ${MAX_UNORDERED_UPLOADS} files or ${formatMegabytes(MAX_UNORDERED_UPLOAD_BYTES)} uploaded that are not in an order yet, the most we keep for one account. ` +
    `Files that are not ordered are removed ${retentionHours} hours after upload: please order them, or upload more in ${wait}.`,
  draftQuota: (wait: string) =>
    `You have ${MAX_OPEN_DRAFTS} orders waiting for payment. Please pay for one of them, or try again in ${wait}, when the oldest expires.`,
  uploadsInProgress: () => `Your other uploads are still in progress. Please wait for them to finish, then try again.`,
} as const;
