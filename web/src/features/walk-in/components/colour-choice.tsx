import { parsePageRange } from '@shop/shared/orders/page-range';
import { useEffect } from 'react';
import { ColourModeFields } from '@/features/orders';
import { useCounterColourPages } from '../api';
import type { WalkInForm } from '../use-walk-in';
import { mixedPartnerOf, type WalkInDoc } from '../walk-in-state';

/**
 * The counter sells what customers buy (decision 036): the same colour choice as the wizard
 * (features/orders/components/colour-mode-fields.tsx); the shop finds the colour pages and the clerk sees which they
 * are. The pages found are kept on the document, so the sale prices the pages the clerk was shown.
 */
export function WalkInColourChoice({ f, doc }: { f: WalkInForm; doc: Extract<WalkInDoc, { source: 'upload' }> }) {
  const possible = !!mixedPartnerOf(f.services, doc.opts);
  const mixed = doc.colourMode === 'mixed' && possible;
  const colours = useCounterColourPages(doc.fileId, mixed);
  const { update } = f;
  useEffect(() => {
    if (colours.data && !doc.colourPages) update(doc.key, { colourPages: colours.data.colourPages });
  }, [colours.data, doc.colourPages, doc.key, update]);
  const range = parsePageRange(doc.pageRange, doc.pageCount);
  const printed = new Set(range.ok ? range.pages : []);
  const found = doc.colourPages ?? colours.data?.colourPages;
  return (
    <ColourModeFields
      className="sm:col-span-2"
      name={`colourMode-${doc.key}`}
      chosen={mixed ? 'mixed' : 'all'}
      possible={possible}
      onChoose={(colourMode) => update(doc.key, { colourMode })}
      print={doc.opts}
      pages={
        colours.isError
          ? { state: 'failed' }
          : !found
            ? { state: 'finding' }
            : { state: 'found', inColour: found.filter((p) => printed.has(p)), printed: printed.size }
      }
    />
  );
}
