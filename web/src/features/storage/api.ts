import { api } from '@/lib/api-client';

export interface StorageResult {
  success: boolean;
  message: string;
  [key: string]: unknown;
}
export const testStorage = () => api<StorageResult>('/api/storage-test');
export const testUpload = () => api<StorageResult>('/api/storage/test-upload', { method: 'POST' });
export function uploadFile(file: File) {
  const fd = new FormData();
  fd.append('file', file);
  return api<StorageResult>('/api/files/upload', { method: 'POST', body: fd });
}
