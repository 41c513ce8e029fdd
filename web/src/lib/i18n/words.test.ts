import {
  CATEGORIES,
  CATEGORY_INFO,
  PAPER_SIZE_LABELS,
  PAPER_TYPE_LABELS,
  PRINTING_TYPE_LABELS,
  SIDES_LABELS,
} from '@shop/shared/common/options';
import * as shared from '@shop/shared/common/status';
import { describe, expect, it } from 'vitest';
import * as words from './words';

/** The words catalogue says in English exactly what shared's labels say, so nothing drifts. */
describe('shared words in English', () => {
  const statuses = [...shared.ORDER_STATUSES, 'nonsense'];
  it.each(['delivery', 'pickup'])('statuses of a %s order, for customers and the back office', (type) => {
    for (const s of statuses) {
      expect(words.customerStatusLabel(s, type), s).toBe(shared.customerStatusLabel(s, type));
      if (s !== 'nonsense') expect(words.backOfficeStatusLabel(s, type), s).toBe(shared.backOfficeStatusLabel(s, type));
    }
    expect(words.trackingSteps(type)).toEqual(shared.trackingSteps(type));
  });

  it('options and categories', () => {
    for (const [v, label] of Object.entries(PRINTING_TYPE_LABELS)) expect(words.printingTypeLabel(v)).toBe(label);
    for (const [v, label] of Object.entries(PAPER_SIZE_LABELS))
      expect(words.paperSizeLabel(v.toUpperCase())).toBe(label);
    for (const [v, label] of Object.entries(PAPER_TYPE_LABELS)) expect(words.paperTypeLabel(v)).toBe(label);
    for (const [v, label] of Object.entries(SIDES_LABELS)) expect(words.sidesLabel(v)).toBe(label);
    for (const c of CATEGORIES) {
      expect(words.categoryName(c)).toBe(CATEGORY_INFO[c].name);
      expect(words.categoryDescription(c)).toBe(CATEGORY_INFO[c].description);
    }
    expect(words.paperSizeLabel('b5')).toBe('B5');
    expect(words.paperTypeLabel('photo')).toBe('Photo Paper');
  });
});
