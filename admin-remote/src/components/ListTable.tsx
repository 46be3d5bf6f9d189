import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ColumnDef } from '@tanstack/react-table';
import type { Page } from '@hive/shared/schemas/admin';
import { EmptyState } from '@hive/shared/ui';
import { DataTable } from '@hive/shared/ui/table';
import type { AdminList } from '../api';
import { ListToolbar } from './ListToolbar';
import { ProblemAlert } from './ProblemAlert';
import { useTableLabels } from './useTableLabels';

export interface ListFilter<F extends string> {
  name: F;
  label: string;
  options: { value: string; label: string }[];
}

export interface ListTableProps<T, F extends string> {
  /** The list's state and rows (`useAdminList`). */
  list: AdminList<Page<T>, F>;
  caption: string;
  // TanStack's own column type: the value type differs per column.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  columns: ColumnDef<T, any>[];
  searchLabel: string;
  filters?: ListFilter<F>[];
  getRowId?: (row: T) => string;
  emptyTitle?: string;
  /** Offer "Try again" when the list fails to load. */
  retry?: boolean;
}

const byId = (row: unknown) => String((row as { id: number }).id);

/**
 * The frame every admin list page shows: search box and filters, the server-paged table (the
 * admin lists are not sortable), the failure and "no results" states.
 */
export function ListTable<T, F extends string = never>({
  list,
  caption,
  columns,
  searchLabel,
  filters = [],
  getRowId = byId,
  emptyTitle,
  retry = false,
}: ListTableProps<T, F>) {
  const { t } = useTranslation('login');
  const labels = useTableLabels();
  const { query, params } = list;
  const unsorted = useMemo(() => columns.map((c) => ({ ...c, enableSorting: false })), [columns]);
  return (
    <DataTable
      caption={caption}
      columns={unsorted}
      data={query.data?.items ?? []}
      total={query.data?.total ?? 0}
      page={params.page}
      pageSize={params.pageSize}
      sort={null}
      onSortChange={() => undefined}
      onPageChange={list.setPage}
      onPageSizeChange={list.setPageSize}
      getRowId={getRowId}
      loading={query.loading}
      labels={labels}
      error={query.error ? <ProblemAlert error={query.error} onRetry={retry ? query.reload : undefined} /> : undefined}
      empty={<EmptyState plain title={emptyTitle ?? t('common.noResults')} />}
      toolbar={
        <ListToolbar
          searchLabel={searchLabel}
          searchText={list.searchText}
          onSearch={list.setSearchText}
          filters={filters.map((filter) => ({
            ...filter,
            value: params.filters[filter.name],
            onChange: (value: string) => list.setFilter(filter.name, value),
          }))}
        />
      }
    />
  );
}
