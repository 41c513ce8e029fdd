/** Quota and rate-limit refusals, in English exactly as sent (shared/src/quotas/limits.ts QUOTA_MESSAGES). */
export default {
  quotes: 'You have asked for many prices in a short time. Please wait {wait} and try again.',
  uploads: 'You have uploaded many files in a short time. Please wait {wait} and try again.',
  drafts: 'You have started many payments in a short time. Please wait {wait} and try again.',
  network:
    'Many requests like this are coming from your network (for example a shared Wi-Fi) right now. Please wait {wait} and try again.',
  uploadQuota:
    'You have uploaded {files} files or {megabytes} MB that are not in an order yet, the most we keep for one account. Files that are not ordered are removed {hours} hours after upload: please order them, or upload more in {wait}.',
  draftQuota:
    'You have {max} orders waiting for payment. Please pay for one of them, or try again in {wait}, when the oldest expires.',
  uploadsInProgress: 'Your other uploads are still in progress. Please wait for them to finish, then try again.',
} as const;
