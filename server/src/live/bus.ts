import type { LiveTopic } from '@hive/shared/schemas/live';

/** Small facts a page may use (an id, a status); never a row: PostgreSQL carries < 8000 bytes. */
export type LiveDetails = Readonly<Record<string, string | number | boolean | null>>;

/** One change of one company, published after its transaction committed. */
export interface LiveChange {
  companyId: number;
  topic: LiveTopic;
  /** Epoch ms when it was published. */
  at: number;
  details?: LiveDetails;
}

export type LiveListener = (change: LiveChange) => void;

/**
 * What changed, per company, to whoever holds a stream of that company. `publishChange` is called
 * after the commit (a change rolled back is never announced) and never throws: a lost message
 * costs a page one safety poll, a thrown one would fail a sale that is already stored.
 */
export interface LiveBus {
  readonly kind: 'memory' | 'postgres';
  publishChange(companyId: number, topic: LiveTopic, details?: LiveDetails): void;
  /** Every change of `companyId` from now on (from any instance on PostgreSQL), until the returned stop. */
  subscribe(companyId: number, listener: LiveListener): () => void;
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

/**
 * One process (SQLite): a change goes straight to this process's listeners, after the publisher's
 * own work (a microtask later), as it would arrive from PostgreSQL.
 */
export function createMemoryBus(options: { now?: () => number; onError?: (error: unknown) => void } = {}): LiveBus {
  const now = options.now ?? Date.now;
  const subscribers = new LocalSubscribers(options.onError ?? (() => undefined));
  return {
    kind: 'memory',
    publishChange(companyId, topic, details) {
      const change: LiveChange = { companyId, topic, at: now(), ...(details ? { details } : {}) };
      queueMicrotask(() => subscribers.deliver(change));
    },
    subscribe: (companyId, listener) => subscribers.add(companyId, listener),
    async close() {
      subscribers.clear();
    },
  };
}
