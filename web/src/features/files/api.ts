import type { FileManagerQuery } from '@shop/shared/files/file-manager';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '@/lib/api-client';

/** A page of the file manager, as its query schema reads it. */
export type FileListQuery = FileManagerQuery;

/** The admin's file manager: a page of the files the shop keeps. */
export const getManagedFiles = (q: FileListQuery) => call('GET /api/admin/files/list', { query: q });
export const managedFilesQueryOptions = (q: FileListQuery) => ({
  queryKey: ['admin-files', q] as const,
  queryFn: () => getManagedFiles(q),
  staleTime: 5_000,
  placeholderData: keepPreviousData,
});
export const useManagedFiles = (q: FileListQuery) => useQuery(managedFilesQueryOptions(q));

export function useDeleteFile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, confirmUnfinished }: { id: string; confirmUnfinished: boolean }) =>
      call('DELETE /api/admin/files/:id', {
        params: { id },
        query: { confirmUnfinished: confirmUnfinished || undefined },
      }),
    onSettled: () => qc.invalidateQueries({ queryKey: ['admin-files'] }),
  });
}

/** "Delete my files now" on tracking: the order's queries refresh with the answer. */
export function useDeleteOwnFiles(orderNumber: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => call('DELETE /api/orders/:ref/files', { params: { ref: orderNumber } }),
    onSettled: () => qc.invalidateQueries({ queryKey: ['orders'] }),
  });
}
