import { useCallback, useMemo } from 'react';
import { useSearchParamsUpdate } from './useSearchParamsUpdate';
import { useSearchDraft } from './useSearchDraft';

export type ListSortDir = 'asc' | 'desc';

export interface ListParamsOptions<S extends string, F extends string> {
  /** The sortable columns; a sort not in the list falls back to `defaultSort`. */
  sorts?: readonly S[];
  defaultSort?: S;
  /** Other values kept in the URL under their own name (filters, the open record); '' when absent. */
  filters?: readonly F[];
  /** Per filter, which values it accepts; anything else reads as ''. */
  accept?: Partial<Record<F, (value: string) => boolean>>;
  defaultPageSize: number;
  /** The sizes offered; without it any whole number from 1 to `maxPageSize` is taken. */
  pageSizes?: readonly number[];
  maxPageSize?: number;
  /** The URL name of the page size (`size` in the back-office, `pageSize` in the admin console). */
  pageSizeKey?: string;
  /** Whether every change replaces the history entry (the admin console's lists) or adds one. */
  replace?: boolean;
  /** Whether the search reaches the URL without its outer spaces. */
  trimSearch?: boolean;
}

export interface ListParams<S extends string, F extends string = never> {
  search: string;
  sort: S;
  dir: ListSortDir;
  page: number;
  pageSize: number;
  filters: Record<F, string>;
}

export type ListPatch<S extends string, F extends string> = Partial<
  Omit<ListParams<S, F>, 'filters'> & Record<F, string | null>
>;

const NO_FILTERS: readonly never[] = [];
const MAX_PAGE = 1_000_000;
const MAX_SEARCH = 100;

/**
 * The one list controller of both apps: the list state lives in the URL
 * (`?q=&sort=&dir=&page=&<size>=&<filters>`) so reload, back/forward and shared links keep it;
 * anything odd in the URL falls back to the defaults, and defaults are left out of the URL so it
 * stays short. The search box (`searchText`) reaches the URL once typing has paused and goes back
 * to page 1, as does any change of filter or page size.
 */
export function useListParams<S extends string = never, F extends string = never>(options: ListParamsOptions<S, F>) {
  const {
    sorts,
    defaultSort,
    filters = NO_FILTERS as readonly F[],
    accept,
    defaultPageSize,
    pageSizes,
    maxPageSize = 100,
    pageSizeKey = 'pageSize',
    replace = false,
    trimSearch = false,
  } = options;
  const [searchParams, setSearchParams] = useSearchParamsUpdate();
  // Compared by their names: callers may pass a new array each render.
  const filterKey = filters.join('\u0000');
  const filterNames = useMemo(() => (filterKey ? (filterKey.split('\u0000') as F[]) : []), [filterKey]);

  const params = useMemo<ListParams<S, F>>(() => {
    const sort = searchParams.get('sort');
    const page = Number(searchParams.get('page'));
    const size = Number(searchParams.get(pageSizeKey));
    const sizeOk = pageSizes ? pageSizes.includes(size) : Number.isInteger(size) && size >= 1 && size <= maxPageSize;
    const filterValues = {} as Record<F, string>;
    for (const name of filterNames) {
      const value = searchParams.get(name) ?? '';
      filterValues[name] = value === '' || (accept?.[name]?.(value) ?? true) ? value : '';
    }
    return {
      search: (searchParams.get('q') ?? '').slice(0, MAX_SEARCH),
      sort: (sorts?.includes(sort as S) ? sort : defaultSort) as S,
      dir: searchParams.get('dir') === 'desc' ? 'desc' : 'asc',
      page: Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1,
      pageSize: sizeOk ? size : defaultPageSize,
      filters: filterValues,
    };
  }, [searchParams, sorts, defaultSort, filterNames, accept, defaultPageSize, pageSizes, maxPageSize, pageSizeKey]);

  /** Merges changes into the URL; defaults are left out. */
  const update = useCallback(
    (patch: ListPatch<S, F>, options: { replace?: boolean } = {}) => {
      setSearchParams(
        (next) => {
          for (const [name, value] of Object.entries(patch) as [string, unknown][]) {
            const key = name === 'search' ? 'q' : name === 'pageSize' ? pageSizeKey : name;
            const isDefault =
              value === null ||
              value === undefined ||
              value === '' ||
              (name === 'page' && value === 1) ||
              (name === 'dir' && value === 'asc') ||
              (name === 'sort' && value === defaultSort) ||
              (name === 'pageSize' && value === defaultPageSize);
            if (isDefault) next.delete(key);
            else next.set(key, String(value));
          }
        },
        { replace: options.replace ?? replace },
      );
    },
    [setSearchParams, defaultSort, defaultPageSize, pageSizeKey, replace],
  );

  const [searchText, setSearchText] = useSearchDraft(
    params.search,
    (settled) => update({ search: settled, page: 1 } as ListPatch<S, F>, { replace: true }),
    { trim: trimSearch },
  );

  return {
    params,
    update,
    /** The search box's text: it reaches `params.search` once typing has paused. */
    searchText,
    setSearchText,
    setPage: (page: number) => update({ page } as ListPatch<S, F>),
    setPageSize: (pageSize: number) => update({ pageSize, page: 1 } as ListPatch<S, F>),
    setFilter: (name: F, value: string) => update({ [name]: value, page: 1 } as ListPatch<S, F>),
  };
}
