import { useEffect, useState } from 'react';

/**
 * A search box for a server-side list: `text` follows the keys, `search` (trimmed) settles 300 ms after the last one,
 * and the list goes back to its first page in the same update.
 */
export function useDebouncedSearch(setPage: (page: number) => void, delayMs = 300, initial = '') {
  const [text, setText] = useState(initial);
  const [search, setSearch] = useState(initial.trim());
  useEffect(() => {
    const t = setTimeout(() => {
      setSearch(text.trim());
      setPage(0);
    }, delayMs);
    return () => clearTimeout(t);
  }, [text, setPage, delayMs]);
  return { text, setText, search };
}
