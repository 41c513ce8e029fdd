import { acceptList, FORMAT_MESSAGES } from '@shop/shared/files/formats';
import { MAX_UPLOAD_BYTES } from '@shop/shared/files/schemas';
import { shopConfig } from '@/lib/shop-config';
import { MAX_DOCUMENTS_PER_ORDER } from '@shop/shared/pricing/order-cost';
import { ArrowDown, ArrowUp, FileText, UploadCloud } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { uploadPdf, type PdfUploadResult } from '../../api';
import { cn } from '@/lib/cn';
import { localizeMessage } from '@/lib/i18n/messages';
import { toast } from '@/lib/toast';
import { describePagesText, ordersText, useOrdersText } from '../../texts';
import type { OrderWizard } from '../use-order-wizard';
import { pagesOf } from '../wizard-state';

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;
const OFFICE_EXTENSIONS = ['.docx', '.doc', '.odt', '.pptx', '.xlsx'];
/** By name only, to say at once what the shop does not take; the server decides by the file's content. */
const takes = (name: string) => {
  const n = name.toLowerCase();
  return ['.pdf', '.jpg', '.jpeg', '.png'].some((e) => n.endsWith(e)) || (shopConfig.officeFormats && OFFICE_EXTENSIONS.some((e) => n.endsWith(e)));
};

