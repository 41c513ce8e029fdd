import { defineRoute, noBodySchema } from '../common/contract.ts';
import { backupRequestedSchema, backupStatusSchema } from './schemas.ts';

const tags = ['backups'] as const;

/** Backups (docs/decisions/040-backups.md): what the last one did, and "Back up now". */
export const backupRoutes = {
  status: defineRoute('GET', '/api/admin/backups', {
    summary: "The shop's version and its backups",
    description:
      'Admin only. The schedule (hour in IST, how many are kept, where), the last run (time, size, result, why it failed) and the last good one.',
    tags,
    response: { 200: backupStatusSchema },
  }),
  run: defineRoute('POST', '/api/admin/backups/run', {
    summary: 'Back up now',
    description:
      'Admin only. The backup job becomes due now; a server copy starts it within a minute (202). Its result shows in the status.',
    tags,
    body: noBodySchema,
    response: { 202: backupRequestedSchema },
  }),
};
