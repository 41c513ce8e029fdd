/**
 * A customer's file name, made safe to show and to send back in a Content-Disposition header:
 * no folders (`../../etc/passwd.pdf` → `passwd.pdf`), no control or reserved characters, at most 120 characters.
 * It is only ever a label: storage keys are made by the server.
 */
export const MAX_FILENAME_LENGTH = 120;

export function safeFilename(raw: unknown, opts: { fallback?: string; extension?: string } = {}): string {
  const fallback = opts.fallback ?? 'file';
  let name = typeof raw === 'string' ? raw : '';
  name = name.normalize('NFC');
  // Keep the last path segment, whichever separator the browser or OS used.
  name = name.split(/[/\\]/).pop() ?? '';
  name = name
    .replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2066-\u2069\ufeff]/g, '')
    .replace(/[<>:"|?*]/g, '_')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[.\s]+/, '')
    .replace(/[.\s]+$/, '');
  const ext = opts.extension?.toLowerCase();
  if (ext) {
    // The kept file is always of this type: drop any other ending and put ours back.
    if (name.toLowerCase().endsWith(ext)) name = name.slice(0, -ext.length).replace(/[.\s]+$/, '');
    if (!name) name = fallback;
    name = `${truncate(name, MAX_FILENAME_LENGTH - ext.length)}${ext}`;
    return name;
  }
  if (!name) return fallback;
  if (name.length <= MAX_FILENAME_LENGTH) return name;
  const dot = name.lastIndexOf('.');
  const tail = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : '';
  return `${truncate(name.slice(0, name.length - tail.length), MAX_FILENAME_LENGTH - tail.length)}${tail}`;
}

/** Cuts by code points so a surrogate pair is never split. */
function truncate(s: string, max: number): string {
  const chars = Array.from(s);
  return chars.length <= max ? s : chars.slice(0, max).join('').trimEnd();
}
