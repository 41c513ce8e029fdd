import type { RateRule } from './gcra.ts';

/**
 * The rate limits, sized from what a busy real customer does (the figures and their reasons are in
 * docs/decisions/012-quotas-and-clean-up.md). Each applies per account; the same rule × ADDRESS_FACTOR applies per
 * network address, so one address cannot spread a flood over many accounts while a shared college Wi-Fi of
 * honest customers stays far below it. RATE_LIMIT_SCALE multiplies them all.
 */
export type RuleName = 'quote' | 'pdfUpload' | 'fileUpload' | 'storageTest' | 'draft' | 'counterUpload';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

export const RULES: Record<RuleName, RateRule> = {
  // Price checks: 40 at once, then 2 a second (a live price at every option change is about 1 a second).
  quote: { burst: 40, intervalMs: SECOND / 2 },
  // PDFs for orders: a semester's notes, 20 at once, then one every 30 s (120 an hour).
  pdfUpload: { burst: 20, intervalMs: 30 * SECOND },
  // Any file, from the storage test page: 5 at once, then one every 3 minutes (20 an hour).
  fileUpload: { burst: 5, intervalMs: 3 * MINUTE },
  // The storage test page's connection check and test upload: 10 at once, then one a minute.
  storageTest: { burst: 10, intervalMs: MINUTE },
  // A clerk's uploads for walk-in orders at rush hour (decision 025): 40 at once, then one every 10 s (360 an hour).
  counterUpload: { burst: 40, intervalMs: 10 * SECOND },
  // Payment orders (each one a Razorpay order): 10 at once, then one every 2 minutes (30 an hour).
  draft: { burst: 10, intervalMs: 2 * MINUTE },
};

/** How many accounts' worth one network address may use. */
export const ADDRESS_FACTOR = 20;

export const HOUR_MS = HOUR;
