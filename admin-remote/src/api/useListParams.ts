import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { DEFAULT_PAGE_SIZE } from '@hive/shared/schemas/admin';

const SEARCH_DELAY_MS = 300;

/**
 * List state in the URL (`?q=&page=&pageSize=&<filters>`): it survives a reload and the back
 * button. The search box updates the URL after a short pause; any change of search or filter
 * goes back to page 1.
 */
export function useListParams<F extends string>(filters: readonly F[]) {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const pageSize = Number(params.get('pageSize')) || DEFAULT_PAGE_SIZE;
  const filterValues = Object.fromEntries(filters.map((name) => [name, params.get(name) ?? ''])) as Record<F, string>;
  const [searchText, setSearchText] = useState(q);

  const update = useCallback(
    (changes: Record<string, string | number | null>) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [name, value] of Object.entries(changes)) {
            if (value === null || value === '' || (name === 'page' && value === 1)) next.delete(name);
            else next.set(name, String(value));
          }
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  useEffect(() => {
    if (searchText.trim() === q) return;
    const timer = setTimeout(() => update({ q: searchText.trim(), page: 1 }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [searchText, q, update]);

  return {
    q,
    page,
    pageSize,
    filters: filterValues,
    searchText,
    setSearchText,
    setPage: (value: number) => update({ page: value }),
    setPageSize: (value: number) => update({ pageSize: value, page: 1 }),
    setFilter: (name: F, value: string) => update({ [name]: value, page: 1 }),
    /** Query parameters for the API. */
    query: { q, page, pageSize, ...filterValues } as Record<string, string | number>,
  };
}
