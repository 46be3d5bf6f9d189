import pg from 'pg';
import type { Logger } from 'pino';
import { LIVE_COMPANY_TOPICS, LIVE_TOPICS, isLiveEvent } from '@hive/shared/schemas/live';
import { LocalSubscribers, ReleasesListeners, SessionEndListeners, type LiveBus, type LiveDetails } from './bus';

/** The one channel every instance listens on. */
export const LIVE_CHANNEL = 'hive_live';
/** The LISTEN connection's application_name, with its schema after it (liveApplicationName). */
export const LIVE_APPLICATION = 'hive-live';

/**
 * Tells one schema's listening connections from another's in pg_stat_activity (an operator's
 * look, a test that cuts its own instances' connections and no one else's). PostgreSQL keeps the
 * first 63 bytes.
 */
export function liveApplicationName(scope: string): string {
  return `${LIVE_APPLICATION} ${scope}`.slice(0, 63);
}
/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more; details past this are dropped. */
const MAX_PAYLOAD = 7_500;

export interface PostgresBusOptions {
  /** The app's pool: NOTIFY goes through it (a publish is one short query). */
  pool: pg.Pool;
  /**
   * The schema the app runs in: instances of other schemas on the same database (tests run one
   * schema each) hear the channel too and ignore what is not theirs; their company ids are others.
   */
  scope: string;
  log: Logger;
  now?: () => number;
  /** Reconnect backoff of the LISTEN connection: doubles from min to max. */
  reconnectMinMs?: number;
  reconnectMaxMs?: number;
}

/**
 * A change of a company (`c`, `t`), a signed-out session (`end`) or a release registry change
 * (`rel`); `s`: the publisher's schema. An instance of an older build ignores a message it does not
 * know (no company, no `end`).
 */
interface Wire {
  s: string;
  c?: number;
  t?: string;
  at?: number;
  d?: LiveDetails;
  end?: string;
  rel?: 1;
}

/**
 * Several instances on one PostgreSQL: publishing is `NOTIFY hive_live, '<json>'` (after the
 * publisher's commit), and each instance `LISTEN`s on one dedicated connection (not a pool's: a
 * pooled connection goes back to the pool and its LISTEN with it). An instance hears its own
 * NOTIFY too, so a change reaches this process's streams that way only, once. A dropped
 * connection is opened again with backoff; once it listens again every subscribed company gets
 * every topic and company-wide event, since what was published meanwhile was not heard (pages
 * refetch, tabs re-read their user data). A sign-out travels the same channel, so that every
 * instance ends the streams of that session; one missed while the connection was down is caught
 * by the streams' next session check.
 */
