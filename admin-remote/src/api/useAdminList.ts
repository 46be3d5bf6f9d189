import { useListParams } from '@hive/shared/ui';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, type Page } from '@hive/shared/schemas/admin';
import { useAdminQuery } from './useAdminQuery';

/**
 * An admin list: its state in the URL (`?q=&page=&pageSize=&<filters>`, the shared list hook) and
 * the page of rows the server answers for it. Every change replaces the history entry, and the
 * search reaches the URL trimmed.
 */
export function useAdminList<P extends Page<unknown>, F extends string = never>(
  url: string,
  filters: readonly F[] = [],
) {
  const list = useListParams<never, F>({
    filters,
    defaultPageSize: DEFAULT_PAGE_SIZE,
    maxPageSize: MAX_PAGE_SIZE,
    replace: true,
    trimSearch: true,
  });
  const { search, page, pageSize } = list.params;
  const query = useAdminQuery<P>(url, { q: search, page, pageSize, ...list.params.filters });
  return { ...list, query };
}

export type AdminList<P extends Page<unknown>, F extends string = never> = ReturnType<typeof useAdminList<P, F>>;
