import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '@/lib/api-client';
import { localizeMessage } from '@/lib/i18n/messages';
import { toast } from '@/lib/toast';

/**
 * The one way account forms show a failure: the server's field messages land on the fields they name;
 * anything else becomes a toast with the server's message (or a fixed fallback).
 */
export function showServerError<T extends FieldValues>(
  err: unknown,
  opts: { setError?: UseFormSetError<T>; fieldNames?: readonly string[]; title: string; fallback: string },
) {
  if (err instanceof ApiError && err.fields && opts.setError) {
    const known = Object.entries(err.fields).filter(([k]) => !opts.fieldNames || opts.fieldNames.includes(k));
    if (known.length) {
      for (const [field, message] of known)
        opts.setError(field as Path<T>, { type: 'server', message: localizeMessage(message) }, { shouldFocus: true });
      return;
    }
  }
  const description = err instanceof ApiError && err.message ? localizeMessage(err.message) : opts.fallback;
  toast({ title: opts.title, description, variant: 'destructive' });
}
