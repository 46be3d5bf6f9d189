// Infrastructure: what changed, pushed to the back-office pages that show it. A bus per app
// (in-process on SQLite, LISTEN/NOTIFY on PostgreSQL so that every instance hears every change)
// and the server-sent events stream a signed-in tab holds. Imports no module: the guard and the
// session check are given to it by the composition root.
import type pg from 'pg';
import type { Logger } from 'pino';
import { createMemoryBus, type LiveBus } from './bus';
import { createPostgresBus } from './postgres';

export {
  createMemoryBus,
  LocalSubscribers,
  type LiveBus,
  type LiveChange,
  type LiveDetails,
  type LiveListener,
  type ReleasesListener,
  type SessionEndListener,
} from './bus';
export { createPostgresBus, LIVE_APPLICATION, LIVE_CHANNEL, liveApplicationName } from './postgres';
export {
  liveStreams,
  LIVE_STREAMS_PER_USER,
  type LiveStreams,
  type LiveStreamOptions,
  type StreamOwner,
} from './stream';

/** The app's bus from its database: PostgreSQL (several instances) or this process only (SQLite). */
export async function createLiveBus(options: {
  pgPool?: pg.Pool;
  schema?: string;
  log: Logger;
  now?: () => number;
}): Promise<LiveBus> {
  if (!options.pgPool) {
    return createMemoryBus({
      now: options.now,
      onError: (error) => options.log.error({ err: error }, 'live listener failed'),
    });
  }
  const bus = createPostgresBus({
    pool: options.pgPool,
    scope: options.schema ?? 'public',
    log: options.log,
    now: options.now,
  });
  // Listening before the app answers: a change published right after start reaches its streams.
  await bus.ready;
  return bus;
}
