import { acceptList, FORMAT_MESSAGES } from '@shop/shared/files/formats';
import { formatPaise } from '@shop/shared/common/money';
import { MAX_UPLOAD_BYTES } from '@shop/shared/files/schemas';
import { MAX_DOCUMENTS_PER_ORDER } from '@shop/shared/pricing/price-order';
import { FileText, ScrollText, UploadCloud } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { shopConfig } from '@/lib/shop-config';
import { toast } from '@/lib/toast';
import { uploadCounterFile } from '../api';
import { useWalkInTexts } from '../texts';
import { bindingName, useWordsText, wordsText } from '@/lib/i18n/words';
import { localizeMessage } from '@/lib/i18n/messages';
import type { WalkInForm } from '../use-walk-in';
import { printedPages, summaryOf } from '../walk-in-state';
import { documentName, documentSummary } from '@shop/shared/orders/document-summary';
import { DocumentEditor } from './document-editor';

const action = 'h-11 lg:h-10';

/** The order's documents: each a line until opened (one open at a time), then a file upload or a paper original. */
export function DocumentsPanel({ f }: { f: WalkInForm }) {
  const T = useWalkInTexts();
  useWordsText();
  const [progress, setProgress] = useState<number | null>(null);
  const room = MAX_DOCUMENTS_PER_ORDER - f.docs.length;
  const upload = async (file: File) => {
    if (file.size > MAX_UPLOAD_BYTES)
      return toast({ title: T.tooLarge, description: T.tooLargeText, variant: 'destructive' });
    setProgress(0);
    try {
      f.addUpload(await uploadCounterFile(file, setProgress));
    } catch (err) {
      toast({
        title: T.uploadFailed,
        description: localizeMessage(
          err instanceof Error ? err.message : FORMAT_MESSAGES.notAccepted(shopConfig.officeFormats),
        ),
        variant: 'destructive',
      });
    } finally {
      setProgress(null);
    }
  };
  return (
    <section className="space-y-3" aria-labelledby="walkin-documents">
      <h2 id="walkin-documents" className="text-base font-semibold">
        {T.documents(f.docs.length)}
      </h2>
      {f.errors.documents && (
        <p role="alert" className="text-sm text-red-600">
          {f.errors.documents}
        </p>
      )}
      {f.docs.length === 0 && <p className="text-sm text-slate-600 dark:text-slate-400">{T.noDocuments}</p>}
      <ol className="space-y-2" aria-label={T.documentsList}>
        {f.docs.map((doc, i) => {
          const name = doc.source === 'paper' ? doc.label.trim() || T.paperOriginal : doc.name;
          if (f.editing === doc.key)
            return (
              <li key={doc.key}>
                <p className="mb-2 truncate text-sm font-medium">
                  {i + 1}. {name}
                </p>
                <DocumentEditor f={f} doc={doc} index={i} />
              </li>
            );
          const pages = printedPages(doc);
          const summary = summaryOf(doc, f.services, T.paperOriginal);
          const cost = f.price?.documents[i];
          return (
            <li
              key={doc.key}
              className="flex items-start gap-3 rounded-lg border border-slate-200 p-3 dark:border-slate-700"
              data-testid="walkin-document"
            >
              {doc.source === 'paper' ? (
                <ScrollText className="mt-0.5 h-5 w-5 shrink-0 text-slate-500" aria-hidden />
              ) : (
                <FileText className="mt-0.5 h-5 w-5 shrink-0 text-slate-500" aria-hidden />
              )}
              <div className="min-w-0 flex-1 text-sm">
                <p className="font-medium [overflow-wrap:anywhere]">
                  {i + 1}. {summary ? documentName(summary, wordsText, { showConversion: true }) : name}
                </p>
                {/* The one line every screen, mail and bill says (pages, colour split, copies); or what is missing. */}
                <p className="text-slate-700 dark:text-slate-300" data-testid="document-line">
                  {summary
                    ? documentSummary(summary, wordsText, { withoutName: true })
                    : pages.ok
                      ? T.copies
                      : pages.message}
                </p>
                <p className="text-slate-600 dark:text-slate-400">
                  {f.services.find((s) => s.id === doc.opts.serviceId)?.name ?? '—'}
                  {doc.opts.binding !== 'none' ? ` · ${bindingName(doc.opts.binding)}` : ''}
                </p>
              </div>
              <div className="flex shrink-0 flex-col items-end gap-1">
                {cost && <span className="whitespace-nowrap font-semibold">{formatPaise(cost.subtotal)}</span>}
                <Button
                  variant="outline"
                  size="sm"
                  className="h-10 lg:h-8"
                  onClick={() => f.setEditing(doc.key)}
                  aria-label={`${T.edit} ${name}`}
                >
                  {T.edit}
                </Button>
              </div>
            </li>
          );
        })}
      </ol>
      {room > 0 && (
        <div className="grid grid-cols-2 gap-2">
          <label
            className={`${action} inline-flex cursor-pointer items-center justify-center gap-2 rounded-md bg-brand-700 px-3 text-sm font-medium text-white hover:bg-brand-800 focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-600 ${progress !== null ? 'pointer-events-none opacity-60' : ''}`}
          >
            <UploadCloud className="h-4 w-4 shrink-0" aria-hidden />
            <span className="truncate">{progress !== null ? T.uploading(progress) : T.uploadFile}</span>
            <input
              type="file"
              className="sr-only"
              accept={acceptList(shopConfig.officeFormats)}
              disabled={progress !== null}
              onChange={(ev) => {
                const file = ev.target.files?.[0];
                ev.target.value = '';
                if (file) void upload(file);
              }}
            />
          </label>
          <Button variant="outline" className={action} onClick={f.addPaper} disabled={f.servicesLoading}>
            <ScrollText className="h-4 w-4" aria-hidden /> {T.addPaper}
          </Button>
          <p className="col-span-2 text-xs text-slate-500 dark:text-slate-400">{T.limits}</p>
        </div>
      )}
    </section>
  );
}
