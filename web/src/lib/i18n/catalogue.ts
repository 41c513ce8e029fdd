import { setupI18n } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react';
import type { Messages, TranslationOf } from '@shop/shared/i18n/catalogue-types';
import type { Language } from '@shop/shared/i18n/language';
import { createElement, use, type ReactElement, type ReactNode } from 'react';
import { currentLanguage, i18n } from './i18n';

/** English only: what an area says while its Telugu is still on the way (never its message ids). */
const english = setupI18n({ locale: 'en', messages: { en: {} } });

/** A catalogue: message id → ICU message (compiled to Lingui's form when the web app is built). */
export type { Messages, TranslationOf };
export type Values = Record<string, string | number>;

interface Area {
  name: string;
  loadTe: () => Promise<{ default: Messages }>;
  te?: Promise<void>;
  teReady: boolean;
}
const areas = new Map<string, Area>();

const prefixed = (name: string, messages: Messages) =>
  Object.fromEntries(Object.entries(messages).map(([k, v]) => [`${name}.${k}`, v]));

function loadTelugu(area: Area): Promise<void> {
  area.te ??= area
    .loadTe()
    .then((m) => {
      i18n.load('te', prefixed(area.name, m.default));
      area.teReady = true;
    })
    .catch((err: unknown) => {
      // A lost connection: the next render asks again (and shows English meanwhile).
      area.te = undefined;
      console.warn(`Telugu texts of ${area.name} did not load`, err);
      throw err;
    });
  return area.te;
}

/** What else must be ready before Telugu shows (e.g. the translations of the server's messages). */
const teLoaders: Array<() => Promise<unknown>> = [];
export function beforeTelugu(load: () => Promise<unknown>): void {
  teLoaders.push(load);
  if (currentLanguage() === 'te') void load().catch(() => {});
}

/** Every Telugu catalogue of the screens seen so far, before the switch shows Telugu (no English flash). */
export function loadLanguage(lang: Language): Promise<unknown> {
  if (lang !== 'te') return Promise.resolve();
  return Promise.all([...[...areas.values()].map(loadTelugu), ...teLoaders.map((load) => load())]);
}

/**
 * One area's texts (a feature, the layout, a page): English is built in with the screen's code; the Telugu
 * catalogue is its own small file, fetched the first time Telugu is shown. Keys are typed from the English catalogue.
 */
export function defineCatalogue<const T extends Messages>(
  name: string,
  en: T,
  loadTe: () => Promise<{ default: TranslationOf<T> }>,
) {
  if (areas.has(name)) throw new Error(`Two catalogues are named ${name}`);
  const area: Area = { name, loadTe, teReady: false };
  areas.set(name, area);
  const messages = prefixed(name, en);
  i18n.load('en', messages);
  english.load('en', messages);
  if (currentLanguage() === 'te') void loadTelugu(area).catch(() => {});

  type Key = keyof T & string;
  /** The message in the language on screen now (for toasts and other calls outside rendering). */
  const t = (key: Key, values?: Values): string => {
    const id = `${name}.${key}`;
    // Until its Telugu arrives an area speaks English rather than showing its ids.
    return currentLanguage() === 'te' && !area.teReady ? english._(id, values) : i18n._(id, values);
  };
  /** The texts of this area in a component: re-renders on a language change; waits (Suspense) for Telugu. */
  const useText = () => {
    const { i18n: live } = useLingui();
    if (live.locale === 'te' && !area.teReady) use(loadTelugu(area));
    return t;
  };
  /**
   * A sentence with links or emphasis inside, still one message: `'I accept the <terms>Terms</terms>'` with
   * `{ terms: <Link to=… /> }`; the translation may move the tags wherever the sentence needs them.
   */
  const rich = (key: Key, components: Record<string, ReactElement>, values?: Values): ReactNode =>
    createElement(Trans, { id: `${name}.${key}`, components, values });
  return { t, useText, rich };
}
