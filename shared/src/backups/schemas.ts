import { z } from 'zod';

/** A backup run as the admin's dashboard shows it (docs/decisions/040-backups.md). Sizes in bytes, times ISO. */
export const backupRunSchema = z
  .object({
    startedAt: z.string().nullable(),
    finishedAt: z.string().nullable(),
    status: z.enum(['ok', 'failed', 'running']),
    /** The archive's name (a file in the folder, or an object under the bucket's prefix). */
    name: z.string().nullable(),
    sizeBytes: z.number().int().nullable(),
    durationMs: z.number().int().nullable(),
    orders: z.number().int().nullable(),
    files: z.number().int().nullable(),
    /** Why it failed, in words. */
    error: z.string().nullable(),
  })
  .meta({ id: 'BackupRun' });
export type BackupRun = z.infer<typeof backupRunSchema>;

/**
 * One of the shop's other background jobs (the clean-up, the payment and refund checks with Razorpay): its last run
 * and the next, so the owner can see they run. Times ISO.
 */
export const backgroundJobSchema = z
  .object({
    /** The job's name in the runner (`clean-up`, `payment-reconciliation`, `refund-settlement`). */
    name: z.string(),
    /** Null before its first run. */
    status: z.enum(['ok', 'failed', 'running']).nullable(),
    lastStartedAt: z.string().nullable(),
    lastFinishedAt: z.string().nullable(),
    /** Why the last run failed, in words. */
    error: z.string().nullable(),
    lastSuccessAt: z.string().nullable(),
    nextRunAt: z.string().nullable(),
  })
  .meta({ id: 'BackgroundJob' });
export type BackgroundJob = z.infer<typeof backgroundJobSchema>;

export const backupStatusSchema = z
  .object({
    /** The shop's version (root package.json). */
    version: z.string(),
    /** The daily backup's hour in IST, or null when scheduled backups are off. */
    hour: z.number().int().nullable(),
    keep: z.number().int(),
    /** Where archives go: a folder on the server, or s3://bucket/prefix/. */
    destination: z.string(),
    /** The folder is inside the shop's data folder: a dead disk takes the backups with it. */
    sameDiskAsShop: z.boolean(),
    nextRunAt: z.string().nullable(),
    last: backupRunSchema.nullable(),
    /** The last good one, when the last run failed. */
    lastSuccess: backupRunSchema.nullable(),
    /** The shop's other background jobs that are switched on, with their last and next runs. */
    jobs: z.array(backgroundJobSchema),
  })
  .meta({ id: 'BackupStatus' });
export type BackupStatus = z.infer<typeof backupStatusSchema>;

export const backupRequestedSchema = z.object({ message: z.string(), dueAt: z.string() });
