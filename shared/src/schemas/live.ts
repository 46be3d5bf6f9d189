/*
 * The live stream's contract (server/src/live, the shell's live service, the live pages): one
 * server-sent events stream per signed-in tab carries every topic of the user's company. Each
 * message is `event: <topic>` with `data: {"topic", "at", ...details}`; a `: ping` comment keeps
 * proxies from closing an idle stream and lets the server check the session again.
 */

/** What changed, as a page sees it (a page subscribes to the topics it shows). */
export const LIVE_TOPICS = ['receipts', 'shifts', 'online-orders', 'print-jobs', 'terminals'] as const;
export type LiveTopic = (typeof LIVE_TOPICS)[number];

export const isLiveTopic = (value: unknown): value is LiveTopic =>
  typeof value === 'string' && (LIVE_TOPICS as readonly string[]).includes(value);

/** The stream (GET, a signed-in back-office user; 401 otherwise, 429 past the per-user limit). */
export const LIVE_EVENTS_PATH = '/api/backoffice/events';

/** A `: ping` comment this often; the server checks the session again on each. */
export const LIVE_PING_MS = 25_000;

/** One message's data. `at`: epoch ms when the change was published (after its commit). */
export interface LiveMessage {
  topic: LiveTopic;
  at: number;
  [detail: string]: unknown;
}

/** While a page has the stream, it still polls this seldom (a message lost on the way is not lost for long). */
export const LIVE_SAFETY_POLL_MS = 60_000;
