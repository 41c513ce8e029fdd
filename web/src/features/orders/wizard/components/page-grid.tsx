import { formatPageRange } from '@shop/shared/orders/page-range';
import { Check, ZoomIn } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { cn } from '@/lib/cn';
import { paperSizeLabel } from '@/lib/i18n/words';
import { ordersText, useOrdersText } from '../../texts';
import { pageImageUrl, useColourPages } from '../../api';
import { QueuedImage } from './queued-image';
import type { OrderWizard } from '../use-order-wizard';
import { pagesOf, type DocDraft } from '../wizard-state';

const STEP = 60;
/** Pages shown before the customer asks for all: one row (three on a phone, five wider). */
const FIRST_ROW = 5;

/** Size and orientation of page `n` from the file's runs of equal sizes. */
function pageShape(doc: DocDraft, n: number): { size: string; landscape: boolean } {
  let seen = 0;
  for (const g of doc.upload.pdfInfo.sizeGroups) {
    seen += g.count;
    if (n <= seen)
      return {
        size: g.size === 'custom' ? ordersText('grid.customSize') : paperSizeLabel(g.size),
        landscape: g.width > g.height,
      };
  }
  return { size: '', landscape: false };
}

/**
 * Every page before paying (decision 028): the first row at once, all of them on asking, thumbnails loaded as
 * they scroll into view (queued-image.tsx), each marked with its size, orientation and, printed in colour, whether
 * it holds colour; a tap picks or leaves out a page (the page range follows), the magnifier opens it larger.
 */
export function PageGrid({ w, index }: { w: OrderWizard; index: number }) {
  const doc = w.documents[index]!;
  const t = useOrdersText();
  const [open, setOpen] = useState(false);
  const [shown, setShown] = useState(STEP);
  const [closer, setCloser] = useState<number | null>(null);
  // Which pages hold colour matters only when they print in colour.
  const inColour = doc.opts.printingType === 'color';
  const colours = useColourPages(doc.upload.file.id, inColour);
  const count = doc.upload.pdfInfo.pageCount;
  const range = pagesOf(doc);
  const picked = new Set(range.ok ? range.pages : []);
  const colour = new Set(inColour ? (colours.data?.colourPages ?? []) : []);
  const url = (n: number, size?: 'large') => pageImageUrl(doc.upload.file.id, n, size);

  const toggle = (n: number) => {
    const next = new Set(picked);
    if (next.has(n)) next.delete(n);
    else next.add(n);
    if (next.size === 0) return; // at least one page prints
    const pages = [...next].sort((a, b) => a - b);
    w.updateDocument(index, { pageRange: pages.length === count ? '' : formatPageRange(pages) });
  };

  const visible = open ? Math.min(shown, count) : Math.min(FIRST_ROW, count);
  return (
    <div>
      <p className="mb-2 text-sm text-slate-600 dark:text-slate-400">
        {t('grid.help')} {inColour && colours.isPending ? t('grid.checkingColour') : ''}
      </p>
      <ol
        className="grid grid-cols-3 gap-2 sm:grid-cols-5"
        aria-label={t('grid.pagesOf', { name: doc.upload.file.originalFilename })}
      >
        {Array.from({ length: visible }, (_, i) => i + 1).map((n) => {
          const shape = pageShape(doc, n);
          const on = picked.has(n);
          return (
            <li key={n} className={cn('relative', !open && n > 3 && 'hidden sm:block')} data-testid="page-thumb">
              <button
                type="button"
                aria-pressed={on}
                aria-label={t(
                  colour.has(n)
                    ? on
                      ? 'grid.colourPagePrinted'
                      : 'grid.colourPageLeftOut'
                    : on
                      ? 'grid.pagePrinted'
                      : 'grid.pageLeftOut',
                  { page: n },
                )}
                onClick={() => toggle(n)}
                className={cn(
                  'block w-full rounded-md border-2 bg-white p-1 text-left',
                  on ? 'border-brand-600' : 'border-slate-200 opacity-50 dark:border-slate-700',
                )}
              >
                <QueuedImage
                  src={url(n)}
                  alt=""
                  className={cn(
                    'mx-auto w-full bg-white object-contain',
                    shape.landscape ? 'aspect-[1.41]' : 'aspect-[0.71]',
                  )}
                  width={120}
                  height={shape.landscape ? 85 : 170}
                />
                <span className="mt-1 flex items-center justify-between gap-1 text-[11px] text-slate-700">
                  <span className="font-semibold">{n}</span>
                  <span className="truncate">
                    {[
                      shape.size,
                      t(shape.landscape ? 'grid.landscape' : 'grid.portrait'),
                      ...(colour.has(n) ? [t('grid.colour')] : []),
                    ].join(' · ')}
                  </span>
                </span>
                {on && (
                  <Check
                    className="absolute left-1.5 top-1.5 h-4 w-4 rounded-full bg-brand-600 p-0.5 text-white"
                    aria-hidden
                  />
                )}
              </button>
              <button
                type="button"
                onClick={() => setCloser(n)}
                aria-label={t('grid.closer', { page: n })}
                className="absolute right-1 top-1 flex h-8 w-8 items-center justify-center rounded bg-white/90 text-slate-700 shadow"
              >
                <ZoomIn className="h-4 w-4" aria-hidden />
              </button>
            </li>
          );
        })}
      </ol>
      {!open && count > 3 && (
        <Button
          variant="outline"
          size="sm"
          className={cn('mt-2', count <= FIRST_ROW && 'sm:hidden')}
          onClick={() => setOpen(true)}
        >
          {t('grid.open', { count })}
        </Button>
      )}
      {open && count > shown && (
        <Button variant="outline" size="sm" className="mt-2" onClick={() => setShown((s) => s + STEP)}>
          {t('grid.more', { count: Math.min(STEP, count - shown) })}
        </Button>
      )}
      {closer !== null && (
        <Dialog
          open
          onOpenChange={(o) => !o && setCloser(null)}
          title={t('grid.pageOf', { page: closer, count })}
          className="max-w-2xl"
        >
          <QueuedImage
            src={url(closer, 'large')}
            alt={t('grid.pageOfFile', { page: closer, name: doc.upload.file.originalFilename })}
            className="mx-auto max-h-[75vh] w-auto bg-white object-contain"
          />
        </Dialog>
      )}
    </div>
  );
}
