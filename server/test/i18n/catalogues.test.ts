import fs from 'node:fs';
import path from 'node:path';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';

/**
 * Every server catalogue pair (`i18n/en.ts` + `te.ts`, `i18n/answers.en.ts` + `answers.te.ts`, anywhere under
 * server/src): the same keys in both languages, each message valid ICU, the same placeholders, every plural form the
 * language needs, selects with the same branches, and Telugu that is Telugu (not an English line left behind).
 */

const SRC = path.resolve(import.meta.dirname, '../../src');

function cataloguePairs(): Array<{ en: string; te: string }> {
  const pairs: Array<{ en: string; te: string }> = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (path.basename(dir) === 'i18n' && /^(.*\.)?en\.ts$/.test(entry.name))
        pairs.push({ en: full, te: full.replace(/en\.ts$/, 'te.ts') });
    }
  };
  walk(SRC);
  return pairs;
}

type Compiled = ReturnType<typeof compileMessage>;
interface Shape {
  args: Set<string>;
  plurals: Map<string, Set<string>>;
  selects: Map<string, Set<string>>;
}

function shapeOf(tokens: Compiled, shape: Shape = { args: new Set(), plurals: new Map(), selects: new Map() }): Shape {
  for (const token of (typeof tokens === 'string' ? [tokens] : tokens) as unknown[]) {
    if (typeof token === 'string') continue;
    const [name, type, options] = token as [string, string?, Record<string, Compiled>?];
    shape.args.add(name);
    if (options && (type === 'plural' || type === 'select')) {
      const into = type === 'plural' ? shape.plurals : shape.selects;
      const forms = into.get(name) ?? new Set<string>();
      for (const [form, branch] of Object.entries(options)) {
        if (branch === undefined) continue; // a plural's `offset`, unset
        forms.add(form);
        shapeOf(branch, shape);
      }
      into.set(name, forms);
    }
  }
  return shape;
}

const pluralForms = (locale: string) => new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
const TELUGU = /[\u0c00-\u0c7f]/;
const placeholdersOut = (message: string) => message.replace(/\{[^{}]*\}/g, '');

const pairs = cataloguePairs();

describe('server message catalogues', () => {
  it('are found: notify, refunds, auth, invoices and the error catalogues', () => {
    const names = pairs.map((p) => path.relative(SRC, p.en));
    for (const expected of [
      'modules/notify/i18n/en.ts',
      'modules/refunds/i18n/en.ts',
      'modules/auth/i18n/en.ts',
      'modules/auth/i18n/answers.en.ts',
      'plugins/i18n/answers.en.ts',
    ]) {
      expect(names).toContain(expected);
    }
  });

  describe.each(pairs.map((p) => [path.relative(SRC, p.en), p] as const))('%s', (_name, pair) => {
    it('has a Telugu twin with the same keys, placeholders, plural forms and select branches', async () => {
      expect(fs.existsSync(pair.te), `${pair.te} is missing`).toBe(true);
      const en = (await import(pair.en)).default as Record<string, string>;
      const te = (await import(pair.te)).default as Record<string, string>;
      expect(Object.keys(te).sort(), 'keys missing in Telugu or extra there').toEqual(Object.keys(en).sort());
      for (const [key, english] of Object.entries(en)) {
        const telugu = te[key]!;
        const [e, t] = [shapeOf(compileMessage(english)), shapeOf(compileMessage(telugu))];
        expect([...t.args].sort(), `${key}: placeholders`).toEqual([...e.args].sort());
        for (const [arg, forms] of e.plurals) {
          for (const form of pluralForms('en'))
            expect(forms.has(form), `${key}: English plural of ${arg} lacks '${form}'`).toBe(true);
          const teForms = t.plurals.get(arg);
          // A Telugu sentence may not need a plural where English does ("{n} పేజీలు" reads right for any n).
          if (teForms)
            for (const form of pluralForms('te'))
              expect(teForms.has(form), `${key}: Telugu plural of ${arg} lacks '${form}'`).toBe(true);
        }
        for (const [arg, branches] of e.selects)
          expect([...(t.selects.get(arg) ?? [])].sort(), `${key}: select ${arg}`).toEqual([...branches].sort());
        // A Telugu list is its items and commas ("{first}, {last}": the glossary has no translated "and").
        const onlyPunctuation = /^[\s,.;:·–-]*$/.test(placeholdersOut(telugu));
        if (
          !onlyPunctuation &&
          /[A-Za-z]{3}/.test(
            placeholdersOut(english).replace(/\b(PDF|GSTIN|GSM|UPI|QR|INR|MB|PVC|Wi-Fi|WhatsApp|en|te|A-Z|a-z)\b/g, ''),
          )
        ) {
          expect(TELUGU.test(telugu), `${key}: the Telugu text has no Telugu in it: ${telugu}`).toBe(true);
        }
      }
    });
  });
});