export function createPostgresBus(options: PostgresBusOptions): LiveBus & { ready: Promise<void> } {
  const { pool, scope, log } = options;
  const now = options.now ?? Date.now;
  const minMs = options.reconnectMinMs ?? 500;
  const maxMs = options.reconnectMaxMs ?? 30_000;
  const onListenerError = (error: unknown) => log.error({ err: error }, 'live listener failed');
  const subscribers = new LocalSubscribers(onListenerError);
  const sessionEnds = new SessionEndListeners(onListenerError);
  const releases = new ReleasesListeners(onListenerError);
  let client: pg.Client | null = null;
  let closed = false;
  let delay = minMs;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let heardBefore = false;

  const onNotification = (message: pg.Notification) => {
    if (message.channel !== LIVE_CHANNEL || !message.payload) return;
    let wire: Wire;
    try {
      wire = JSON.parse(message.payload) as Wire;
    } catch {
      return;
    }
    if (wire.s !== scope) return;
    if (typeof wire.end === 'string') {
      sessionEnds.deliver(wire.end);
      return;
    }
    if (wire.rel === 1) {
      releases.deliver();
      return;
    }
    if (!Number.isSafeInteger(wire.c) || !isLiveEvent(wire.t) || typeof wire.at !== 'number') return;
    subscribers.deliver({ companyId: wire.c!, topic: wire.t, at: wire.at, ...(wire.d ? { details: wire.d } : {}) });
  };

  async function connect(): Promise<void> {
    // Named, so that an operator (or a test) can tell the listening connections in pg_stat_activity.
    const next = new pg.Client({
      connectionString: pool.options.connectionString,
      application_name: liveApplicationName(scope),
    });
    next.on('notification', onNotification);
    // An error on an idle connection (server restart, network) ends it; 'end' schedules the retry.
    next.on('error', (error) => log.warn({ err: error }, 'live: the LISTEN connection failed'));
    next.on('end', () => {
      if (client === next) client = null;
      if (!closed) retry();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${LIVE_CHANNEL}`);
    } catch (error) {
      next.removeAllListeners('end');
      await next.end().catch(() => undefined);
      throw error;
    }
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    delay = minMs;
    if (heardBefore) {
      log.info('live: listening again');
      const at = now();
      // A plan change missed meanwhile too: the company's tabs re-read their user data.
      for (const companyId of subscribers.companies()) {
        for (const topic of [...LIVE_TOPICS, ...LIVE_COMPANY_TOPICS]) {
          subscribers.deliver({ companyId, topic, at });
        }
      }
      // A release switch missed meanwhile: the registry is read again.
      releases.deliver();
    }
    heardBefore = true;
  }

  function retry(): void {
    if (closed || timer !== undefined) return;
    const wait = delay;
    delay = Math.min(delay * 2, maxMs);
    timer = setTimeout(() => {
      timer = undefined;
      connect().catch((error: unknown) => {
        log.warn({ err: error, retryInMs: delay }, 'live: cannot LISTEN yet');
        retry();
      });
    }, wait);
    timer.unref?.();
  }

  const ready = connect().catch((error: unknown) => {
    log.warn({ err: error }, 'live: cannot LISTEN yet');
    heardBefore = true;
    retry();
  });

  return {
    kind: 'postgres',
    ready,
    publishChange(companyId, topic, details) {
      const wire: Wire = { s: scope, c: companyId, t: topic, at: now(), ...(details ? { d: details } : {}) };
      let payload = JSON.stringify(wire);
      if (Buffer.byteLength(payload) > MAX_PAYLOAD) {
        delete wire.d;
        payload = JSON.stringify(wire);
      }
      pool.query('select pg_notify($1, $2)', [LIVE_CHANNEL, payload]).catch((error: unknown) => {
        log.warn({ err: error, topic }, 'live: NOTIFY failed');
      });
    },
    subscribe: (companyId, listener) => subscribers.add(companyId, listener),
    endSession(sessionId) {
      // This instance's streams end at once, whatever PostgreSQL does; hearing its own NOTIFY
      // later ends nothing more (ending a stream twice is a no-op).
      sessionEnds.deliver(sessionId);
      const payload = JSON.stringify({ s: scope, end: sessionId } satisfies Wire);
      pool.query('select pg_notify($1, $2)', [LIVE_CHANNEL, payload]).catch((error: unknown) => {
        log.warn({ err: error }, 'live: NOTIFY of a sign-out failed');
      });
    },
    onSessionEnd: (listener) => sessionEnds.add(listener),
    releasesChanged() {
      // As endSession: this instance re-reads at once; its own NOTIFY heard later re-reads again (cheap).
      releases.deliver();
      const payload = JSON.stringify({ s: scope, rel: 1 } satisfies Wire);
      pool.query('select pg_notify($1, $2)', [LIVE_CHANNEL, payload]).catch((error: unknown) => {
        log.warn({ err: error }, 'live: NOTIFY of a release change failed');
      });
    },
    onReleasesChanged: (listener) => releases.add(listener),
    async close() {
      closed = true;
      clearTimeout(timer);
      subscribers.clear();
      sessionEnds.clear();
      releases.clear();
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
    },
  };
}
