// Shared UI pieces (a later issue adds more).
export { FullScreenLoader } from './FullScreenLoader';
export type { FullScreenLoaderProps } from './FullScreenLoader';
