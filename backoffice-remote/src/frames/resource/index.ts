// The list-and-form page frame (ResourcePage) that most data pages are a config of: beside pages/,
// not in it, because it is no menu page of its own.
export { ResourceEditor, ResourcePage, useFailureMessage } from './ResourcePage';
export type { ResourceConfig, ResourceFilters, ResourceFormProps } from './ResourcePage';
export { FormShell, formStyles, useSaveRecord } from './ResourceForm';
export { useResourceParams } from './useResourceParams';
// The search box hooks moved to the shared kit with the list hook; pages keep importing them here.
export { SEARCH_DEBOUNCE_MS, useDebounced, useSearchDraft } from '@hive/shared/ui';
