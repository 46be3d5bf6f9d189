import type { SessionSnapshot } from './types';

export const INITIAL_SESSION: SessionSnapshot = Object.freeze({
  status: 'loading',
  expiresAt: null,
  remainingMs: null,
});

export interface SessionSource {
  getSnapshot(): SessionSnapshot;
  subscribe(listener: () => void): () => void;
  /** Merges a change; listeners run only when a field actually changed. */
  set(next: Partial<SessionSnapshot>): void;
}

/** A minimal external store the shell can back `ShellServices.session` with. */
export function createSessionSource(initial: SessionSnapshot = INITIAL_SESSION): SessionSource {
  let snapshot = initial;
  const listeners = new Set<() => void>();
  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    set(next) {
      const merged = { ...snapshot, ...next };
      const changed = (Object.keys(merged) as (keyof SessionSnapshot)[]).some((key) => merged[key] !== snapshot[key]);
      if (!changed) return;
      snapshot = merged;
      for (const listener of [...listeners]) listener();
    },
  };
}