/** Step 1: the order's documents (open, reorder, remove) and the upload of more, one or several at once. */
export function DocumentsStep({ w }: { w: OrderWizard }) {
  const [picked, setPicked] = useState<File[]>([]);
  const [progress, setProgress] = useState<{ index: number; percent: number } | null>(null);
  const room = MAX_DOCUMENTS_PER_ORDER - w.documents.length;
  const t = useOrdersText();

  // Picking files uploads them at once (issue 12, item 9: no second tap).
  const startUpload = async (chosen: File[]) => {
    setPicked(chosen);
    const files = chosen.slice(0, room);
    if (chosen.length > room) toast({ title: t('docs.tooMany'), description: t('docs.tooManyText', { max: MAX_DOCUMENTS_PER_ORDER }), variant: 'destructive' });
    const done: PdfUploadResult[] = [];
    for (const [index, file] of files.entries()) {
      if (!takes(file.name)) {
        const why = localizeMessage(FORMAT_MESSAGES.notAccepted(shopConfig.officeFormats));
        toast({ title: t('docs.invalidType'), description: files.length > 1 ? t('docs.named', { name: file.name, message: why }) : why, variant: 'destructive' });
        continue;
      }
      if (file.size > MAX_UPLOAD_BYTES) {
        toast({ title: t('docs.tooLarge'), description: files.length > 1 ? t('docs.tooLargeNamed', { name: file.name }) : t('docs.tooLargeOne'), variant: 'destructive' });
        continue;
      }
      setProgress({ index, percent: 0 });
      try {
        const result = await uploadPdf(file, (percent) => setProgress({ index, percent }));
        done.push(result);
        const facts = { name: result.file.originalFilename, count: result.pdfInfo.pageCount };
        toast({ title: t('docs.uploaded'), description: result.converted ? t('docs.uploadedFrom', { ...facts, source: result.converted.originalFilename }) : t('docs.uploadedText', facts) });
      } catch (err) {
        const why = err instanceof Error ? localizeMessage(err.message) : ordersText('upload.failed');
        toast({ title: t('docs.uploadFailed'), description: files.length > 1 ? t('docs.named', { name: file.name, message: why }) : why, variant: 'destructive' });
      }
    }
    setProgress(null);
    setPicked([]);
    w.addUploaded(done);
  };

  const many = picked.length > 1;
  const label = picked.length ? (many ? t('docs.chosen', { count: picked.length }) : picked[0]!.name) : w.documents.length ? t('docs.chooseMore') : t('docs.chooseFirst');
  return (
    <Card id="wizard-step-1" className="mt-6 scroll-mt-20">
      <CardHeader>
        <CardTitle>{w.documents.length ? t('docs.titleMany', { count: w.documents.length }) : t('docs.titleOne')}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {w.documents.length > 0 && (
          <ol className="space-y-3" aria-label={t('docs.list')}>
            {w.documents.map((doc, i) => {
              const pages = pagesOf(doc);
              const name = doc.upload.file.originalFilename;
              return (
                <li key={doc.key} className={cn('flex items-start gap-3 rounded-lg border p-3', w.editing === i && w.step === 2 ? 'border-brand-600' : 'border-slate-200 dark:border-slate-700')}>
                  <img src={doc.upload.file.previewUrl} alt={t('docs.firstPage', { name })} className="h-20 w-16 shrink-0 rounded border border-slate-200 bg-white object-contain dark:border-slate-700" />
                  <div className="min-w-0 flex-1 text-sm">
                    <p className="flex items-center gap-2 font-medium">
                      <FileText className="h-4 w-4 shrink-0" aria-hidden /> <span className="truncate">{name}</span>
                    </p>
                    <p className="mt-1" data-testid="page-count">{t('docs.pagesSize', { count: doc.upload.pdfInfo.pageCount, size: mb(doc.upload.file.size) })}</p>
                    {pages.ok && doc.pageRange.trim() !== '' && <p className="text-slate-600 dark:text-slate-400">{describePagesText(pages.text, pages.pages.length, doc.upload.pdfInfo.pageCount)}</p>}
                    <div className="mt-2 flex flex-wrap gap-2">
                      <Button variant="outline" size="sm" onClick={() => w.editDocument(i)}>{t('docs.options')}</Button>
                      <Button variant="outline" size="sm" onClick={() => w.removeDocument(i)} aria-label={t('docs.removeName', { name })}>{t('docs.remove')}</Button>
                      {w.documents.length > 1 && (
                        <>
                          <Button variant="ghost" size="sm" disabled={i === 0} onClick={() => w.moveDocument(i, -1)} aria-label={t('docs.up', { name })}><ArrowUp className="h-4 w-4" aria-hidden /></Button>
                          <Button variant="ghost" size="sm" disabled={i === w.documents.length - 1} onClick={() => w.moveDocument(i, 1)} aria-label={t('docs.down', { name })}><ArrowDown className="h-4 w-4" aria-hidden /></Button>
                        </>
                      )}
                    </div>
                  </div>
                </li>
              );
            })}
          </ol>
        )}
        {room > 0 && (
          <div className="space-y-3">
            <label htmlFor="pdf" className="flex cursor-pointer flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed border-slate-300 p-6 text-center hover:border-brand-500 dark:border-slate-700">
              <UploadCloud className="h-8 w-8 text-brand-700 dark:text-brand-500" aria-hidden />
              <span className="max-w-full text-sm font-medium [overflow-wrap:anywhere]">{label}</span>
              <span className="text-xs text-slate-500 dark:text-slate-400">
                {picked.length ? mb(picked.reduce((s, f) => s + f.size, 0)) : t('docs.formats', { formats: t(shopConfig.officeFormats ? 'docs.formatsOffice' : 'docs.formatsBasic') })}
              </span>
            </label>
            <input
              id="pdf"
              type="file"
              multiple
              accept={acceptList(shopConfig.officeFormats)}
              className="sr-only"
              disabled={progress !== null}
              onChange={(ev) => {
                const chosen = Array.from(ev.target.files ?? []);
                ev.target.value = '';
                if (chosen.length) void startUpload(chosen);
              }}
            />
            {progress !== null && (
              <div>
                <div className="h-2 w-full overflow-hidden rounded bg-slate-200 dark:bg-slate-800" role="progressbar" aria-valuenow={progress.percent} aria-valuemin={0} aria-valuemax={100} aria-label={t('docs.progress')}>
                  <div className="h-full bg-brand-600 transition-all" style={{ width: `${progress.percent}%` }} />
                </div>
                <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
                  {many
                    ? t(progress.percent < 100 ? 'docs.uploadingFile' : 'docs.checkingFile', { index: progress.index + 1, count: picked.length, percent: progress.percent })
                    : t(progress.percent < 100 ? 'docs.uploading' : 'docs.checking', { percent: progress.percent })}
                </p>
              </div>
            )}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
