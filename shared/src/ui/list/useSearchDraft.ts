import { useEffect, useRef, useState } from 'react';
import { useDebounced } from './useDebounced';

export const SEARCH_DEBOUNCE_MS = 300;

/**
 * A search box kept in the URL: what is typed (the draft) reaches `push` once it has settled for
 * 300 ms (the caller writes it to the URL, replacing the entry so typing adds no history), and a
 * `value` the URL gets from outside (back button, a shared link) shows in the box. With `trim`,
 * the URL gets the text without its outer spaces and a trailing space being typed stays in the box.
 */
export function useSearchDraft(
  value: string,
  push: (settled: string) => void,
  { trim = false }: { trim?: boolean } = {},
): [string, (draft: string) => void] {
  const [draft, setDraft] = useState(value);
  const debounced = useDebounced(draft, SEARCH_DEBOUNCE_MS);
  const settled = trim ? debounced.trim() : debounced;
  const pushed = useRef(value);
  const pushRef = useRef(push);
  useEffect(() => {
    pushRef.current = push;
  });
  useEffect(() => {
    if (settled === pushed.current) return;
    pushed.current = settled;
    pushRef.current(settled);
  }, [settled]);
  useEffect(() => {
    // The URL changed from outside: show it in the box.
    if (value === pushed.current) return;
    pushed.current = value;
    setDraft(value);
  }, [value]);
  return [draft, setDraft];
}
