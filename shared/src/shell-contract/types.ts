import type { AxiosInstance } from 'axios';
import type { i18n } from 'i18next';
import type { AppStore } from '@hive/shared/store';
import type { LiveMessage, LiveTopic } from '@hive/shared/schemas/live';

export type SessionStatus = 'loading' | 'authenticated' | 'unauthenticated';

/** Session state as remotes see it; a new object on every change (useSyncExternalStore). */
export interface SessionSnapshot {
  status: SessionStatus;
  /** Epoch ms of the local session's expiry. */
  expiresAt: number | null;
  /** Time left when the shell last updated it (it moves in > 5 s steps near the warning). */
  remainingMs: number | null;
}

/** Reactive session: subscribe/getSnapshot for React, plus the actions. */
export interface SessionService {
  getSnapshot(): SessionSnapshot;
  subscribe(listener: () => void): () => void;
  /** Pushes the expiry out (server and local session). */
  extend(): Promise<void>;
  /** Full logout: blocks requests, clears session, store and storage, goes to /. */
  logout(): Promise<void>;
}

export interface SignInOptions {
  callbackUrl?: string;
  /** Full-page redirect after sign-in (default false: the caller navigates). */
  redirect?: boolean;
}

/** Mirrors the Auth.js client result. */
export interface SignInResult {
  ok: boolean;
  status: number;
  /** Auth.js error code (e.g. 'CredentialsSignin') or null. */
  error: string | null;
  url: string | null;
  /** With 429 (account locked or address throttled): seconds until another attempt may succeed. */
  retryAfterSeconds?: number;
  /** The account's language, when the server named it (a suspended company: told in it). */
  language?: string;
}

export interface SignOutOptions {
  callbackUrl?: string;
  redirect?: boolean;
}

export interface AuthService {
  signIn(email: string, password: string, options?: SignInOptions): Promise<SignInResult>;
  signOut(options?: SignOutOptions): Promise<void>;
  getCsrfToken(): Promise<string>;
}

/** 'live' while the tab's stream is open; 'reconnecting' while it is not (pages then poll). */
export type LiveStatus = 'live' | 'reconnecting';

/**
 * The tab's one live stream (GET /api/backoffice/events), owned by the shell like the session: it
 * opens on the first subscriber after sign-in, closes on logout, expiry, a 401 or when the last
 * subscriber leaves, and reconnects with backoff meanwhile.
 */
export interface LiveService {
  /** `onChange` runs for each message of one of `topics`; returns the unsubscribe. */
  subscribe(topics: readonly LiveTopic[], onChange: (message: LiveMessage) => void): () => void;
  /** The stream's state (useSyncExternalStore). */
  status: {
    get(): LiveStatus;
    subscribe(listener: () => void): () => void;
  };
}

/** What the shell provides to remotes (DESIGN.md 5). */
export interface ShellServices {
  /** The one configured axios instance (session headers, 401/403/5xx handling, abort on logout). */
  http: AxiosInstance;
  session: SessionService;
  auth: AuthService;
  i18n: i18n;
  /** Changes the UI language (and tells the server, when signed in). */
  changeLanguage(lng: string): Promise<void>;
  store: AppStore;
  navigateToLogin?(): void;
  /** The live stream (every shell provides it; a remote's test may leave it out: pages then poll). */
  live?: LiveService;
}

/** `useSession()` result: the current snapshot plus the actions. */
export interface Session extends SessionSnapshot {
  extend(): Promise<void>;
  logout(): Promise<void>;
}
