import type { FileDeleteResult, FileManagerPage, FileManagerQuery } from '@shop/shared/files/file-manager';
import type { DeleteOwnFilesResult } from '@shop/shared/files/retention';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** A page of the file manager, as its query schema reads it. */
export type FileListQuery = FileManagerQuery;

/** The admin's file manager: a page of the files the shop keeps. */
export const getManagedFiles = (q: FileListQuery) => api<FileManagerPage>('/api/admin/files/list', { query: { ...q } });
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
      api<FileDeleteResult>(`/api/admin/files/${id}`, {
        method: 'DELETE',
        query: { confirmUnfinished: confirmUnfinished || undefined },
      }),
    onSettled: () => qc.invalidateQueries({ queryKey: ['admin-files'] }),
  });
}

/** "Delete my files now" on tracking: the order's queries refresh with the answer. */
export function useDeleteOwnFiles(orderNumber: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api<DeleteOwnFilesResult>(`/api/orders/${encodeURIComponent(orderNumber)}/files`, { method: 'DELETE' }),
    onSettled: () => qc.invalidateQueries({ queryKey: ['orders'] }),
  });
}
