// `@hive/shared/ui/loader`: only the full-screen loader, so the shell's login path does not load the
// rest of the UI kit (and its icons).
export { FullScreenLoader } from './FullScreenLoader';
export type { FullScreenLoaderProps } from './FullScreenLoader';
