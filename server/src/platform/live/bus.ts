import type { LiveEvent } from '@hive/shared/schemas/live';

/** Small facts a page may use (an id, a status); never a row: PostgreSQL carries < 8000 bytes. */
export type LiveDetails = Readonly<Record<string, string | number | boolean | null>>;

/** One change of one company, published after its transaction committed. */
export interface LiveChange {
  companyId: number;
  /** A page's topic, or a company-wide event (LIVE_COMPANY_TOPICS) every user of the company hears. */
  topic: LiveEvent;
  /** Epoch ms when it was published. */
  at: number;
  details?: LiveDetails;
}

export type LiveListener = (change: LiveChange) => void;

/** Told the id (`sid` claim) of a session that was signed out. */
export type SessionEndListener = (sessionId: string) => void;

/** Told that a release of a remote changed (registered, canary, promoted, rolled back). */
export type ReleasesListener = () => void;

/**
 * What changed, per company, to whoever holds a stream of that company. `publishChange` is called
 * after the commit (a change rolled back is never announced) and never throws: a lost message
 * costs a page one safety poll, a thrown one would fail a sale that is already stored.
 */
export interface LiveBus {
  readonly kind: 'memory' | 'postgres';
  publishChange(companyId: number, topic: LiveEvent, details?: LiveDetails): void;
  /** Every change of `companyId` from now on (from any instance on PostgreSQL), until the returned stop. */
  subscribe(companyId: number, listener: LiveListener): () => void;
  /**
   * The session was signed out (after its revocation is stored): every instance ends the streams
   * it holds of that session now, rather than at their next session check. Never throws.
   */
  endSession(sessionId: string): void;
  /** Every sign-out from now on (from any instance on PostgreSQL), until the returned stop. */
  onSessionEnd(listener: SessionEndListener): () => void;
  /**
   * The release registry changed (after the commit): every instance re-reads it now rather than at
   * its next periodic read, so a switch is served everywhere within a second. Never throws.
   */
  releasesChanged(): void;
  /** Every registry change from now on (from any instance on PostgreSQL), until the returned stop. */
  onReleasesChanged(listener: ReleasesListener): () => void;
  close(): Promise<void>;
}

/** The listeners of this process by company; a throwing listener does not stop the others. */
export class LocalSubscribers {
  private readonly byCompany = new Map<number, Set<LiveListener>>();

  constructor(private readonly onListenerError: (error: unknown) => void) {}

  add(companyId: number, listener: LiveListener): () => void {
    let set = this.byCompany.get(companyId);
    if (!set) this.byCompany.set(companyId, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.byCompany.get(companyId) === set) this.byCompany.delete(companyId);
    };
  }

  deliver(change: LiveChange): void {
    for (const listener of [...(this.byCompany.get(change.companyId) ?? [])]) {
      try {
        listener(change);
      } catch (error) {
        this.onListenerError(error);
      }
    }
  }

  companies(): number[] {
    return [...this.byCompany.keys()];
  }

  clear(): void {
    this.byCompany.clear();
  }
}

/** This process's listeners of one kind of message; a throwing listener does not stop the others. */
class Listeners<A extends unknown[]> {
  private readonly listeners = new Set<(...args: A) => void>();

  constructor(private readonly onListenerError: (error: unknown) => void) {}

  add(listener: (...args: A) => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  deliver(...args: A): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(...args);
      } catch (error) {
        this.onListenerError(error);
      }
    }
  }

  clear(): void {
    this.listeners.clear();
  }
}

/** This process's sign-out listeners. */
export class SessionEndListeners extends Listeners<[sessionId: string]> {}

/** This process's listeners of release registry changes. */
export class ReleasesListeners extends Listeners<[]> {}

/**
 * One process (SQLite): a change goes straight to this process's listeners, after the publisher's
 * own work (a microtask later), as it would arrive from PostgreSQL.
 */
export function createMemoryBus(options: { now?: () => number; onError?: (error: unknown) => void } = {}): LiveBus {
  const now = options.now ?? Date.now;
  const onError = options.onError ?? (() => undefined);
  const subscribers = new LocalSubscribers(onError);
  const sessionEnds = new SessionEndListeners(onError);
  const releases = new ReleasesListeners(onError);
  return {
    kind: 'memory',
    publishChange(companyId, topic, details) {
      const change: LiveChange = { companyId, topic, at: now(), ...(details ? { details } : {}) };
      queueMicrotask(() => subscribers.deliver(change));
    },
    subscribe: (companyId, listener) => subscribers.add(companyId, listener),
    endSession(sessionId) {
      queueMicrotask(() => sessionEnds.deliver(sessionId));
    },
    onSessionEnd: (listener) => sessionEnds.add(listener),
    releasesChanged() {
      queueMicrotask(() => releases.deliver());
    },
    onReleasesChanged: (listener) => releases.add(listener),
    async close() {
      subscribers.clear();
      sessionEnds.clear();
      releases.clear();
    },
  };
}
