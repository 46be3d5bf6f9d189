// The shared UI kit every remote uses (DESIGN.md 2): page frame, data table, form fields, dialogs,
// empty / "not available yet" states, alerts and toasts. CSS Modules only: no global selector.
export { FullScreenLoader } from './FullScreenLoader';
export type { FullScreenLoaderProps } from './FullScreenLoader';
export { Button, VisuallyHidden } from './Button';
export type { ButtonProps, ButtonVariant } from './Button';
export { PageFrame } from './PageFrame';
export type { Crumb, PageFrameProps } from './PageFrame';
export { DataTable, DEFAULT_TABLE_LABELS } from './DataTable';
export type { DataTableLabels, DataTableProps, TableSort } from './DataTable';
export { CheckboxField, ColorField, NumberField, SearchField, SelectField, TextAreaField, TextField } from './fields';
export type {
  CheckboxFieldProps,
  ColorFieldProps,
  SearchFieldProps,
  SelectFieldProps,
  SelectOption,
  TextAreaFieldProps,
  TextFieldProps,
} from './fields';
export { ConfirmDialog } from './ConfirmDialog';
export type { ConfirmDialogProps } from './ConfirmDialog';
export { EmptyState, NotAvailable } from './EmptyState';
export type { EmptyStateProps, NotAvailableProps } from './EmptyState';
export { Alert, ToastProvider, useToast } from './Toast';
export type { AlertKind, AlertProps, ToastApi, ToastOptions, ToastProviderProps } from './Toast';
