import type { FileUploadResult, StorageTestResult } from '@shop/shared/files/schemas';
import { api } from '@/lib/api-client';

export type { FileUploadResult, StorageTestResult };
export const testStorage = () => api<StorageTestResult>('/api/storage-test');
export const testUpload = () => api<StorageTestResult>('/api/storage/test-upload', { method: 'POST' });
export function uploadFile(file: File) {
  const fd = new FormData();
  fd.append('file', file);
  return api<FileUploadResult>('/api/files/upload', { method: 'POST', body: fd });
}
