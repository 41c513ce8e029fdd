import { FILE_MESSAGES, SENSITIVE_LABEL } from '@shop/shared/files/retention';
import { describe, expect, it } from 'vitest';
import { formatDate } from '@/lib/format';
import { filesText } from './texts';

describe('the files catalogue in English', () => {
  it('says what shared/src/files/retention.ts says (the server mails the same words)', () => {
    const at = '2026-12-24T06:00:00Z';
    expect(filesText('promiseBeforeReady', { days: 30 })).toBe(FILE_MESSAGES.promiseBeforeReady(30));
    expect(filesText('promiseBeforeReady', { days: 1 })).toBe(FILE_MESSAGES.promiseBeforeReady(1));
    expect(filesText('promiseDated', { date: formatDate(at), days: 30 })).toBe(FILE_MESSAGES.promiseDated(at, 30));
    expect(filesText('deletedOn', { date: formatDate(at) })).toBe(FILE_MESSAGES.deletedOn(at));
    for (const k of [
      'sensitivePromise',
      'sensitivePromiseDelivery',
      'deleted',
      'deleteNow',
      'deleteConfirmTitle',
      'deleteConfirm',
      'deleting',
      'cancel',
      'deleteFailed',
      'sensitiveHint',
      'title',
    ] as const) {
      expect(filesText(k), k).toBe(FILE_MESSAGES[k]);
    }
    expect(filesText('sensitiveLabel')).toBe(SENSITIVE_LABEL);
  });
});
