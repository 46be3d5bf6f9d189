import { useListParams } from '@hive/shared/ui';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@hive/shared/schemas/backoffice';

const EDIT = ['edit'] as const;
const ACCEPT = { edit: (value: string) => value === 'new' || /^[1-9]\d{0,9}$/.test(value) };

/**
 * A resource page's state in the URL (?q=&sort=&dir=&page=&size=&edit=): the shared list hook, with
 * the back-office's page sizes and the open record. `edit` is 'new', a record id, or null (the list).
 */
export function useResourceParams<S extends string>(sorts: readonly S[], defaultSort: S) {
  const list = useListParams({
    sorts,
    defaultSort,
    filters: EDIT,
    accept: ACCEPT,
    defaultPageSize: DEFAULT_PAGE_SIZE,
    pageSizes: PAGE_SIZES,
    pageSizeKey: 'size',
  });
  return { ...list, edit: list.params.filters.edit || null };
}
