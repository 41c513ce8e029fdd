import type { FileManagerSort, ManagedFile } from '@shop/shared/files/file-manager';
import { formatIstDate } from '@shop/shared/files/retention';
import { defineCatalogue } from '@/lib/i18n/catalogue';
import filesEn from './i18n/en';

/** The admin file manager's words, one place (customer texts are in shared/src/files/retention.ts). */
export const FILE_MANAGER_TEXTS = {
  title: 'Admin File Manager',
  intro: (days: number, hours: number) =>
    `Customers’ files the shop keeps. An order’s files are deleted ${days} days after the order is ready; uploads never ordered after ${hours} hours; sensitive documents when the order is handed over.`,
  count: (n: number) => `${n.toLocaleString('en-IN')} ${n === 1 ? 'file' : 'files'}`,
  sortLabel: 'Sort files',
  page: (page: number, pages: number) => `Page ${page} of ${pages}`,
  previous: 'Previous',
  next: 'Next',
  tryAgain: 'Try Again',
  download: 'Download',
  delete: 'Delete',
  noOrder: 'Not ordered',
  draft: 'unpaid',
  sensitive: 'Sensitive',
  madeFrom: (format: string) => `from ${format.toUpperCase()}`,
  alsoIn: (n: number) => `+${n} more ${n === 1 ? 'order' : 'orders'}`,
  deleteTitle: 'Delete this file?',
  deleteBody: (f: ManagedFile) =>
    `${f.originalName}${f.customer ? ` of ${f.customer.name}` : ''} is deleted from storage with its original and preview. ${f.order ? `Order ${f.order.orderNumber} keeps its record and says the file was deleted.` : ''}`.trim(),
  deleteAnyway: 'Delete anyway',
  deleteFailed: 'The file could not be deleted.',
  cancel: 'Cancel',
  deleted: 'File deleted',
  columns: { file: 'File', customer: 'Customer', order: 'Order', size: 'Size', age: 'Age', deletes: 'Deleted' },
} as const;

export const SORT_CHOICES: Array<{ value: string; label: string; sort: FileManagerSort; dir: 'asc' | 'desc' }> = [
  { value: 'age-desc', label: 'Newest first', sort: 'age', dir: 'desc' },
  { value: 'age-asc', label: 'Oldest first', sort: 'age', dir: 'asc' },
  { value: 'size-desc', label: 'Largest first', sort: 'size', dir: 'desc' },
  { value: 'size-asc', label: 'Smallest first', sort: 'size', dir: 'asc' },
  { value: 'name-asc', label: 'Name A–Z', sort: 'name', dir: 'asc' },
  { value: 'name-desc', label: 'Name Z–A', sort: 'name', dir: 'desc' },
];

/** When a file goes, in a few words. */
export function deletionText(f: ManagedFile, retentionDays: number): string {
  switch (f.deleteRule) {
    case 'scheduled':
    case 'upload':
      return f.deleteAt ? formatIstDate(f.deleteAt) : '';
    case 'after_handover':
      return 'At handover';
    case 'after_ready':
      return `${retentionDays} days after ready`;
    case 'draft':
      return f.deleteAt ? formatIstDate(f.deleteAt) : 'After the draft expires';
  }
}

/** The same as a phrase (phone cards): "Deleted on 24 December 2026", "Deleted at handover". */
export function deletionPhrase(f: ManagedFile, retentionDays: number): string {
  if (f.deleteAt) return `Deleted on ${formatIstDate(f.deleteAt)}`;
  if (f.deleteRule === 'after_handover') return 'Deleted at handover';
  if (f.deleteRule === 'after_ready') return `Deleted ${retentionDays} days after ready`;
  return 'Deleted after the draft expires';
}

export function fileSize(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(2)} MB`;
}

/** The customer's words about their files (i18n/en.ts, i18n/te.ts): the tracking card and the wizard's tick. */
export const { t: filesText, useText: useFilesText } = defineCatalogue('files', filesEn, () => import('./i18n/te'));
