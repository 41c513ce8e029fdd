import type { BackgroundJob, BackupStatus } from '@shop/shared/backups/schemas';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

export type { BackgroundJob, BackupStatus };

/** The shop's version and its backups (docs/decisions/040-backups.md). */
export const getBackupStatus = () => call('GET /api/admin/backups');

export const backupStatusQueryOptions = () =>
  queryOptions({
    queryKey: ['backups'],
    queryFn: getBackupStatus,
    // While a backup runs the card follows it; otherwise a minute is plenty.
    refetchInterval: (q) => (q.state.data?.last?.status === 'running' ? 3_000 : 60_000),
  });

export const useBackupStatus = () => useQuery(backupStatusQueryOptions());

export function useBackUpNow() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => call('POST /api/admin/backups/run'),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['backups'] }),
  });
}
