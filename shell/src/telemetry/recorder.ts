import type { LoadStage, TelemetryEvent, VitalName } from './types';

/** Errors of one release sent per page load at most: a loop of errors is one problem, not a thousand. */
export const MAX_ERRORS_PER_RELEASE = 10;

export interface ReleaseRecorder {
  session(remote: string): void;
  loadFailure(remote: string, stage: LoadStage, message: string): void;
  contractMismatch(remote: string, message: string): void;
  error(remote: string, source: 'uncaught' | 'boundary', message: string): void;
  vital(remote: string, name: VitalName, value: number, route: string): void;
}

/**
 * The per-page-load rules, per release: one `session` (when the page first tries to load it), one
 * `load_failure`, one `contract_mismatch`, `first: true` on the first error, one value per vital.
 * Only releases the registry knows (a REMOTES_JSON override has none), and only once this page has
 * tried to load them, so every other event has its session (the server's rates divide by those).
 */
export function createReleaseRecorder({
  push,
  releaseOf,
  route,
}: {
  push: (event: TelemetryEvent) => void;
  releaseOf: (remote: string) => { id: number } | null;
  /** The current route pattern. */
  route: () => string;
}): ReleaseRecorder {
  const sessions = new Set<number>();
  const failures = new Set<number>();
  const mismatches = new Set<number>();
  const errors = new Map<number, number>();
  const vitals = new Set<string>();

  /** The release of `remote` once its session is recorded, else null. */
  const started = (remote: string): number | null => {
    const id = releaseOf(remote)?.id;
    return id !== undefined && sessions.has(id) ? id : null;
  };

  return {
    session(remote) {
      const id = releaseOf(remote)?.id;
      if (id === undefined || sessions.has(id)) return;
      sessions.add(id);
      push({ release: id, kind: 'session', route: route() });
    },
    loadFailure(remote, stage, message) {
      const id = started(remote);
      if (id === null || failures.has(id)) return;
      failures.add(id);
      push({ release: id, kind: 'load_failure', stage, route: route(), message });
    },
    contractMismatch(remote, message) {
      const id = started(remote);
      if (id === null || mismatches.has(id)) return;
      mismatches.add(id);
      push({ release: id, kind: 'contract_mismatch', route: route(), message });
    },
    error(remote, source, message) {
      const id = started(remote);
      if (id === null) return;
      const count = errors.get(id) ?? 0;
      if (count >= MAX_ERRORS_PER_RELEASE) return;
      errors.set(id, count + 1);
      push({ release: id, kind: 'error', source, first: count === 0, route: route(), message });
    },
    vital(remote, name, value, vitalRoute) {
      const id = started(remote);
      if (id === null || !Number.isFinite(value) || vitals.has(`${id}:${name}`)) return;
      vitals.add(`${id}:${name}`);
      push({ release: id, kind: 'vital', name, value: Math.round(value * 1000) / 1000, route: vitalRoute });
    },
  };
}
