import type { ErrorOrigin } from './attribution';

/** Calls `onError` for every uncaught error and unhandled rejection of the page; returns the stop. */
export function listenForUncaughtErrors(
  win: Pick<Window, 'addEventListener' | 'removeEventListener'>,
  onError: (origin: ErrorOrigin, error: unknown) => void,
): () => void {
  const stackOf = (value: unknown) => (value instanceof Error ? value.stack : undefined);
  const onUncaught = (event: ErrorEvent) =>
    onError({ filename: event.filename, stack: stackOf(event.error) }, event.error ?? event.message);
  const onRejection = (event: PromiseRejectionEvent) => onError({ stack: stackOf(event.reason) }, event.reason);
  win.addEventListener('error', onUncaught);
  win.addEventListener('unhandledrejection', onRejection);
  return () => {
    win.removeEventListener('error', onUncaught);
    win.removeEventListener('unhandledrejection', onRejection);
  };
}
