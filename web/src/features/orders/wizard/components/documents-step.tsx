import { acceptList } from '@shop/shared/files/formats';
import { MAX_DOCUMENTS_PER_ORDER } from '@shop/shared/pricing/price-order';
import { ArrowDown, ArrowUp, FileText, UploadCloud } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { shopConfig } from '@/lib/shop-config';
import { describePagesText, useOrdersText } from '../../texts';
import type { OrderWizard } from '../use-order-wizard';
import { isOffice, useUploads, type PendingUpload } from '../use-uploads';
import { pagesOf } from '../wizard-state';
import { QueuedImage } from './queued-image';
import { StepCard } from './step-card';

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;

/** A file on its way: its progress, then what the shop is doing with it. */
function PendingRow({ u }: { u: PendingUpload }) {
  const t = useOrdersText();
  const state =
    u.percent < 100
      ? t('docs.uploading', { percent: u.percent })
      : isOffice(u.name)
        ? t('docs.converting')
        : t('docs.checking');
  return (
    <li
      className="rounded-lg border border-dashed border-slate-300 p-3 text-sm dark:border-slate-700"
      data-testid="pending-upload"
    >
      <p className="flex items-center gap-2 font-medium">
        <FileText className="h-4 w-4 shrink-0" aria-hidden /> <span className="truncate">{u.name}</span>
      </p>
      <div
        className="mt-2 h-2 w-full overflow-hidden rounded bg-slate-200 dark:bg-slate-800"
        role="progressbar"
        aria-valuenow={u.percent}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-label={t('docs.progressOf', { name: u.name })}
      >
        <div className="h-full bg-brand-600 transition-all" style={{ width: `${u.percent}%` }} />
      </div>
      <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">{state}</p>
    </li>
  );
}

/** Step 1: the order's documents (open, reorder, remove) and the upload of more, one or several at once. */
export function DocumentsStep({ w }: { w: OrderWizard }) {
  const uploads = useUploads(w);
  const t = useOrdersText();
  const { pending } = uploads;
  const count = w.documents.length;
  const room = MAX_DOCUMENTS_PER_ORDER - count - pending.length;
  const names = w.documents.map((d) => d.upload.file.originalFilename);
  const listed =
    count === 1
      ? t('docs.summaryOne', { name: names[0]!, count: w.documents[0]!.upload.pdfInfo.pageCount })
      : t('docs.summaryMany', { count, names: names.join(', ') });
  const summary = pending.length ? `${listed} · ${t('docs.pendingMore', { count: pending.length })}` : listed;
  return (
    <StepCard
      n={1}
      title={count ? t('docs.titleMany', { count }) : t('docs.titleOne')}
      summary={summary}
      expanded={w.open === 1 || count === 0 || (pending.length > 0 && w.step === 1)}
      onEdit={() => w.go(1)}
      editLabel={t('docs.edit')}
    >
      {(count > 0 || pending.length > 0) && (
        <ol className="space-y-3" aria-label={t('docs.list')}>
          {w.documents.map((doc, i) => {
            const pages = pagesOf(doc);
            const name = doc.upload.file.originalFilename;
            return (
              <li
                key={doc.key}
                className={cn(
                  'flex items-start gap-3 rounded-lg border p-3',
                  w.editing === i && w.open === 2 ? 'border-brand-600' : 'border-slate-200 dark:border-slate-700',
                )}
              >
                <QueuedImage
                  src={doc.upload.file.previewUrl}
                  alt={t('docs.firstPage', { name })}
                  className="h-20 w-16 shrink-0 rounded border border-slate-200 bg-white object-contain dark:border-slate-700"
                />
                <div className="min-w-0 flex-1 text-sm">
                  <p className="flex items-center gap-2 font-medium">
                    <FileText className="h-4 w-4 shrink-0" aria-hidden /> <span className="truncate">{name}</span>
                  </p>
                  <p className="mt-1" data-testid="page-count">
                    {t('docs.pagesSize', { count: doc.upload.pdfInfo.pageCount, size: mb(doc.upload.file.size) })}
                  </p>
                  {pages.ok && doc.pageRange.trim() !== '' && (
                    <p className="text-slate-600 dark:text-slate-400">
                      {describePagesText(pages.text, pages.pages.length, doc.upload.pdfInfo.pageCount)}
                    </p>
                  )}
                  <div className="mt-2 flex flex-wrap gap-2">
                    <Button variant="outline" size="sm" onClick={() => w.editDocument(i)}>
                      {t('docs.options')}
                    </Button>
                    <Button
                      variant="outline"
                      size="sm"
                      onClick={() => w.removeDocument(i)}
                      aria-label={t('docs.removeName', { name })}
                    >
                      {t('docs.remove')}
                    </Button>
                    {count > 1 && (
                      <>
                        <Button
                          variant="ghost"
                          size="sm"
                          disabled={i === 0}
                          onClick={() => w.moveDocument(i, -1)}
                          aria-label={t('docs.up', { name })}
                        >
                          <ArrowUp className="h-4 w-4" aria-hidden />
                        </Button>
                        <Button
                          variant="ghost"
                          size="sm"
                          disabled={i === count - 1}
                          onClick={() => w.moveDocument(i, 1)}
                          aria-label={t('docs.down', { name })}
                        >
                          <ArrowDown className="h-4 w-4" aria-hidden />
                        </Button>
                      </>
                    )}
                  </div>
                </div>
              </li>
            );
          })}
          {pending.map((u) => (
            <PendingRow key={u.seq} u={u} />
          ))}
        </ol>
      )}
      {room > 0 && (
        <div className="space-y-3">
          <label
            htmlFor="pdf"
            className="flex cursor-pointer flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed border-slate-300 p-6 text-center hover:border-brand-500 dark:border-slate-700"
          >
            <UploadCloud className="h-8 w-8 text-brand-700 dark:text-brand-500" aria-hidden />
            <span className="max-w-full text-sm font-medium [overflow-wrap:anywhere]">
              {count || pending.length ? t('docs.chooseMore') : t('docs.chooseFirst')}
            </span>
            <span className="text-xs text-slate-500 dark:text-slate-400">
              {t('docs.formats', { formats: t(shopConfig.officeFormats ? 'docs.formatsOffice' : 'docs.formatsBasic') })}
            </span>
          </label>
          <input
            id="pdf"
            type="file"
            multiple
            accept={acceptList(shopConfig.officeFormats)}
            className="sr-only"
            onChange={(ev) => {
              const chosen = Array.from(ev.target.files ?? []);
              ev.target.value = '';
              if (chosen.length) uploads.start(chosen);
            }}
          />
        </div>
      )}
      {count > 0 && w.step > 1 && (
        <Button onClick={() => w.go(Math.max(2, w.step))} className="w-full sm:w-auto">
          {t('step.continue')}
        </Button>
      )}
    </StepCard>
  );
}
