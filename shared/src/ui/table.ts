// `@hive/shared/ui/table`: the data table apart from the UI kit, so that TanStack Table loads only
// with the list pages that use it.
export { DataTable, DEFAULT_TABLE_LABELS } from './DataTable';
export type { DataTableLabels, DataTableProps, TableSort } from './DataTable';
