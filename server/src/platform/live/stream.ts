import type { Request, RequestHandler, Response } from 'express';
import { LIVE_PING_MS, isLiveCompanyTopic, type LiveTopic } from '@hive/shared/schemas/live';
import { HttpError } from '../http';
import type { LiveBus, LiveChange } from './bus';

/** Whose stream it is: read by the guard before the route (the session's user and company). */
export interface StreamOwner {
  userId: number;
  companyId: number;
  /** The session's id (`sid`): its sign-out ends the stream (LiveBus.endSession). */
  sessionId: string;
  /** What the user may receive: the topics of the pages they may open. */
  topics: ReadonlySet<LiveTopic>;
}

export interface LiveStreamOptions {
  bus: LiveBus;
  /** The guard's verdict on this request (e.g. the merchant the back-office guard put in res.locals). */
  ownerOf(res: Response): StreamOwner;
  /**
   * Reads the request's session again (each ping): the topics the user may receive now (their
   * role, permissions or plan may have changed), or null once it ended (expiry, a suspended
   * company, a disabled account; a sign-out already ended it) and the stream closes. Reading must
   * never extend the session.
   */
  recheck(req: Request, owner: StreamOwner): Promise<ReadonlySet<LiveTopic> | null>;
  /** Open streams per user and process; one more is 429 (a user cannot hold the server's sockets). */
  perUserLimit?: number;
  pingMs?: number;
  onError?: (error: unknown) => void;
}

export interface LiveStreams {
  handler: RequestHandler;
  /** Streams open now (tests, shutdown). */
  open(): number;
  /** Ends every stream (shutdown): the clients reconnect to another instance. */
  endAll(): void;
}

export const LIVE_STREAMS_PER_USER = 10;

const message = (change: LiveChange) =>
  `event: ${change.topic}\ndata: ${JSON.stringify({ ...change.details, topic: change.topic, at: change.at })}\n\n`;

/**
 * GET handler of a server-sent events stream: the changes of the owner's company in the topics the
 * owner may receive and its company-wide events (LIVE_COMPANY_TOPICS), a `: ping` comment every
 * 25 s (proxies close idle connections; each ping reads the session again, ends the stream once
 * it is gone and applies what the user may receive now), and nothing else. A sign-out on any
 * instance ends the session's streams at once. It never touches the session: only sign-in and an
 * explicit extend move its expiry, so an open tab does not keep a session alive by itself.
 */
export function liveStreams(options: LiveStreamOptions): LiveStreams {
  const { bus, ownerOf, recheck } = options;
  const perUser = options.perUserLimit ?? LIVE_STREAMS_PER_USER;
  const pingMs = options.pingMs ?? LIVE_PING_MS;
  const perUserOpen = new Map<number, number>();
  const enders = new Set<() => void>();
  const bySession = new Map<string, Set<() => void>>();
  // One listener for all streams; the bus drops it when it closes.
  bus.onSessionEnd((sessionId) => {
    for (const end of [...(bySession.get(sessionId) ?? [])]) end();
  });

  const handler: RequestHandler = (req, res) => {
    const owner = ownerOf(res);
    // `?probe`: the guard's answer without a stream. A browser's EventSource never sees why a
    // stream was refused; the shell asks this way, through its own HTTP client and 401 handling.
    if (req.query.probe !== undefined) {
      res.set('Cache-Control', 'no-store').status(204).end();
      return;
    }
    const open = perUserOpen.get(owner.userId) ?? 0;
    if (open >= perUser) {
      throw new HttpError(429, {
        error: 'too_many_streams',
        message: `At most ${perUser} live streams per user are open at once; close a tab.`,
      });
    }
    perUserOpen.set(owner.userId, open + 1);

    res.status(200);
    res.set({
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      // nginx buffers a proxied answer unless told not to; a buffered event arrives late.
      'X-Accel-Buffering': 'no',
      Connection: 'keep-alive',
    });
    res.flushHeaders();
    req.socket.setKeepAlive(true);
    req.socket.setNoDelay(true);

    let ended = false;
    const write = (text: string) => {
      if (ended) return;
      res.write(text);
      // A compression middleware in front would hold the bytes in its buffer (ours skips event streams).
      (res as Response & { flush?: () => void }).flush?.();
    };
    let topics = owner.topics;
    const unsubscribe = bus.subscribe(owner.companyId, (change) => {
      // A company-wide event (a plan change) reaches every user of the company; a page's topic only
      // those who may open a page that shows it.
      if (isLiveCompanyTopic(change.topic) || topics.has(change.topic)) write(message(change));
    });
    let checking = false;
    const ping = setInterval(() => {
      if (checking) return;
      checking = true;
      recheck(req, owner)
        .then((now) => {
          if (!now) return end();
          topics = now;
          write(': ping\n\n');
        })
        .catch((error: unknown) => options.onError?.(error))
        .finally(() => {
          checking = false;
        });
    }, pingMs);

    function end(): void {
      if (ended) return;
      ended = true;
      clearInterval(ping);
      unsubscribe();
      enders.delete(end);
      const ofSession = bySession.get(owner.sessionId);
      ofSession?.delete(end);
      if (ofSession?.size === 0) bySession.delete(owner.sessionId);
      const left = (perUserOpen.get(owner.userId) ?? 1) - 1;
      if (left > 0) perUserOpen.set(owner.userId, left);
      else perUserOpen.delete(owner.userId);
      if (!res.writableEnded) res.end();
    }
    enders.add(end);
    let ofSession = bySession.get(owner.sessionId);
    if (!ofSession) bySession.set(owner.sessionId, (ofSession = new Set()));
    ofSession.add(end);
    req.on('close', end);
    res.on('error', end);
    // The first bytes: the browser's EventSource is open, proxies see the answer has begun.
    write(': live\n\n');
  };

  return {
    handler,
    open: () => enders.size,
    endAll: () => {
      for (const end of [...enders]) end();
    },
  };
}
