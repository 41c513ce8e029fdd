import { acceptList, FORMAT_MESSAGES, formatsSentence } from '@shop/shared/files/formats';
import { MAX_UPLOAD_BYTES, UPLOAD_LIMITS_HINT } from '@shop/shared/files/schemas';
import { shopConfig } from '@/lib/shop-config';
import { MAX_DOCUMENTS_PER_ORDER } from '@shop/shared/pricing/order-cost';
import { describePages } from '@shop/shared/orders/page-range';
import { ArrowDown, ArrowUp, FileText, UploadCloud } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { uploadPdf, type PdfUploadResult } from '../../api';
import { cn } from '@/lib/cn';
import { toast } from '@/lib/toast';
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

  // Picking files uploads them at once (issue 12, item 9: no second tap).
  const startUpload = async (chosen: File[]) => {
    setPicked(chosen);
    const files = chosen.slice(0, room);
    if (chosen.length > room) toast({ title: 'Too many documents', description: `An order can hold at most ${MAX_DOCUMENTS_PER_ORDER} documents.`, variant: 'destructive' });
    const done: PdfUploadResult[] = [];
    for (const [index, file] of files.entries()) {
      if (!takes(file.name)) {
        const why = FORMAT_MESSAGES.notAccepted(shopConfig.officeFormats);
        toast({ title: 'Invalid file type', description: files.length > 1 ? `${file.name}: ${why}` : why, variant: 'destructive' });
        continue;
      }
      if (file.size > MAX_UPLOAD_BYTES) {
        toast({ title: 'File too large', description: files.length > 1 ? `${file.name}: the maximum file size is 10MB` : 'Maximum file size is 10MB', variant: 'destructive' });
        continue;
      }
      setProgress({ index, percent: 0 });
      try {
        const result = await uploadPdf(file, (percent) => setProgress({ index, percent }));
        done.push(result);
        const made = result.converted ? ` (made from ${result.converted.originalFilename})` : '';
        toast({ title: 'File Uploaded', description: `${result.file.originalFilename}: ${result.pdfInfo.pageCount} ${result.pdfInfo.pageCount === 1 ? 'page' : 'pages'}${made}` });
      } catch (err) {
        toast({ title: 'Upload Failed', description: `${files.length > 1 ? `${file.name}: ` : ''}${err instanceof Error ? err.message : 'Upload failed'}`, variant: 'destructive' });
      }
    }
    setProgress(null);
    setPicked([]);
    w.addUploaded(done);
  };

  const many = picked.length > 1;
  const label = picked.length ? (many ? `${picked.length} files chosen` : picked[0]!.name) : w.documents.length ? 'Add another document' : 'Choose a PDF, a photo or a document';
  return (
    <Card id="wizard-step-1" className="mt-6 scroll-mt-20">
      <CardHeader>
        <CardTitle>{w.documents.length ? `1. Your documents (${w.documents.length})` : '1. Upload your document'}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {w.documents.length > 0 && (
          <ol className="space-y-3" aria-label="Documents in this order">
            {w.documents.map((doc, i) => {
              const pages = pagesOf(doc);
              const name = doc.upload.file.originalFilename;
              return (
                <li key={doc.key} className={cn('flex items-start gap-3 rounded-lg border p-3', w.editing === i && w.step === 2 ? 'border-brand-600' : 'border-slate-200 dark:border-slate-700')}>
                  <img src={doc.upload.file.previewUrl} alt={`First page of ${name}`} className="h-20 w-16 shrink-0 rounded border border-slate-200 bg-white object-contain dark:border-slate-700" />
                  <div className="min-w-0 flex-1 text-sm">
                    <p className="flex items-center gap-2 font-medium">
                      <FileText className="h-4 w-4 shrink-0" aria-hidden /> <span className="truncate">{name}</span>
                    </p>
                    <p className="mt-1" data-testid="page-count">{doc.upload.pdfInfo.pageCount} {doc.upload.pdfInfo.pageCount === 1 ? 'page' : 'pages'} · {mb(doc.upload.file.size)}</p>
                    {pages.ok && doc.pageRange.trim() !== '' && <p className="text-slate-600 dark:text-slate-400">{describePages(pages.text, pages.pages.length, doc.upload.pdfInfo.pageCount)}</p>}
                    <div className="mt-2 flex flex-wrap gap-2">
                      <Button variant="outline" size="sm" onClick={() => w.editDocument(i)}>Options</Button>
                      <Button variant="outline" size="sm" onClick={() => w.removeDocument(i)} aria-label={`Remove ${name}`}>Remove</Button>
                      {w.documents.length > 1 && (
                        <>
                          <Button variant="ghost" size="sm" disabled={i === 0} onClick={() => w.moveDocument(i, -1)} aria-label={`Move ${name} up`}><ArrowUp className="h-4 w-4" aria-hidden /></Button>
                          <Button variant="ghost" size="sm" disabled={i === w.documents.length - 1} onClick={() => w.moveDocument(i, 1)} aria-label={`Move ${name} down`}><ArrowDown className="h-4 w-4" aria-hidden /></Button>
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
                {picked.length ? `${mb(picked.reduce((s, f) => s + f.size, 0))}` : `${formatsSentence(shopConfig.officeFormats)}. ${UPLOAD_LIMITS_HINT} You can choose several at once.`}
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
                <div className="h-2 w-full overflow-hidden rounded bg-slate-200 dark:bg-slate-800" role="progressbar" aria-valuenow={progress.percent} aria-valuemin={0} aria-valuemax={100} aria-label="Upload progress">
                  <div className="h-full bg-brand-600 transition-all" style={{ width: `${progress.percent}%` }} />
                </div>
                <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
                  {many ? `File ${progress.index + 1} of ${picked.length}: ` : ''}
                  {progress.percent < 100 ? `Uploading… ${progress.percent}%` : 'Checking your PDF…'}
                </p>
              </div>
            )}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
