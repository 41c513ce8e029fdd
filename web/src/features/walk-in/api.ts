import type { PdfUploadResult } from '@shop/shared/files/schemas';
import type { WalkInOrderInput, WalkInOrderResult } from '@shop/shared/walk-in/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadPdf } from '@/features/orders/api';
import { api } from '@/lib/api-client';

export type { WalkInOrderInput, WalkInOrderResult };

/** A file uploaded at the counter (the customers' pipeline and limits), with upload progress. */
export const uploadCounterFile = (file: File, onProgress: (percent: number) => void): Promise<PdfUploadResult> =>
  uploadPdf(file, onProgress, undefined, '/api/counter/uploads');

/** POST /api/counter/orders: the walk-in order, paid at the counter; the order lists refresh afterwards. */
export function useCreateWalkInOrder() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: WalkInOrderInput) => api<WalkInOrderResult>('/api/counter/orders', { method: 'POST', body: body as unknown as Record<string, unknown> }),
    onSettled: () => qc.invalidateQueries({ queryKey: ['orders'] }),
  });
}
