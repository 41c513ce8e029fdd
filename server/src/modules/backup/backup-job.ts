import path from 'node:path';
import { shopDateFormat, shopTime, shopWallClock } from '@shop/shared/common/shop-clock';
import type { AppContext } from '../../context.ts';
import { jobRow, type Job } from '../../jobs/runner.ts';
import { APP_VERSION } from '../../lib/version.ts';
import { destinationFor } from './destination.ts';
// Imported statically: in the bundle a module loaded with import() becomes a chunk in dist/chunks, and the migrations'
// folder (found next to db/client.ts) must stay next to server.js. pg_dump's WebAssembly still loads only when used.
import { runBackup } from './run-backup.ts';

/** The first `hour`:00 IST strictly after `after`. */
export function nextHourIst(after: Date, hour: number): Date {
  const ist = shopWallClock(after);
  const candidate = shopTime(ist.getUTCFullYear(), ist.getUTCMonth() + 1, ist.getUTCDate(), hour).getTime();
  return new Date(candidate > after.getTime() ? candidate : candidate + 86400_000);
}

export const BACKUP_JOB = 'backup';

export function formatIst(at: Date): string {
  return shopDateFormat({ dateStyle: 'medium', timeStyle: 'short' }).format(at);
}

/** The scheduled backup: every day at BACKUP_HOUR IST (or only when asked, with BACKUP_HOUR=off), into BACKUP_DIR or BACKUP_S3_BUCKET. */
export function backupJob(ctx: AppContext): Job {
  const { config } = ctx;
  const destination = destinationFor(config);
  return {
    name: BACKUP_JOB,
    // Renewed every 5 minutes while it runs; a copy that dies frees it 15 minutes later.
    leaseMs: 15 * 60_000,
    nextRun: (after) => (config.BACKUP_HOUR === 'off' ? null : nextHourIst(after, config.BACKUP_HOUR)),
    run: async (signal) => {
      const run = await runBackup(
        {
          database: ctx.database,
          databaseUrl: config.DATABASE_URL,
          storage: ctx.storage,
          appVersion: APP_VERSION,
          shopName: config.SHOP_NAME,
          signal,
        },
        destination,
        { keep: config.BACKUP_KEEP },
      );
      return {
        name: run.name,
        sizeBytes: run.size,
        orders: run.manifest.counts.orders,
        invoices: run.manifest.counts.invoices,
        files: run.manifest.storage.objects,
        missing: run.manifest.storage.missing.length,
        pruned: run.pruned.length,
      };
    },
    onFailure: async (error, { startedAt }) => {
      const last = await jobRow(ctx, BACKUP_JOB);
      const good = last?.lastSuccessAt
        ? `The last good backup was made on ${formatIst(last.lastSuccessAt)} IST.`
        : 'No backup has succeeded yet.';
      await ctx.mailer.send({
        to: config.ADMIN_EMAIL,
        subject: `Backup failed: ${config.SHOP_NAME}`,
        text: [
          `The backup that started on ${formatIst(startedAt)} IST failed:`,
          '',
          `    ${error.message}`,
          '',
          good,
          `Backups go to ${destination.description}. Check that place (free space, the bucket and its keys), then choose "Back up now" on the admin dashboard.`,
          '',
          `(${config.publicUrl}/admin)`,
        ].join('\n'),
      });
    },
  };
}

/** The backup folder lies inside the data folder (the default): one disk holds the shop and its backups. */
export function backupOnShopDisk(config: AppContext['config']): boolean {
  if (config.backupTarget.kind !== 'folder') return false;
  const rel = path.relative(config.dataDir, config.backupTarget.dir);
  return !rel.startsWith('..') && !path.isAbsolute(rel);
}
