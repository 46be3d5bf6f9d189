/*
 * The live stream's contract (server/src/platform/live, the shell's live service, the live pages): one
 * server-sent events stream per signed-in tab carries the topics of the user's company that a page
 * they may open shows (LIVE_PAGE_TOPICS). Each message is `event: <topic>` with `data: {"topic", "at", ...details}`; a `: ping` comment keeps
 * proxies from closing an idle stream and lets the server check the session again.
 */

/** What changed, as a page sees it (a page subscribes to the topics it shows). */
export const LIVE_TOPICS = ['receipts', 'shifts', 'online-orders', 'print-jobs', 'terminals'] as const;
export type LiveTopic = (typeof LIVE_TOPICS)[number];

export const isLiveTopic = (value: unknown): value is LiveTopic =>
  typeof value === 'string' && (LIVE_TOPICS as readonly string[]).includes(value);

/**
 * Company-wide events: every signed-in user of the company hears them, whatever pages they may
 * open, and the shell reacts to them (never a page). `plan`: platform staff changed the company's
 * licence or add-ons, so each open tab re-reads its user data (the `?planChanged=true` flow).
 */
export const LIVE_COMPANY_TOPICS = ['plan'] as const;
export type LiveCompanyTopic = (typeof LIVE_COMPANY_TOPICS)[number];
/** Anything the stream carries: a page's topic or a company-wide event. */
export type LiveEvent = LiveTopic | LiveCompanyTopic;

export const isLiveCompanyTopic = (value: unknown): value is LiveCompanyTopic =>
  typeof value === 'string' && (LIVE_COMPANY_TOPICS as readonly string[]).includes(value);
export const isLiveEvent = (value: unknown): value is LiveEvent => isLiveTopic(value) || isLiveCompanyTopic(value);

/**
 * The topics each live page shows, by menu path: the pages subscribe to exactly these, and the
 * server sends a topic only to a user who may open (canSeePath) a page listed with it. A topic
 * carries facts of its own (an order's status, a print job, when a receipt was rung up), so a
 * clerk with the overview alone must not hear the others. One list for both sides: a page that
 * listened to a topic not listed here would never hear it (backoffice-remote liveTopics.test.ts).
 */
export const LIVE_PAGE_TOPICS = {
  '/overview': ['receipts'],
  '/sales': ['receipts'],
  '/transaction': ['receipts'],
  '/terminal': ['terminals', 'receipts', 'shifts'],
  '/remoteprint': ['print-jobs'],
  '/ordering_online': ['online-orders'],
} as const satisfies Readonly<Record<string, readonly LiveTopic[]>>;
export type LivePage = keyof typeof LIVE_PAGE_TOPICS;

/** The topics a user may receive, given whether they may open each live page. */
export function liveTopicsOfPages(canOpen: (path: LivePage) => boolean): Set<LiveTopic> {
  const topics = new Set<LiveTopic>();
  for (const [path, shown] of Object.entries(LIVE_PAGE_TOPICS) as [LivePage, readonly LiveTopic[]][]) {
    if (canOpen(path)) for (const topic of shown) topics.add(topic);
  }
  return topics;
}

/** The stream (GET, a signed-in back-office user; 401 otherwise, 429 past the per-user limit). */
export const LIVE_EVENTS_PATH = '/api/backoffice/events';

/**
 * A `: ping` comment this often; the server checks the session and the user's pages again on each
 * (a sign-out ends its streams at once; this is the backstop for whatever else ends a session).
 */
export const LIVE_PING_MS = 25_000;

/** One message's data. `at`: epoch ms when the change was published (after its commit). */
export interface LiveMessage {
  topic: LiveTopic;
  at: number;
  [detail: string]: unknown;
}

/** While a page has the stream, it still polls this seldom (a message lost on the way is not lost for long). */
export const LIVE_SAFETY_POLL_MS = 60_000;
