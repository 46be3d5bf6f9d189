import { useCallback, useMemo } from 'react';
import { useSearchParamsUpdate } from '../url';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type SortDir } from '@hive/shared/schemas/backoffice';

export interface ListParams<S extends string> {
  search: string;
  sort: S;
  dir: SortDir;
  page: number;
  pageSize: number;
  /** 'new', a record id, or null (the list). */
  edit: string | null;
}

const KEYS = { search: 'q', sort: 'sort', dir: 'dir', page: 'page', pageSize: 'size', edit: 'edit' } as const;

/**
 * The list state lives in the URL (?q=&sort=&dir=&page=&size=&edit=): reload, back/forward and
 * shared links keep it. Anything odd in the URL falls back to the defaults.
 */
export function useListParams<S extends string>(sorts: readonly S[], defaultSort: S) {
  const [searchParams, setSearchParams] = useSearchParamsUpdate();

  const params = useMemo<ListParams<S>>(() => {
    const sort = searchParams.get(KEYS.sort);
    const page = Number(searchParams.get(KEYS.page));
    const size = Number(searchParams.get(KEYS.pageSize));
    const edit = searchParams.get(KEYS.edit);
    return {
      search: (searchParams.get(KEYS.search) ?? '').slice(0, 100),
      sort: sorts.includes(sort as S) ? (sort as S) : defaultSort,
      dir: searchParams.get(KEYS.dir) === 'desc' ? 'desc' : 'asc',
      page: Number.isInteger(page) && page >= 1 && page <= 1_000_000 ? page : 1,
      pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
      edit: edit === 'new' || (edit !== null && /^[1-9]\d{0,9}$/.test(edit)) ? edit : null,
    };
  }, [searchParams, sorts, defaultSort]);

  /** Merges changes into the URL; defaults are left out so URLs stay short. */
  const update = useCallback(
    (patch: Partial<ListParams<S>>, options: { replace?: boolean } = {}) => {
      setSearchParams(
        (next) => {
          for (const [name, value] of Object.entries(patch) as [keyof ListParams<S>, unknown][]) {
            const key = KEYS[name];
            const isDefault =
              value === null ||
              value === '' ||
              (name === 'page' && value === 1) ||
              (name === 'dir' && value === 'asc') ||
              (name === 'sort' && value === defaultSort) ||
              (name === 'pageSize' && value === DEFAULT_PAGE_SIZE);
            if (isDefault) next.delete(key);
            else next.set(key, String(value));
          }
        },
        { replace: options.replace },
      );
    },
    [setSearchParams, defaultSort],
  );

  return { params, update };
}
