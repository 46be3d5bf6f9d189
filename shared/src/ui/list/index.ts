// The list state in the URL, shared by the back-office's resource pages and the admin console's lists.
export { useListParams } from './useListParams';
export type { ListParams, ListParamsOptions, ListPatch, ListSortDir } from './useListParams';
export { SEARCH_DEBOUNCE_MS, useSearchDraft } from './useSearchDraft';
export { useDebounced } from './useDebounced';
export { useSearchParamsUpdate } from './useSearchParamsUpdate';
