/** A message catalogue: id → ICU message (docs/decisions/027-telugu.md). */
export type Messages = Readonly<Record<string, string>>;
/** Another language's catalogue of an area: every key of the English one, and nothing else. */
export type TranslationOf<T extends Messages> = { readonly [K in keyof T]: string };
