import type { ReorderAnswer } from '@shop/shared/orders/order';
import { RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useOrdersText } from '../texts';
import { getReorder } from '../api';
import { saveOrderDraft } from '../order-draft';
import type { DocDraft } from '../wizard/wizard-state';

const bindingOf = (o: ReorderAnswer['documents'][number]['options']) =>
  o.spiralBinding
    ? 'spiralBinding'
    : o.paperBinding
      ? 'paperBinding'
      : o.transparentSheet
        ? 'transparentSheet'
        : o.lamination
          ? 'lamination'
          : 'none';

/** The wizard's documents for an order printed again: those whose files the shop still keeps. */
export function documentsForReorder(answer: ReorderAnswer): { documents: DocDraft[]; missing: string[] } {
  const documents: DocDraft[] = [];
  const missing: string[] = [];
  for (const d of answer.documents) {
    if (!d.upload) {
      missing.push(d.name);
      continue;
    }
    const { spiralBinding: _s, paperBinding: _p, transparentSheet: _t, lamination: _l, ...print } = d.options;
    documents.push({
      key: d.upload.file.id,
      upload: d.upload,
      opts: { ...print, binding: bindingOf(d.options) },
      copiesText: String(d.options.copies),
      pageRange: d.pageRange,
      colourMode: d.colourMode,
      ...(d.sensitive ? { sensitive: true } : {}),
      seen: true,
    });
  }
  return { documents, missing };
}

/**
 * "Print again": opens the order wizard holding the same documents and options; a file the shop
 * no longer keeps is named, to be uploaded again.
 */
export function PrintAgainButton({
  orderNumber,
  size = 'sm',
  className,
}: {
  orderNumber: string;
  size?: 'sm' | 'default';
  className?: string;
}) {
  const navigate = useNavigate();
  const t = useOrdersText();
  const [busy, setBusy] = useState(false);
  const start = async () => {
    setBusy(true);
    try {
      const answer = await getReorder(orderNumber);
      const { documents, missing } = documentsForReorder(answer);
      const serviceId = String(documents[0]?.opts.serviceId ?? answer.serviceId);
      saveOrderDraft(
        serviceId,
        documents.length
          ? { step: 2, documents, editing: 0, cost: null, deliveryType: null, pickupMobile: '', cancelCount: 0 }
          : null,
      );
      if (missing.length) {
        toast({
          title: t(documents.length ? 'again.someDeleted' : 'again.allDeleted'),
          description: t('again.deletedText', { files: missing.join(', '), count: missing.length }),
          variant: 'destructive',
        });
      }
      navigate(paths.orderCreate(serviceId));
    } catch (err) {
      toast({
        title: t('again.failed'),
        description: errorMessage(err, t('awaiting.tryAgain')),
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="outline"
      size={size}
      className={className}
      disabled={busy}
      onClick={(e) => {
        e.stopPropagation();
        void start();
      }}
    >
      <RotateCcw className="h-4 w-4" aria-hidden /> {busy ? t('again.opening') : t('again.button')}
    </Button>
  );
}
