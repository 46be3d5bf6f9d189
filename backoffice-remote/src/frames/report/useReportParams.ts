import { useCallback, useMemo } from 'react';
import { useLocation } from 'react-router-dom';
import { useSearchParamsUpdate } from '../url';

/**
 * The report's filters live in the URL (a report link can be shared and bookmarked): the frame's
 * (period, from, to, location, employee, compare, group) and the report's own (search, kind,
 * terminal, item, page...). The server checks them all and answers 400 with the reason; the page
 * shows it with a way back to the defaults.
 */

/** Keys the page reads but the report API does not take (which receipt or shift is open). */
const VIEW_KEYS = new Set(['receipt', 'shift']);
/** On the transactions list `shift` filters the receipts (a closing's drill-down), not a view. */
const LIST_VIEW_KEYS = new Set(['receipt']);
/** Changing any of these starts the list again on its first page. */
const KEEPS_PAGE = new Set(['page', 'receipt', 'shift', 'dir']);
const MAX_VALUE = 200;

export type ParamPatch = Record<string, string | null>;

export function useReportParams() {
  const [searchParams, setSearchParams] = useSearchParamsUpdate();
  const viewKeys = useLocation().pathname.startsWith('/transaction') ? LIST_VIEW_KEYS : VIEW_KEYS;

  const values = useMemo(() => {
    const out: Record<string, string> = {};
    for (const [key, value] of searchParams) {
      if (value !== '' && value.length <= MAX_VALUE) out[key] = value;
    }
    return out;
  }, [searchParams]);

  /** What the report API is asked for. */
  const query = useMemo(
    () => Object.fromEntries(Object.entries(values).filter(([key]) => !viewKeys.has(key))),
    [values, viewKeys],
  );

  const update = useCallback(
    (patch: ParamPatch, options: { replace?: boolean } = {}) => {
      setSearchParams(
        (next) => {
          for (const [key, value] of Object.entries(patch)) {
            if (value === null || value === '') next.delete(key);
            else next.set(key, value);
          }
          if (Object.keys(patch).some((key) => !KEEPS_PAGE.has(key))) next.delete('page');
        },
        { replace: options.replace },
      );
    },
    [setSearchParams],
  );

  /** Back to the report's defaults (after a 400, say). */
  const reset = useCallback(
    () =>
      setSearchParams(
        (next) => {
          for (const key of [...next.keys()]) next.delete(key);
        },
        { replace: true },
      ),
    [setSearchParams],
  );

  return { values, query, update, reset, search: searchParams.toString() };
}
