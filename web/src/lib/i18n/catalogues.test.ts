import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';

/**
 * Every catalogue of the web app, in both languages (decision 027): a key missing in either language, a placeholder
 * the other side lacks, a plural without every form the language needs, or a tag that went missing fails here.
 */
type Catalogue = { default: Record<string, string> };
// The web app's catalogues and the shared words both sides show (shared/src/i18n/words).
const english = import.meta.glob<Catalogue>(['/web/src/**/i18n/**/en.ts', '/shared/src/i18n/**/en.ts'], {
  eager: true,
});
const telugu = import.meta.glob<Catalogue>(['/web/src/**/i18n/**/te.ts', '/shared/src/i18n/**/te.ts'], { eager: true });

/** Words a Telugu screen rightly keeps in Latin letters (codes, formats and names people say as they are). */
const KEPT_IN_LATIN = /\b(?:[A-Z0-9]{1,6}|Word|PowerPoint|Excel|WhatsApp|Razorpay|GSTIN)\b/g;

const TELUGU = /[\u0C00-\u0C7F]/;

interface Shape {
  placeholders: Map<string, string>;
  plurals: Array<{ name: string; cases: string[] }>;
  selects: string[];
  tags: string[];
}

/** What a compiled message needs from its caller and the forms it chooses between, in a comparable shape. */
function shapeOf(message: string): Shape {
  const shape: Shape = { placeholders: new Map(), plurals: [], selects: [], tags: [] };
  // Lingui's compiled form: a list of tokens, each a string or [name], [name, format, style] or [name, kind, cases].
  const walk = (tokens: unknown): void => {
    for (const token of Array.isArray(tokens) ? tokens : [tokens]) {
      if (!Array.isArray(token)) {
        // Text (or the plural's # sign).
        if (typeof token === 'string')
          for (const m of token.matchAll(/<(\/?)([a-zA-Z0-9]+)\/?>/g)) shape.tags.push(`${m[1]}${m[2]}`);
        continue;
      }
      const [name, kind, arg] = token as [string, string | undefined, unknown];
      shape.placeholders.set(name, kind === 'plural' || kind === 'selectordinal' ? 'number' : (kind ?? 'value'));
      if (arg && typeof arg === 'object') {
        const cases = arg as Record<string, unknown>;
        if (kind === 'plural' || kind === 'selectordinal')
          shape.plurals.push({
            name,
            cases: Object.keys(cases)
              .filter((c) => c !== 'offset')
              .sort(),
          });
        if (kind === 'select') shape.selects.push(`${name}: ${Object.keys(cases).sort().join(' ')}`);
        for (const c of Object.values(cases)) walk(c);
      }
    }
  };
  walk(compileMessage(message));
  shape.tags.sort();
  shape.selects.sort();
  return shape;
}

const pairs = Object.keys(english).map((enPath) => {
  const tePath = enPath.replace(/en\.ts$/, 'te.ts');
  return {
    area: enPath.replace(/^\/(web|shared)\/src\//, '$1: ').replace(/\/en\.ts$/, ''),
    en: english[enPath]!.default,
    te: telugu[tePath]?.default,
  };
});

describe('message catalogues', () => {
  it('are found, and every English catalogue has a Telugu one beside it (and the other way round)', () => {
    expect(pairs.length).toBeGreaterThan(0);
    expect(pairs.filter((p) => !p.te).map((p) => p.area)).toEqual([]);
    expect(Object.keys(telugu).filter((p) => !english[p.replace(/te\.ts$/, 'en.ts')])).toEqual([]);
  });

  describe.each(pairs)('$area', ({ en, te }) => {
    const teCatalogue = te ?? {};
    it('has every key in both languages', () => {
      expect(
        Object.keys(teCatalogue).filter((k) => !(k in en)),
        'keys only in Telugu',
      ).toEqual([]);
      expect(
        Object.keys(en).filter((k) => !(k in teCatalogue)),
        'keys missing in Telugu',
      ).toEqual([]);
    });

    it('says the same things with the same placeholders, plurals and tags', () => {
      const teForms = new Intl.PluralRules('te-IN').resolvedOptions().pluralCategories;
      const enForms = new Intl.PluralRules('en-IN').resolvedOptions().pluralCategories;
      const problems: string[] = [];
      for (const [key, enMessage] of Object.entries(en)) {
        const teMessage = teCatalogue[key];
        if (teMessage === undefined) continue;
        if (!enMessage.trim() || !teMessage.trim()) problems.push(`${key}: empty`);
        let a: Shape, b: Shape;
        try {
          a = shapeOf(enMessage);
          b = shapeOf(teMessage);
        } catch (err) {
          problems.push(`${key}: not a valid ICU message (${(err as Error).message})`);
          continue;
        }
        const list = (s: Shape) => JSON.stringify([...s.placeholders.entries()].sort());
        if (list(a) !== list(b)) problems.push(`${key}: placeholders ${list(a)} in English, ${list(b)} in Telugu`);
        if (a.tags.join() !== b.tags.join())
          problems.push(`${key}: tags ${a.tags.join()} in English, ${b.tags.join()} in Telugu`);
        if (a.selects.join() !== b.selects.join())
          problems.push(`${key}: choices ${a.selects.join('; ')} in English, ${b.selects.join('; ')} in Telugu`);
        for (const p of a.plurals)
          for (const f of enForms)
            if (!p.cases.includes(f)) problems.push(`${key}: English plural of ${p.name} lacks '${f}'`);
        for (const p of b.plurals)
          for (const f of teForms)
            if (!p.cases.includes(f)) problems.push(`${key}: Telugu plural of ${p.name} lacks '${f}'`);
        const words = (m: string) => m.replace(/\{[^}]*\}|<[^>]*>/g, '').replace(KEPT_IN_LATIN, '');
        if (!TELUGU.test(teMessage) && /[a-z]{2}/i.test(words(teMessage)) && /[a-z]{3}/i.test(words(enMessage)))
          problems.push(`${key}: Telugu is not in Telugu script: ${JSON.stringify(teMessage)}`);
      }
      expect(problems).toEqual([]);
    });
  });
});
