// The page state kept in the URL: changes that follow each other all stay.
export { useSearchParamsUpdate } from './useSearchParamsUpdate';
