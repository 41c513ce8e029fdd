import type { FastifyInstance, FastifyRequest } from 'fastify';
import { formatDateIn } from '@shop/shared/i18n/format';
import { acceptLanguageTags, isLanguage, LANGUAGE_COOKIE, languageFromTags } from '@shop/shared/i18n/language';
import { registerValueTranslator, translateMessage } from '../lib/answer-text.ts';
import { defineCatalogue, defineAnswerCatalogue, type Language } from '../lib/i18n.ts';
import en from './i18n/en.ts';
import te from './i18n/te.ts';
import answersEn from './i18n/answers.en.ts';
import answersTe from './i18n/answers.te.ts';

/**
 * Answers in the caller's language (docs/decisions/027-telugu.md, 029-mail-attachments-and-languages.md). Each
 * module's answer catalogue is registered when the module is loaded (its index.ts imports it). The language of a
 * request is the browser's choice (the `ps_lang` cookie the language switch sets), else its Accept-Language, else
 * English: the same order the web app itself follows, so a page and the server's messages on it always agree. Error
 * answers (`{ message, code, fields? }`) keep their `code`; their message and field messages are put into that
 * language when the shop has a translation, and stay English otherwise; a confirmation's `message` too. English is
 * never changed.
 */
export const generalAnswers = defineAnswerCatalogue('answers', answersEn, answersTe);
const words = defineCatalogue('words', en, te);

export function requestLanguage(request: FastifyRequest): Language {
  const chosen = request.cookies?.[LANGUAGE_COOKIE];
  if (isLanguage(chosen)) return chosen;
  return languageFromTags(acceptLanguageTags(request.headers['accept-language']));
}

/** "45 seconds", "3 minutes", "about 5 hours" (waitInWords and the sign-in throttle's words) in the reader's language. */
registerValueTranslator('wait', (lang, english) => {
  const m = /^(about )?(\d+) (second|minute|hour)s?$/.exec(english);
  if (!m) return null;
  const n = Number(m[2]);
  return words.t(lang, m[3] === 'second' ? 'seconds' : m[3] === 'minute' ? 'minutes' : 'aboutHours', { n });
});
/** "24 December 2026" (formatIstDate) as the reader's language writes a date. */
registerValueTranslator('date', (lang, english) => {
  if (!/^\d{1,2} [A-Z][a-z]+ \d{4}$/.test(english)) return null;
  const at = new Date(`${english} 12:00 UTC`);
  return Number.isNaN(at.getTime()) ? null : formatDateIn(lang, at, 'date');
});
/** "PDF, JPG and PNG" (formatsSentence): the file kinds keep their names, the list its language's "and". */
registerValueTranslator('formats', (lang, english) => {
  const m = /^(.+) and ([^,]+)$/.exec(english);
  return m ? words.t(lang, 'and', { first: m[1]!, last: m[2]! }) : null;
});

interface AnswerBody {
  message?: unknown;
  fields?: unknown;
}

function translated(lang: Language, body: AnswerBody): AnswerBody | null {
  let changed = false;
  const out: AnswerBody = { ...body };
  if (typeof body.message === 'string') {
    const t = translateMessage(lang, body.message);
    if (t !== null) {
      out.message = t;
      changed = true;
    }
  }
  if (body.fields && typeof body.fields === 'object') {
    out.fields = Object.fromEntries(
      Object.entries(body.fields as Record<string, unknown>).map(([k, v]) => {
        const t = typeof v === 'string' ? translateMessage(lang, v) : null;
        if (t !== null) changed = true;
        return [k, t ?? v];
      }),
    );
  }
  return changed ? out : null;
}

/**
 * Puts answers into the caller's language just before they are written: errors (thrown, or sent directly by a route)
 * with their field messages, and the few confirmations that carry a `message` ("Signed out", the reset answers).
 */
export function registerAnswerLanguage(app: FastifyInstance): void {
  // A callback hook, not an async one: every answer passes here, and most are left as they are without a promise.
  app.addHook('preSerialization', (request, reply, payload: unknown, done) => {
    if (!payload || typeof payload !== 'object' || Array.isArray(payload) || !('message' in payload))
      return done(null, payload);
    const lang = requestLanguage(request);
    if (lang === 'en') return done(null, payload);
    const body = translated(lang, payload as AnswerBody);
    if (!body) return done(null, payload);
    reply.header('content-language', lang);
    done(null, body);
  });
}
