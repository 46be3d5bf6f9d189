// The form dialog moved to the shared kit (the back-office uses it too).
export { FormDialog } from '@hive/shared/ui';
export type { FormDialogProps } from '@hive/shared/ui';
export { StatusBadge } from './StatusBadge';
export { ListToolbar } from './ListToolbar';
export type { ToolbarFilter } from './ListToolbar';
export { ListTable } from './ListTable';
export type { ListFilter, ListTableProps } from './ListTable';
export { ProblemAlert } from './ProblemAlert';
export { useRowDialog } from './useRowDialog';
export { ReadOnlyNote } from './ReadOnlyNote';
export { formatDate, formatDateTime, formatMoney } from './format';
export { useTableLabels } from './useTableLabels';
export { CheckboxGroup } from './CheckboxGroup';
export { Changes } from './Changes';
export { ReasonField } from './ReasonField';
