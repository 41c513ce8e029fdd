import type { PdfUploadResult } from '@shop/shared/files/schemas';
import type { WalkInOrderInput, WalkInOrderResult } from '@shop/shared/walk-in/schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { uploadPdf } from '@/features/orders/api';
import { ApiError, call } from '@/lib/api-client';

export type { WalkInOrderInput, WalkInOrderResult };

/** A file uploaded at the counter (the customers' pipeline and limits), with upload progress. */
export const uploadCounterFile = (file: File, onProgress: (percent: number) => void): Promise<PdfUploadResult> =>
  uploadPdf(file, onProgress, undefined, 'POST /api/counter/uploads');

/** POST /api/counter/orders: the walk-in order, paid at the counter; the order lists refresh afterwards. */
export function useCreateWalkInOrder() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: WalkInOrderInput) => call('POST /api/counter/orders', { body }),
    onSettled: () => qc.invalidateQueries({ queryKey: ['orders'] }),
  });
}

/** Which pages of a counter upload hold colour (found once by the server, decision 016); asked again while the shop is busy. */
export const useCounterColourPages = (fileId: string, enabled: boolean) =>
  useQuery({
    queryKey: ['counter-colours', fileId],
    queryFn: () => call('GET /api/counter/uploads/:fileId/colours', { params: { fileId } }),
    enabled,
    staleTime: Infinity,
    retry: (count, err) => count < 6 && err instanceof ApiError && (err.status === 429 || err.status === 503),
    retryDelay: (count) => Math.min(500 * 2 ** count, 8_000),
  });
