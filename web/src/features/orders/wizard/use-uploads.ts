import { FORMAT_MESSAGES } from '@shop/shared/files/formats';
import { MAX_UPLOAD_BYTES } from '@shop/shared/files/schemas';
import { MAX_DOCUMENTS_PER_ORDER } from '@shop/shared/pricing/price-order';
import { useEffect, useRef, useState } from 'react';
import { localizeMessage } from '@/lib/i18n/messages';
import { shopConfig } from '@/lib/shop-config';
import { toast } from '@/lib/toast';
import { uploadPdf, type PdfUploadResult } from '../api';
import { ordersText as t } from '../texts';
import type { OrderWizard } from './use-order-wizard';

/** Files sent at once: a Word file converting on the server never holds up the photo picked with it. */
const AT_ONCE = 2;
const OFFICE_EXTENSIONS = ['.docx', '.doc', '.odt', '.pptx', '.xlsx'];

/** By name only, to say at once what the shop does not take; the server decides by the file's content. */
export const takes = (name: string) => {
  const n = name.toLowerCase();
  return (
    ['.pdf', '.jpg', '.jpeg', '.png'].some((e) => n.endsWith(e)) ||
    (shopConfig.officeFormats && OFFICE_EXTENSIONS.some((e) => n.endsWith(e)))
  );
};
export const isOffice = (name: string) => OFFICE_EXTENSIONS.some((e) => name.toLowerCase().endsWith(e));

export interface PendingUpload {
  seq: number;
  name: string;
  size: number;
  percent: number;
}

let nextSeq = 1;

/**
 * Picking files uploads them at once (decision 028), two at a time; each joins the order as soon as its answer
 * comes (its first page shown then), in the order they were picked (decision 028: a conversion never blocks the
 * other uploads). `pending` is what is still on its way, for the documents list.
 */
export function useUploads(w: OrderWizard) {
  const [pending, setPending] = useState<PendingUpload[]>([]);
  // The wizard as last rendered: uploads answer long after the pick, when the order may hold more documents.
  const latest = useRef(w);
  useEffect(() => {
    latest.current = w;
  });

  const start = (chosen: File[]) => {
    const room = MAX_DOCUMENTS_PER_ORDER - latest.current.documents.length - pending.length;
    if (chosen.length > room)
      toast({
        title: t('docs.tooMany'),
        description: t('docs.tooManyText', { max: MAX_DOCUMENTS_PER_ORDER }),
        variant: 'destructive',
      });
    const several = chosen.length > 1;
    const named = (name: string, message: string) => (several ? t('docs.named', { name, message }) : message);
    const queue: Array<{ file: File; seq: number }> = [];
    for (const file of chosen.slice(0, Math.max(0, room))) {
      if (!takes(file.name)) {
        toast({
          title: t('docs.invalidType'),
          description: named(file.name, localizeMessage(FORMAT_MESSAGES.notAccepted(shopConfig.officeFormats))),
          variant: 'destructive',
        });
      } else if (file.size > MAX_UPLOAD_BYTES) {
        toast({
          title: t('docs.tooLarge'),
          description: several ? t('docs.tooLargeNamed', { name: file.name }) : t('docs.tooLargeOne'),
          variant: 'destructive',
        });
      } else queue.push({ file, seq: nextSeq++ });
    }
    if (queue.length === 0) return;
    setPending((p) => [...p, ...queue.map(({ file, seq }) => ({ seq, name: file.name, size: file.size, percent: 0 }))]);
    let opened = false;
    const send = async ({ file, seq }: { file: File; seq: number }) => {
      try {
        const result: PdfUploadResult = await uploadPdf(file, (percent) =>
          setPending((p) => p.map((u) => (u.seq === seq ? { ...u, percent } : u))),
        );
        latest.current.addUploaded(result, seq, !opened);
        opened = true;
        const facts = { name: result.file.originalFilename, count: result.pdfInfo.pageCount };
        const from = result.converted && { ...facts, source: result.converted.originalFilename };
        toast({
          title: t('docs.uploaded'),
          description: from
            ? t(result.converted?.linksRemoved ? 'docs.uploadedFromLinksRemoved' : 'docs.uploadedFrom', from)
            : t('docs.uploadedText', facts),
        });
      } catch (err) {
        toast({
          title: t('docs.uploadFailed'),
          description: named(file.name, err instanceof Error ? localizeMessage(err.message) : t('upload.failed')),
          variant: 'destructive',
        });
      } finally {
        setPending((p) => p.filter((u) => u.seq !== seq));
      }
    };
    const lane = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) await send(next);
    };
    for (let i = 0; i < AT_ONCE; i++) void lane();
  };
  return { pending, start };
}
