import { useCallback, useEffect, useRef } from 'react';
import { useSearchParams, type NavigateOptions } from 'react-router-dom';

/**
 * useSearchParams whose setter applies changes one after the other. react-router hands the updater
 * the params of the last render, not of the last change: two changes before a render (an item, then
 * a warehouse, picked quickly on a busy machine) kept only the second. Here each change builds on
 * the one before it until a render shows the URL it made.
 */
export function useSearchParamsUpdate() {
  const [searchParams, setSearchParams] = useSearchParams();
  const last = useRef<{ from: string; to: string } | null>(null);
  // A render shows the URL as it is (the last change, or Back): later changes start from there.
  useEffect(() => {
    last.current = null;
  }, [searchParams]);
  const update = useCallback(
    (change: (next: URLSearchParams) => void, options?: NavigateOptions) => {
      setSearchParams((current) => {
        // `current` is a copy of the rendered params: the same text until a render shows the last change.
        const from = current.toString();
        const next = new URLSearchParams(last.current?.from === from ? last.current.to : from);
        change(next);
        last.current = { from, to: next.toString() };
        return next;
      }, options);
    },
    [setSearchParams],
  );
  return [searchParams, update] as const;
}
