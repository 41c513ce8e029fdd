import { candidateOf, mixedColourPartner } from '@shop/shared/pricing/mixed-colour';
import { useEffect } from 'react';
import { useColourPages } from '../../api';
import { ColourModeFields } from '../../components/colour-mode-fields';
import type { OrderWizard } from '../use-order-wizard';
import { pagesOf } from '../wizard-state';

/**
 * A document's colour choice in the customer's wizard (components/colour-mode-fields.tsx): the shop finds the colour
 * pages; the customer sees which they are before paying.
 */
export function ColourChoice({ w, index }: { w: OrderWizard; index: number }) {
  const doc = w.documents[index]!;
  const o = doc.opts;
  // Offered only when a black & white service prints the rest (the same paper, the chosen sides): decision 016.
  const possible = !w.catalogueReady || !!mixedColourPartner(w.offered.map(candidateOf), o, o.sides);
  const mixed = doc.colourMode === 'mixed' && possible;
  const { updateDocument } = w;
  useEffect(() => {
    if (!possible && doc.colourMode === 'mixed') updateDocument(index, { colourMode: 'all' });
  }, [possible, doc.colourMode, index, updateDocument]);
  const colours = useColourPages(doc.upload.file.id, mixed);
  const pages = pagesOf(doc);
  const printed = new Set(pages.ok ? pages.pages : []);
  return (
    <ColourModeFields
      name="colourMode"
      chosen={mixed ? 'mixed' : 'all'}
      possible={possible}
      onChoose={(colourMode) => updateDocument(index, { colourMode })}
      print={o}
      pages={
        colours.isPending
          ? { state: 'finding' }
          : colours.isError
            ? { state: 'failed' }
            : {
                state: 'found',
                inColour: colours.data.colourPages.filter((p) => printed.has(p)),
                printed: printed.size,
              }
      }
    />
  );
}
