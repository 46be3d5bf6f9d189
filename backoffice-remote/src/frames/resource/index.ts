// The list-and-form page frame (ResourcePage) that most data pages are a config of: beside pages/,
// not in it, because it is no menu page of its own.
export { ResourceEditor, ResourcePage, useFailureMessage } from './ResourcePage';
export type { ResourceConfig, ResourceFilters, ResourceFormProps } from './ResourcePage';
export { FormShell, formStyles, useSaveRecord } from './ResourceForm';
export { useListParams } from './useListParams';
export type { ListParams } from './useListParams';
export { useDebounced } from './useDebounced';
export { SEARCH_DEBOUNCE_MS, useSearchDraft } from './useSearchDraft';
