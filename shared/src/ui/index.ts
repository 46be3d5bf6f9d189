// The shared UI kit every remote uses (DESIGN.md 2): page frame, data table, form fields, dialogs,
// empty / "not available yet" states, alerts and toasts. CSS Modules only: no global selector.
// The loader and the table are their own subpaths (`ui/loader`, `ui/table`); re-exported by package
// name so that each module stays one shared instance.
export { FullScreenLoader } from '@hive/shared/ui/loader';
export type { FullScreenLoaderProps } from '@hive/shared/ui/loader';
export { Button, VisuallyHidden } from './Button';
export type { ButtonProps, ButtonVariant } from './Button';
export { PageFrame } from './PageFrame';
export type { Crumb, PageFrameProps } from './PageFrame';
export { CheckboxField, ColorField, SearchField, SelectField, TextAreaField, TextField } from './fields';
export { DecimalField, decimalResolver } from './decimalFields';
export type { DecimalFieldRule, DecimalMessage } from './decimalFields';
export { decimalInput, decimalValue, minorUnits, parseDecimal, separatorsOf } from './decimal';
export type { DecimalProblem, DecimalRules, ParsedDecimal } from './decimal';
export type {
  CheckboxFieldProps,
  ColorFieldProps,
  SearchFieldProps,
  SelectFieldProps,
  SelectOption,
  TextAreaFieldProps,
  TextFieldProps,
} from './fields';
export { cardCell, tableCards } from './tableCards';
export type { CardPart } from './tableCards';
export { ConfirmDialog } from './ConfirmDialog';
export type { ConfirmDialogProps } from './ConfirmDialog';
export { FormDialog } from './FormDialog';
export type { FormDialogProps } from './FormDialog';
export { EmptyState } from './EmptyState';
export type { EmptyStateProps } from './EmptyState';
export { Alert, ToastProvider, useToast } from './Toast';
export type { AlertKind, AlertProps, ToastApi, ToastOptions, ToastProviderProps } from './Toast';
export { Breakable, breakParts } from './Breakable';
export { SEARCH_DEBOUNCE_MS, useDebounced, useListParams, useSearchDraft, useSearchParamsUpdate } from './list';
export type { ListParams, ListParamsOptions, ListPatch, ListSortDir } from './list';
