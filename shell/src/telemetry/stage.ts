import type { LoadStage } from './types';

/** A chunk of a remote that did not load after its entry had (webpack's ChunkLoadError, a lazy import). */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'ChunkLoadError' ||
    /Loading (CSS )?chunk \S+ failed/i.test(error.message) ||
    /Failed to fetch dynamically imported module|Importing a module script failed/i.test(error.message)
  );
}

/**
 * Which stage of a remote's load failed, from the federation runtime's error lifecycle: its manifest
 * (`afterResolve`, or RUNTIME-003/007/013 "failed to get manifest / snapshot / not a manifest"
 * carried up to `onLoad`), a chunk after the entry loaded, else its entry (`remoteEntry.js` not
 * loaded or its container threw: RUNTIME-001/008/015, `beforeLoadShare`, `onLoad`).
 */
export function loadFailureStage(error: unknown, lifecycle?: string): LoadStage {
  if (lifecycle === 'afterResolve') return 'manifest';
  const message = error instanceof Error ? error.message : String(error);
  if (/RUNTIME-(003|007|013)\b/.test(message)) return 'manifest';
  if (isChunkLoadError(error)) return 'chunk';
  return 'entry';
}
