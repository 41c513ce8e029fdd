import { compileMessage } from '@lingui/message-utils/compileMessage';
import type { Language } from '@shop/shared/i18n/language';

/** The values filling a message's {placeholders}. */
export type Values = Record<string, string | number>;

/**
 * The server's messages to customers in their language, found by their English words (docs/decisions/029): an answer
 * catalogue's English entries are the exact texts the code sends, as ICU templates; an English message is matched
 * against them (exactly, or as a template whose {placeholders} capture the variable parts) and formatted again in the
 * reader's language. English answers are never touched.
 *
 * Why by text rather than by a key at each `throw`: the same English sentences come from the shared zod schemas
 * (the web app shows them too), from many modules and from messages built by helper functions; keying every throw
 * site would touch most of the server for no gain in what the customer reads. A test holds the catalogue to the
 * code's constants, so a reworded English message cannot silently lose its Telugu.
 */

type Compiled = ReturnType<typeof compileMessage>;
type Token = Compiled extends Array<infer T> ? T : never;

/** A captured value turned into the reader's language (a wait in words, a nested message); null keeps it. */
export type ValueTranslator = (lang: Language, english: string) => string | null;

interface Template {
  regex: RegExp;
  /** Which placeholder each capture group fills; `name=option` marks a select's matched branch. */
  groups: string[];
  literal: number;
  format: (lang: Language, values: Values) => string;
}

const exact = new Map<string, (lang: Language) => string>();
const templates: Template[] = [];
const valueTranslators = new Map<string, ValueTranslator>();

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A regular expression for one compiled ICU message, recording which placeholder each group captures. */
function patternOf(tokens: Compiled, groups: string[], pluralArg?: string): { source: string; literal: number } {
  let source = '';
  let literal = 0;
  // A branch of plain text compiles to a string rather than a list.
  for (const token of (typeof tokens === 'string' ? [tokens] : tokens) as Token[]) {
    if (typeof token === 'string') {
      if (pluralArg && token.includes('#')) {
        source += token
          .split('#')
          .map((part) => escapeRegex(part))
          .join('(\\d[\\d,]*)');
        for (let i = 0; i < token.split('#').length - 1; i++) groups.push(`${pluralArg}#`);
      } else source += escapeRegex(token);
      literal += token.replace(/#/g, '').length;
      continue;
    }
    const [name, type, options] = token as [string, string?, Record<string, Compiled>?];
    if ((type === 'plural' || type === 'select' || type === 'selectordinal') && options) {
      // Lingui lists a plural's `offset` among the branches (undefined when unset).
      const branches = Object.entries(options).filter(([, branch]) => branch !== undefined);
      const alternatives = branches.map(([option, branch]) => {
        const inner = patternOf(branch, groups, type === 'select' ? undefined : name);
        if (type === 'select') groups.push(`${name}=${option}`);
        return { source: `${inner.source}${type === 'select' ? '()' : ''}`, literal: inner.literal };
      });
      source += `(?:${alternatives.map((a) => a.source).join('|')})`;
      literal += Math.min(...alternatives.map((a) => a.literal));
    } else {
      groups.push(name);
      source += '([\\s\\S]+?)';
    }
  }
  return { source, literal };
}

/**
 * Registers one area's answers: `en` holds the English texts exactly as sent, `format(lang, key, values)`
 * renders an entry in a language. Templates need some fixed words (ten letters or more) so they never match
 * unrelated messages.
 */
export function registerAnswerMessages(
  en: Readonly<Record<string, string>>,
  format: (lang: Language, key: string, values?: Values) => string,
): void {
  for (const [key, message] of Object.entries(en)) {
    const compiled = compileMessage(message);
    if (typeof compiled === 'string' || compiled.every((t) => typeof t === 'string')) {
      exact.set(typeof compiled === 'string' ? compiled : (compiled as string[]).join(''), (lang) => format(lang, key));
      continue;
    }
    const groups: string[] = [];
    const { source, literal } = patternOf(compiled, groups);
    if (literal < 10) throw new Error(`Answer template '${key}' has too few fixed words to be recognised: ${message}`);
    templates.push({
      regex: new RegExp(`^${source}$`),
      groups,
      literal,
      format: (lang, values) => format(lang, key, values),
    });
  }
  // Longer fixed text first: the most specific template wins.
  templates.sort((a, b) => b.literal - a.literal);
}

/** Placeholders with this name have their captured English value translated too (e.g. `wait`, `inner`). */
export function registerValueTranslator(placeholder: string, translate: ValueTranslator): void {
  valueTranslators.set(placeholder, translate);
}

/** The English message in `lang`, or null when the shop has no translation of it (it is then shown in English). */
export function translateMessage(lang: Language, english: string, depth = 0): string | null {
  if (lang === 'en' || depth > 3) return null;
  const known = exact.get(english);
  if (known) return known(lang);
  for (const t of templates) {
    const m = t.regex.exec(english);
    if (!m) continue;
    const values: Values = {};
    t.groups.forEach((group, i) => {
      const captured = m[i + 1];
      if (captured === undefined) return;
      const [name, option] = group.split('=') as [string, string?];
      if (option !== undefined) {
        values[name] = option;
        return;
      }
      // A plural's count (`#`, perhaps grouped as 1,234) is a number again; other values stay as written.
      if (name.endsWith('#')) {
        values[name.slice(0, -1)] ??= Number(captured.replace(/,/g, ''));
        return;
      }
      if (values[name] !== undefined) return;
      const translated = valueTranslators.get(name)?.(lang, captured) ?? null;
      values[name] = translated ?? (/^\d+$/.test(captured) ? Number(captured) : captured);
    });
    return t.format(lang, values);
  }
  return null;
}

/** For nested messages (`Document 2 (notes.pdf): <message>`): the inner message in the reader's language. */
registerValueTranslator('inner', (lang, english) => translateMessage(lang, english, 1));
