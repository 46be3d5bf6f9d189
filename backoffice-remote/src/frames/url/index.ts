// The page state kept in the URL: changes that follow each other all stay (the hook lives in the
// shared kit, beside the list hook built on it).
export { useSearchParamsUpdate } from '@hive/shared/ui';
