/** An ILIKE pattern matching `text` anywhere, with LIKE's own wildcards (% and _) and the escape taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
