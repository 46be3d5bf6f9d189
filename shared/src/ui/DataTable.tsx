import { useId, useMemo, type ReactNode } from 'react';
import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type RowData,
  type SortingState,
} from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown, ChevronLeft, ChevronRight } from 'lucide-react';
import { Button, cardCell, tableCards, type CardPart } from '@hive/shared/ui';
import styles from './DataTable.module.css';

declare module '@tanstack/react-table' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Numbers read better right-aligned. */
    align?: 'left' | 'right';
  }
}

export interface TableSort {
  id: string;
  desc: boolean;
}

export interface DataTableLabels {
  previous: string;
  next: string;
  pageOf: (page: number, pages: number) => string;
  range: (from: number, to: number, total: number) => string;
  rowsPerPage: string;
  loading: string;
  sortAscending: string;
  sortDescending: string;
}

export const DEFAULT_TABLE_LABELS: DataTableLabels = {
  previous: 'Previous page',
  next: 'Next page',
  pageOf: (page, pages) => `Page ${page} of ${pages}`,
  range: (from, to, total) => `${from}–${to} of ${total}`,
  rowsPerPage: 'Rows per page',
  loading: 'Loading…',
  sortAscending: 'sorted ascending',
  sortDescending: 'sorted descending',
};

export interface DataTableProps<T> {
  /** Accessible name of the table (a visually hidden caption). */
  caption: string;
  // TanStack's own column type: the value type differs per column.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  columns: ColumnDef<T, any>[];
  /** The current page of rows, already sorted and sliced by the server. */
  data: T[];
  total: number;
  page: number;
  pageSize: number;
  pageSizes?: readonly number[];
  sort: TableSort | null;
  onSortChange: (sort: TableSort) => void;
  onPageChange: (page: number) => void;
  onPageSizeChange?: (pageSize: number) => void;
  getRowId?: (row: T, index: number) => string;
  /** A new request is on its way (rows stay visible, dimmed). */
  loading?: boolean;
  /** Shown instead of the rows (e.g. an Alert with "Try again"). */
  error?: ReactNode;
  /** Shown when there are no rows. */
  empty?: ReactNode;
  /** Search box, filters, export... above the table. */
  toolbar?: ReactNode;
  labels?: Partial<DataTableLabels>;
  /** A short list shown whole (no range, page size or page buttons under it). */
  unpaged?: boolean;
  /**
   * On a narrow screen (a phone) each row reads as a card instead of a cut table: the `title`
   * column's cell heads it, the `keys` columns follow with their headers; the others are left out.
   */
  cards?: { title: string; keys: readonly string[] };
}

/**
 * A headless TanStack Table with server-side sorting and pagination: the table renders what it is
 * given and reports what the user asks for. Sortable headers are buttons inside `th[aria-sort]`;
 * columns opt out with `enableSorting: false`.
 */
export function DataTable<T>({
  caption,
  columns,
  data,
  total,
  page,
  pageSize,
  pageSizes = [10, 20, 50, 100],
  sort,
  onSortChange,
  onPageChange,
  onPageSizeChange,
  getRowId,
  loading = false,
  error,
  empty,
  toolbar,
  labels: labelOverrides,
  unpaged = false,
  cards,
}: DataTableProps<T>) {
  const labels = { ...DEFAULT_TABLE_LABELS, ...labelOverrides };
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const sorting = useMemo<SortingState>(() => (sort ? [sort] : []), [sort]);
  const pageSizeId = useId();

  const table = useReactTable({
    data,
    columns,
    getRowId,
    getCoreRowModel: getCoreRowModel(),
    manualSorting: true,
    manualPagination: true,
    enableSortingRemoval: false,
    pageCount: pages,
    state: { sorting, pagination: { pageIndex: page - 1, pageSize } },
  });

  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  const columnCount = table.getVisibleLeafColumns().length;
  const showRows = !error && data.length > 0;
  const part = (id: string): CardPart | undefined =>
    !cards ? undefined : id === cards.title ? 'title' : cards.keys.includes(id) ? 'key' : undefined;

  return (
    <div className={[styles.wrapper, cards && tableCards.host].filter(Boolean).join(' ')}>
      {toolbar && <div className={styles.toolbar}>{toolbar}</div>}
      {/* Focusable so keyboard users can scroll a wide table on a narrow screen. */}
      <div className={styles.scroller} tabIndex={0} role="region" aria-label={caption}>
        <table
          className={[styles.table, loading && styles.busy, cards && tableCards.table].filter(Boolean).join(' ')}
          aria-busy={loading || undefined}
        >
          <caption className={styles.caption}>{caption}</caption>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const column = header.column;
                  const align = column.columnDef.meta?.align === 'right' ? styles.right : undefined;
                  const sorted = column.getIsSorted();
                  const content = header.isPlaceholder
                    ? null
                    : flexRender(column.columnDef.header, header.getContext());
                  if (!column.getCanSort()) {
                    return (
                      <th key={header.id} scope="col" className={align}>
                        {content}
                      </th>
                    );
                  }
                  const Icon = sorted === 'asc' ? ArrowUp : sorted === 'desc' ? ArrowDown : ArrowUpDown;
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      className={[align, sorted && styles.sorted].filter(Boolean).join(' ') || undefined}
                      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'}
                    >
                      <button
                        type="button"
                        className={styles.sortButton}
                        onClick={() => onSortChange({ id: column.id, desc: sorted === 'asc' })}
                      >
                        {content}
                        <Icon className={styles.sortIcon} size={14} aria-hidden="true" />
                      </button>
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {showRows &&
              table.getRowModel().rows.map((row) => (
                <tr key={row.id}>
                  {row.getVisibleCells().map((cell) => (
                    <td
                      key={cell.id}
                      className={cell.column.columnDef.meta?.align === 'right' ? styles.right : undefined}
                      {...cardCell(
                        part(cell.column.id),
                        typeof cell.column.columnDef.header === 'string' ? cell.column.columnDef.header : undefined,
                      )}
                    >
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </td>
                  ))}
                </tr>
              ))}
            {!showRows && (
              <tr>
                <td className={styles.state} colSpan={columnCount} {...cardCell(cards && 'state')}>
                  {error ?? (loading ? labels.loading : empty)}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      {!unpaged && (
        <div className={styles.footer}>
          {/* No "0–0 of 0" while the first page is still loading: it would read as an empty list. */}
          <span aria-live="polite">{loading && !showRows ? '' : labels.range(from, to, total)}</span>
          <div className={styles.pager}>
            {onPageSizeChange && (
              <span className={styles.pageSize}>
                <label htmlFor={pageSizeId}>{labels.rowsPerPage}</label>
                <select id={pageSizeId} value={pageSize} onChange={(e) => onPageSizeChange(Number(e.target.value))}>
                  {pageSizes.map((size) => (
                    <option key={size} value={size}>
                      {size}
                    </option>
                  ))}
                </select>
              </span>
            )}
            <Button
              size="small"
              iconOnly
              icon={<ChevronLeft size={16} aria-hidden="true" />}
              disabled={page <= 1}
              onClick={() => onPageChange(page - 1)}
            >
              {labels.previous}
            </Button>
            <span>{labels.pageOf(page, pages)}</span>
            <Button
              size="small"
              iconOnly
              icon={<ChevronRight size={16} aria-hidden="true" />}
              disabled={page >= pages}
              onClick={() => onPageChange(page + 1)}
            >
              {labels.next}
            </Button>
          </div>
        </div>
      )}
    </div>
  );
}
