import { formatPageRange } from '@shop/shared/orders/page-range';
import { Check, ZoomIn } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { cn } from '@/lib/cn';
import { paperSizeLabel } from '@/lib/i18n/words';
import { ordersText, useOrdersText } from '../../texts';
import { useColourPages } from '../../api';
import type { OrderWizard } from '../use-order-wizard';
import { pagesOf, type DocDraft } from '../wizard-state';

const STEP = 60;

/** Size and orientation of page `n` from the file's runs of equal sizes. */
function pageShape(doc: DocDraft, n: number): { size: string; landscape: boolean } {
  let seen = 0;
  for (const g of doc.upload.pdfInfo.sizeGroups) {
    seen += g.count;
    if (n <= seen) return { size: g.size === 'custom' ? ordersText('grid.customSize') : paperSizeLabel(g.size), landscape: g.width > g.height };
  }
  return { size: '', landscape: false };
}

/**
 * Every page before paying (issue 12, item 3): thumbnails loaded as they scroll into view, each marked with its
 * size, orientation and whether it holds colour; a tap picks or leaves out a page (the page range follows), the
 * magnifier opens it larger.
 */
export function PageGrid({ w, index }: { w: OrderWizard; index: number }) {
  const doc = w.documents[index]!;
  const t = useOrdersText();
  const [open, setOpen] = useState(false);
  const [shown, setShown] = useState(STEP);
  const [closer, setCloser] = useState<number | null>(null);
  const colours = useColourPages(doc.upload.file.id, open);
  const count = doc.upload.pdfInfo.pageCount;
  const range = pagesOf(doc);
  const picked = new Set(range.ok ? range.pages : []);
  const colour = new Set(colours.data?.colourPages ?? []);
  const url = (n: number, size?: 'large') => `/api/pdf/${encodeURIComponent(doc.upload.file.id)}/pages/${n}${size ? '?size=large' : ''}`;

  const toggle = (n: number) => {
    const next = new Set(picked);
    if (next.has(n)) next.delete(n);
    else next.add(n);
    if (next.size === 0) return; // at least one page prints
    const pages = [...next].sort((a, b) => a - b);
    w.updateDocument(index, { pageRange: pages.length === count ? '' : formatPageRange(pages) });
  };

  if (!open) {
    return (
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        {t('grid.open', { count })}
      </Button>
    );
  }
  return (
    <div>
      <p className="mb-2 text-sm text-slate-600 dark:text-slate-400">{t('grid.help')} {colours.isPending ? t('grid.checkingColour') : ''}</p>
      <ol className="grid grid-cols-3 gap-2 sm:grid-cols-5" aria-label={t('grid.pagesOf', { name: doc.upload.file.originalFilename })}>
        {Array.from({ length: Math.min(shown, count) }, (_, i) => i + 1).map((n) => {
          const shape = pageShape(doc, n);
          const on = picked.has(n);
          return (
            <li key={n} className="relative" data-testid="page-thumb">
              <button
                type="button"
                aria-pressed={on}
                aria-label={t(colour.has(n) ? (on ? 'grid.colourPagePrinted' : 'grid.colourPageLeftOut') : on ? 'grid.pagePrinted' : 'grid.pageLeftOut', { page: n })}
                onClick={() => toggle(n)}
                className={cn('block w-full rounded-md border-2 bg-white p-1 text-left', on ? 'border-brand-600' : 'border-slate-200 opacity-50 dark:border-slate-700')}
              >
                <img src={url(n)} alt="" loading="lazy" decoding="async" className={cn('mx-auto bg-white object-contain', shape.landscape ? 'aspect-[1.41]' : 'aspect-[0.71]')} width={120} height={shape.landscape ? 85 : 170} />
                <span className="mt-1 flex items-center justify-between gap-1 text-[11px] text-slate-700">
                  <span className="font-semibold">{n}</span>
                  <span className="truncate">{[shape.size, t(shape.landscape ? 'grid.landscape' : 'grid.portrait'), ...(colour.has(n) ? [t('grid.colour')] : [])].join(' · ')}</span>
                </span>
                {on && <Check className="absolute left-1.5 top-1.5 h-4 w-4 rounded-full bg-brand-600 p-0.5 text-white" aria-hidden />}
              </button>
              <button type="button" onClick={() => setCloser(n)} aria-label={t('grid.closer', { page: n })} className="absolute right-1.5 top-1.5 rounded bg-white/90 p-1 text-slate-700 shadow">
                <ZoomIn className="h-4 w-4" aria-hidden />
              </button>
            </li>
          );
        })}
      </ol>
      {count > shown && (
        <Button variant="outline" size="sm" className="mt-2" onClick={() => setShown((s) => s + STEP)}>
          {t('grid.more', { count: Math.min(STEP, count - shown) })}
        </Button>
      )}
      {closer !== null && (
        <Dialog open onOpenChange={(o) => !o && setCloser(null)} title={t('grid.pageOf', { page: closer, count })} className="max-w-2xl">
          <img src={url(closer, 'large')} alt={t('grid.pageOfFile', { page: closer, name: doc.upload.file.originalFilename })} className="mx-auto max-h-[75vh] w-auto bg-white object-contain" />
        </Dialog>
      )}
    </div>
  );
}
