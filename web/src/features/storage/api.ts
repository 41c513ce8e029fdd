import type { FileUploadResult, StorageTestResult } from '@shop/shared/files/schemas';
import { call } from '@/lib/api-client';

export type { FileUploadResult, StorageTestResult };
export const testStorage = () => call('GET /api/storage-test');
export const testUpload = () => call('POST /api/storage/test-upload');
export function uploadFile(file: File) {
  const fd = new FormData();
  fd.append('file', file);
  return call('POST /api/files/upload', { body: fd });
}
