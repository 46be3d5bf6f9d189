import type { AxiosInstance } from 'axios';
import type { i18n } from 'i18next';
import type { AppStore } from '@hive/shared/store';

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
}

/** `useSession()` result: the current snapshot plus the actions. */
export interface Session extends SessionSnapshot {
  extend(): Promise<void>;
  logout(): Promise<void>;
}
