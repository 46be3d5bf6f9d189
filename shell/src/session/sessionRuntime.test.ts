import { isCancel } from 'axios';
import {
  REQUEST_BLOCK_RELEASE_MS,
  SESSION_CHECK_INTERVAL_MS,
  SESSION_LIFETIME_MS,
  SESSION_WARNING_MS,
  UNAUTHORIZED_HANDLING_DELAY_MS,
} from '@hive/shared/config';
import { createHiveStore, setUserData } from '@hive/shared/store';
import { CROSS_TAB_KEY } from './crossTab';
import { consumeExpiredFlag, markExpired, peekExpiredFlag } from './expiredFlag';
import { readLocalSession, writeLocalSession } from './localSession';
import { defaultLogoutTarget, isSessionWarningVisible } from './sessionRuntime';
import {
  CLERK,
  flush,
  fromOtherTab,
  otherSession,
  OWNER,
  setup,
  T0,
  userCompany,
  type SetupOptions,
  runtimeLifecycle,
} from './runtime.testutil';

const disposers = runtimeLifecycle();

async function signedIn(options: SetupOptions = {}) {
  const ctx = setup(options);
  disposers.push(ctx.runtime.dispose);
  await ctx.runtime.boot({ search: '' });
  return ctx;
}

describe('boot (SPEC.md 4)', () => {
  it('signed out: store cleared, session destroyed, unauthenticated', async () => {
    writeLocalSession(otherSession(OWNER));
    const store = createHiveStore({ storage: null });
    store.dispatch(setUserData(userCompany(OWNER)));
    const ctx = setup({ serverEmail: null, store });
    disposers.push(ctx.runtime.dispose);
    await expect(ctx.runtime.boot({ search: '' })).resolves.toBe('unauthenticated');
    expect(ctx.store.getState().userData.user).toBeNull();
    expect(readLocalSession()).toBeNull();
    expect(ctx.snapshot()).toEqual({ status: 'unauthenticated', expiresAt: null, remainingMs: null });
  });

  it('concurrent boots (StrictMode) share one run: one fetch, one session, one SESSION_LOGIN', async () => {
    const ctx = setup();
    disposers.push(ctx.runtime.dispose);
    const [a, b] = await Promise.all([ctx.runtime.boot({ search: '' }), ctx.runtime.boot({ search: '' })]);
    expect([a, b]).toEqual(['authenticated', 'authenticated']);
    expect(ctx.auth.getSession).toHaveBeenCalledTimes(1);
    expect(ctx.userCompanyCalls()).toBe(1);
    expect(ctx.posted('SESSION_LOGIN')).toBe(1);
    await ctx.runtime.boot({ search: '' });
    expect(ctx.auth.getSession).toHaveBeenCalledTimes(2);
  });

  it('a failing server check reads as signed out (logged)', async () => {
    const ctx = setup();
    disposers.push(ctx.runtime.dispose);
    ctx.auth.getSession.mockRejectedValueOnce(new Error('offline'));
    await expect(ctx.runtime.boot()).resolves.toBe('unauthenticated');
    expect(ctx.logger.error).toHaveBeenCalledWith('SESSION_CHECK_FAILED', 'offline');
  });

  it('signed in with no user loaded: fetches user data, creates the local session, broadcasts SESSION_LOGIN', async () => {
    const ctx = await signedIn();
    expect(ctx.userCompanyCalls()).toBe(1);
    expect(ctx.store.getState().userData.user?.email).toBe(OWNER);
    const session = readLocalSession();
    expect(session).toMatchObject({
      user: { user_id: 7, user_email: OWNER },
      createdAt: T0,
      expiresAt: T0 + SESSION_LIFETIME_MS,
    });
    expect(ctx.snapshot()).toEqual({
      status: 'authenticated',
      expiresAt: T0 + SESSION_LIFETIME_MS,
      remainingMs: SESSION_LIFETIME_MS,
    });
    expect(ctx.post).toHaveBeenCalledWith('SESSION_LOGIN', { email: OWNER });
    expect(JSON.parse(localStorage.getItem(CROSS_TAB_KEY)!)).toMatchObject({
      type: 'SESSION_LOGIN',
      tabId: 'this-tab',
    });
    // The usercompany call itself carried the session headers (no session yet).
    expect(ctx.fake.calls[0]?.headers['X-Session-Valid']).toBe('false');
  });

  it('a reload keeps a valid stored session (validated, not recreated) and does not refetch', async () => {
    const store = createHiveStore({ storage: null });
    store.dispatch(setUserData(userCompany(OWNER)));
    const existing = otherSession(OWNER, { expiresAt: T0 + 600_000 });
    writeLocalSession(existing);
    const ctx = await signedIn({ store });
    expect(ctx.userCompanyCalls()).toBe(0);
    expect(readLocalSession()).toEqual(existing);
    expect(ctx.auth.getSession).toHaveBeenCalledTimes(1);
    expect(ctx.posted('SESSION_LOGIN')).toBe(0);
    expect(ctx.snapshot()).toEqual({ status: 'authenticated', expiresAt: T0 + 600_000, remainingMs: 600_000 });
  });

  it('?planChanged=true refetches the user data', async () => {
    const store = createHiveStore({ storage: null });
    store.dispatch(setUserData(userCompany(OWNER)));
    writeLocalSession(otherSession(OWNER));
    const ctx = setup({ store });
    disposers.push(ctx.runtime.dispose);
    await ctx.runtime.boot({ search: '?planChanged=true' });
    expect(ctx.userCompanyCalls()).toBe(1);
  });

  it('a stored session that fails validation (another user id) is replaced by a new one', async () => {
    const store = createHiveStore({ storage: null });
    store.dispatch(setUserData(userCompany(OWNER)));
    writeLocalSession(otherSession(OWNER, { user: { user_id: 12345, user_email: OWNER } }));
    await signedIn({ store });
    expect(readLocalSession()?.user.user_id).toBe(7);
    expect(readLocalSession()?.sessionId).not.toBe(`sid-${OWNER}`);
  });

  it('a different email than the stored session is a new login: forced full cleanup FIRST', async () => {
    writeLocalSession(otherSession(CLERK));
    const keys = [
      'primary',
      'hive_redux_state',
      'admin_hive_redux_state',
      'adminOpenAccordions',
      'admin_filters',
      'nextauth.message',
      'hive_extra',
    ];
    for (const key of keys) localStorage.setItem(key, 'old');
    localStorage.setItem('hive_session_event', '{}');
    localStorage.setItem('unrelated', 'keep');
    markExpired();
    const store = createHiveStore({ storage: null });
    store.dispatch(setUserData(userCompany(CLERK)));
    const ctx = setup({ store });
    disposers.push(ctx.runtime.dispose);
    // Cleanup runs before the user data is fetched.
    ctx.fake.respond(() => {
      for (const key of keys) expect(localStorage.getItem(key)).toBeNull();
      expect(ctx.store.getState().userData.user).toBeNull();
      return { status: 200, data: userCompany(OWNER) };
    });
    await ctx.runtime.boot({ search: '' });
    expect(ctx.userCompanyCalls()).toBe(1);
    // "All storage" (SPEC.md 4): a key of no product's goes too.
    expect(localStorage.getItem('unrelated')).toBeNull();
    expect(peekExpiredFlag()).toBe(false);
    expect(readLocalSession()?.user.user_email).toBe(OWNER);
    expect(ctx.store.getState().userData.user?.email).toBe(OWNER);
  });

  it("success false: 'Failed to fetch user data', signed in but no local session", async () => {
    const ctx = setup();
    disposers.push(ctx.runtime.dispose);
    ctx.state.userCompanyOk = false;
    await expect(ctx.runtime.boot({ search: '' })).resolves.toBe('authenticated');
    expect(ctx.store.getState().userData.error).toBe('Failed to fetch user data');
    expect(readLocalSession()).toBeNull();
    expect(ctx.snapshot().status).toBe('authenticated');
    expect(ctx.logger.error).toHaveBeenCalledWith('USER_DATA_FAILED', 'Failed to fetch user data');
  });

  it('boots with corrupt values in every storage key', async () => {
    for (const key of [
      'primary',
      'hive_redux_state',
      'admin_hive_redux_state',
      'adminOpenAccordions',
      'hive_session',
      'hive_session_event',
      'nextauth.message',
    ]) {
      localStorage.setItem(key, '{corrupt');
    }
    const store = createHiveStore();
    const ctx = await signedIn({ store });
    expect(ctx.snapshot().status).toBe('authenticated');
    expect(readLocalSession()?.user.user_email).toBe(OWNER);
  });
});

describe('onSignedIn / onSignedOut', () => {
  it('onSignedIn keeps the store-owned `primary` of the new user when it cleans up', async () => {
    writeLocalSession(otherSession(CLERK));
    const store = createHiveStore();
    const ctx = setup({ store });
    disposers.push(ctx.runtime.dispose);
    localStorage.setItem('hive_redux_state', 'clerk ui');
    store.dispatch(setUserData(userCompany(OWNER)));
    expect(localStorage.getItem('primary')).toContain(OWNER);
    const session = ctx.runtime.onSignedIn({ user_id: 7, email: OWNER });
    expect(localStorage.getItem('hive_redux_state')).toBeNull();
    expect(JSON.parse(localStorage.getItem('primary')!).user.email).toBe(OWNER);
    expect(readLocalSession()).toEqual(session);
    expect(ctx.snapshot().status).toBe('authenticated');
  });

  it('onSignedIn with the same email as the stored session does not clean up', () => {
    writeLocalSession(otherSession(OWNER));
    localStorage.setItem('hive_redux_state', 'ui');
    const ctx = setup();
    disposers.push(ctx.runtime.dispose);
    ctx.runtime.onSignedIn({ user_id: 7, email: OWNER });
    expect(localStorage.getItem('hive_redux_state')).toBe('ui');
  });

  it('onSignedOut resets the store and destroys the session, without navigating or broadcasting', async () => {
    const ctx = await signedIn();
    ctx.post.mockClear();
    ctx.runtime.onSignedOut();
    expect(ctx.store.getState().userData.user).toBeNull();
    expect(readLocalSession()).toBeNull();
    expect(ctx.snapshot().status).toBe('unauthenticated');
    expect(ctx.navigate).not.toHaveBeenCalled();
    expect(ctx.post).not.toHaveBeenCalled();
  });

  it("cleanupBeforeSignIn empties the origin's localStorage and sessionStorage, keeping only the cross-tab key", () => {
    const ctx = setup();
    disposers.push(ctx.runtime.dispose);
    localStorage.setItem('unrelated', 'x');
    localStorage.setItem('theme', 'dark');
    localStorage.setItem('hive_session_event', 'y');
    sessionStorage.setItem('wizard_step', '2');
    markExpired();
    ctx.runtime.cleanupBeforeSignIn();
    expect(Object.keys(localStorage)).toEqual(['hive_session_event']);
    // Kept by the cleanup, then written once: the FORCE_CLEANUP that tells the other tabs.
    expect(JSON.parse(localStorage.getItem('hive_session_event')!).type).toBe('FORCE_CLEANUP');
    expect(sessionStorage.length).toBe(0);
  });

  it('cleanupBeforeSignIn clears product storage except the cross-tab key', () => {
    const ctx = setup();
    disposers.push(ctx.runtime.dispose);
    localStorage.setItem('primary', 'x');
    localStorage.setItem('hive_session_event', 'y');
    ctx.runtime.cleanupBeforeSignIn();
    expect(localStorage.getItem('primary')).toBeNull();
    expect(JSON.parse(localStorage.getItem('hive_session_event')!).type).toBe('FORCE_CLEANUP');
  });
});

describe('warning and automatic logout', () => {
  it(`the warning becomes visible at exactly ${SESSION_WARNING_MS} ms left, not at 300001`, async () => {
    const ctx = await signedIn();
    jest.advanceTimersByTime(SESSION_LIFETIME_MS - SESSION_WARNING_MS - 1);
    expect(isSessionWarningVisible(ctx.snapshot())).toBe(false);
    jest.advanceTimersByTime(1);
    expect(ctx.snapshot().remainingMs).toBe(300_000);
    expect(isSessionWarningVisible(ctx.snapshot())).toBe(true);
  });

  it('the published remaining time only moves in steps of more than 5 s', async () => {
    const ctx = await signedIn();
    const seen: (number | null)[] = [];
    ctx.sessionSource.subscribe(() => seen.push(ctx.snapshot().remainingMs));
    jest.advanceTimersByTime(SESSION_LIFETIME_MS - 60_000);
    const steps = seen.slice(1).map((v, i) => (seen[i] ?? 0) - (v ?? 0));
    expect(steps.every((s) => s > 5_000)).toBe(true);
    expect(seen.length).toBeGreaterThan(80);
  });

  it('logs out automatically at 0 left (not at 1 ms) and lands on /', async () => {
    const ctx = await signedIn();
    jest.advanceTimersByTime(SESSION_LIFETIME_MS - 1);
    expect(ctx.navigate).not.toHaveBeenCalled();
    expect(ctx.snapshot().status).toBe('authenticated');
    jest.advanceTimersByTime(1);
    expect(ctx.navigate).toHaveBeenCalledWith('/');
    expect(ctx.snapshot()).toEqual({ status: 'unauthenticated', expiresAt: null, remainingMs: null });
    expect(readLocalSession()).toBeNull();
    expect(ctx.store.getState().userData.user).toBeNull();
    expect(ctx.posted('SESSION_EXPIRED')).toBe(1);
    expect(consumeExpiredFlag()).toBe(true);
  });

  it('a tab that wakes up (visibilitychange) computes from timestamps at once', async () => {
    const ctx = await signedIn();
    jest.setSystemTime(T0 + SESSION_LIFETIME_MS + 10);
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    expect(ctx.navigate).toHaveBeenCalledWith('/');
    expect(ctx.snapshot().status).toBe('unauthenticated');
  });

  it('a stored session that disappeared (missed event) clears this tab at the next check', async () => {
    const ctx = await signedIn();
    localStorage.removeItem('hive_session');
    jest.advanceTimersByTime(SESSION_CHECK_INTERVAL_MS);
    expect(ctx.snapshot().status).toBe('unauthenticated');
    expect(ctx.navigate).toHaveBeenCalledWith('/');
    expect(peekExpiredFlag()).toBe(false);
  });
});

describe('expire(): the full expiry flow', () => {
  it('blocks and aborts requests, clears everything, flags, navigates, broadcasts, releases after 1000 ms (not 999)', async () => {
    const ctx = await signedIn();
    ctx.fake.respond(() => ({ status: 200, hang: true }));
    const inFlight = ctx.http.get('/api/items').catch((e: unknown) => e);
    await flush();
    ctx.runtime.expire();
    expect(isCancel(await inFlight)).toBe(true);
    expect(isCancel(await ctx.http.get('/api/items').catch((e: unknown) => e))).toBe(true);
    expect(readLocalSession()).toBeNull();
    expect(ctx.store.getState().userData.user).toBeNull();
    expect(ctx.snapshot().status).toBe('unauthenticated');
    expect(peekExpiredFlag()).toBe(true);
    expect(ctx.navigate).toHaveBeenCalledWith('/');
    expect(ctx.posted('SESSION_EXPIRED')).toBe(1);
    await flush();
    expect(ctx.auth.signOut).toHaveBeenCalledWith({ callbackUrl: '/' });
    jest.advanceTimersByTime(REQUEST_BLOCK_RELEASE_MS - 1);
    expect(ctx.runtime.gate.isBlocked()).toBe(true);
    jest.advanceTimersByTime(1);
    expect(ctx.runtime.gate.isBlocked()).toBe(false);
    ctx.fake.respond(() => ({ status: 200 }));
    await expect(ctx.http.get('/api/items')).resolves.toMatchObject({ status: 200 });
    expect(ctx.logger.error).not.toHaveBeenCalled();
  });

  it('20 simultaneous 401s run ONE expiry flow, 200 ms after the first (not at 199)', async () => {
    const ctx = await signedIn();
    ctx.fake.respond(() => ({ status: 401 }));
    await Promise.allSettled(Array.from({ length: 20 }, (_, i) => ctx.http.get(`/api/items/${i}`)));
    jest.advanceTimersByTime(UNAUTHORIZED_HANDLING_DELAY_MS - 1);
    expect(ctx.navigate).not.toHaveBeenCalled();
    expect(ctx.snapshot().status).toBe('authenticated');
    jest.advanceTimersByTime(1);
    expect(ctx.navigate).toHaveBeenCalledTimes(1);
    expect(ctx.navigate).toHaveBeenCalledWith('/');
    expect(ctx.posted('SESSION_EXPIRED')).toBe(1);
    expect(ctx.snapshot().status).toBe('unauthenticated');
    expect(readLocalSession()).toBeNull();
    jest.advanceTimersByTime(5_000);
    expect(ctx.navigate).toHaveBeenCalledTimes(1);
  });

  it('on an /ordering/ page it clears the session but leaves the page alone', async () => {
    const ctx = await signedIn();
    ctx.state.pathname = '/ordering/store-1'; // a tab boots on a page with session handling only
    ctx.runtime.expire();
    expect(ctx.snapshot().status).toBe('unauthenticated');
    expect(readLocalSession()).toBeNull();
    expect(ctx.navigate).not.toHaveBeenCalled();
  });

  it('is idempotent while it runs', async () => {
    const ctx = await signedIn();
    ctx.runtime.expire();
    ctx.runtime.expire();
    expect(ctx.navigate).toHaveBeenCalledTimes(1);
    expect(ctx.posted('SESSION_EXPIRED')).toBe(1);
  });

  it('a 401 of an exempt call (usercompany) or on a public page is ignored', async () => {
    const ctx = await signedIn();
    ctx.fake.respond(() => ({ status: 401 }));
    await ctx.http.post('/api/auth/usercompany', {}).catch(() => undefined);
    ctx.state.pathname = '/ordering/store-1';
    jest.advanceTimersByTime(100);
    await ctx.http.get('/api/items').catch(() => undefined);
    jest.advanceTimersByTime(5_000);
    expect(ctx.navigate).not.toHaveBeenCalled();
    expect(ctx.snapshot().status).toBe('authenticated');
  });

  it('403 goes to /unauthorized and never logs out', async () => {
    const ctx = await signedIn();
    ctx.fake.respond(() => ({ status: 403 }));
    await ctx.http.get('/api/reports').catch(() => undefined);
    expect(ctx.navigate).toHaveBeenCalledWith('/unauthorized');
    jest.advanceTimersByTime(5_000);
    expect(ctx.snapshot().status).toBe('authenticated');
    expect(readLocalSession()).not.toBeNull();
    expect(ctx.auth.signOut).not.toHaveBeenCalled();
  });

  it('5xx is logged only', async () => {
    const ctx = await signedIn();
    ctx.fake.respond(() => ({ status: 503 }));
    await ctx.http.get('/api/items').catch(() => undefined);
    expect(ctx.logger.error).toHaveBeenCalledWith('HTTP_SERVER_ERROR', 'GET /api/items answered 503');
    expect(ctx.navigate).not.toHaveBeenCalled();
    expect(ctx.snapshot().status).toBe('authenticated');
  });
});

describe('logout', () => {
  it('blocks, signs out on the server, clears, broadcasts SESSION_LOGOUT, goes to /', async () => {
    const ctx = await signedIn();
    ctx.fake.respond(() => ({ status: 200, hang: true }));
    const inFlight = ctx.http.get('/api/items').catch((e: unknown) => e);
    await flush();
    let blockedDuringSignOut = false;
    ctx.auth.signOut.mockImplementationOnce(async () => {
      blockedDuringSignOut = ctx.runtime.gate.isBlocked();
    });
    markExpired();
    await ctx.runtime.logout();
    expect(blockedDuringSignOut).toBe(true);
    expect(isCancel(await inFlight)).toBe(true);
    expect(ctx.auth.signOut).toHaveBeenCalledWith({ callbackUrl: '/' });
    expect(readLocalSession()).toBeNull();
    expect(ctx.store.getState().userData.user).toBeNull();
    expect(ctx.snapshot().status).toBe('unauthenticated');
    expect(ctx.posted('SESSION_LOGOUT')).toBe(1);
    expect(ctx.navigate).toHaveBeenCalledWith('/');
    expect(peekExpiredFlag()).toBe(false);
    expect(ctx.logger.error).not.toHaveBeenCalled();
    jest.advanceTimersByTime(REQUEST_BLOCK_RELEASE_MS);
    expect(ctx.runtime.gate.isBlocked()).toBe(false);
  });

  it('a failed signout still clears and goes there (logged)', async () => {
    const ctx = await signedIn();
    ctx.auth.signOut.mockRejectedValueOnce(new Error('signout answered 500'));
    await expect(ctx.runtime.logout()).resolves.toBeUndefined();
    expect(ctx.navigate).toHaveBeenCalledWith('/');
    expect(readLocalSession()).toBeNull();
    expect(ctx.logger.error).toHaveBeenCalledWith('LOGOUT_FAILED', 'signout answered 500');
  });

  it('goes to /admin from the admin console, or wherever it is told', async () => {
    const ctx = await signedIn({ pathname: '/admin/users' });
    await ctx.runtime.logout();
    expect(ctx.navigate).toHaveBeenCalledWith('/admin');
    expect(ctx.auth.signOut).toHaveBeenCalledWith({ callbackUrl: '/admin' });
    const ctx2 = await signedIn();
    await ctx2.runtime.logout({ to: '/authentication/login' });
    expect(ctx2.navigate).toHaveBeenCalledWith('/authentication/login');
    expect(defaultLogoutTarget('/admin')).toBe('/admin');
    expect(defaultLogoutTarget('/administrator')).toBe('/');
    expect(defaultLogoutTarget('/items')).toBe('/');
  });

  it('concurrent logouts share one, and the timer does not expire during it', async () => {
    const ctx = await signedIn();
    let finish: () => void = () => undefined;
    ctx.auth.signOut.mockImplementationOnce(
      () => new Promise<undefined>((resolve) => (finish = () => resolve(undefined))),
    );
    const a = ctx.runtime.logout();
    const b = ctx.runtime.logout();
    jest.advanceTimersByTime(SESSION_LIFETIME_MS);
    expect(ctx.posted('SESSION_EXPIRED')).toBe(0);
    finish();
    await Promise.all([a, b]);
    expect(ctx.auth.signOut).toHaveBeenCalledTimes(1);
    expect(ctx.navigate).toHaveBeenCalledTimes(1);
  });
});

describe('extend', () => {
  it('extends on the server, then locally; the warning closes; SESSION_EXTEND is broadcast', async () => {
    const ctx = await signedIn();
    jest.advanceTimersByTime(SESSION_LIFETIME_MS - 100_000);
    expect(isSessionWarningVisible(ctx.snapshot())).toBe(true);
    await expect(ctx.runtime.extend()).resolves.toBe(true);
    expect(ctx.auth.extendSession).toHaveBeenCalledTimes(1);
    expect(ctx.snapshot()).toEqual({
      status: 'authenticated',
      expiresAt: Date.now() + SESSION_LIFETIME_MS,
      remainingMs: SESSION_LIFETIME_MS,
    });
    expect(isSessionWarningVisible(ctx.snapshot())).toBe(false);
    expect(ctx.posted('SESSION_EXTEND')).toBe(1);
  });

  it('through the contract service too', async () => {
    const ctx = await signedIn();
    jest.advanceTimersByTime(60_000);
    await ctx.runtime.service.extend();
    expect(ctx.snapshot().expiresAt).toBe(T0 + 60_000 + SESSION_LIFETIME_MS);
    expect(ctx.runtime.service.getSnapshot()).toBe(ctx.snapshot());
    const listener = jest.fn();
    const off = ctx.runtime.service.subscribe(listener);
    await ctx.runtime.service.logout();
    expect(listener).toHaveBeenCalled();
    off();
  });

  it('a network failure is logged and resolves false; the session stays', async () => {
    const ctx = await signedIn();
    ctx.auth.extendSession.mockRejectedValueOnce(new Error('offline'));
    await expect(ctx.runtime.extend()).resolves.toBe(false);
    expect(ctx.logger.error).toHaveBeenCalledWith('SESSION_EXTEND_FAILED', 'offline');
    expect(ctx.snapshot().status).toBe('authenticated');
  });

  it('a server without the session runs the expiry flow', async () => {
    const ctx = await signedIn();
    ctx.auth.extendSession.mockResolvedValueOnce(null);
    await expect(ctx.runtime.extend()).resolves.toBe(false);
    expect(ctx.navigate).toHaveBeenCalledWith('/');
    expect(ctx.posted('SESSION_EXPIRED')).toBe(1);
  });
});

describe('cross-tab', () => {
  it.each(['SESSION_LOGOUT', 'SESSION_EXPIRED', 'FORCE_CLEANUP'] as const)(
    '%s from another tab clears this tab and goes to /, releasing requests after 1000 ms (not 999)',
    async (type) => {
      const ctx = await signedIn();
      ctx.fake.respond(() => ({ status: 200, hang: true }));
      const inFlight = ctx.http.get('/api/items').catch((e: unknown) => e);
      await flush();
      fromOtherTab(type);
      expect(isCancel(await inFlight)).toBe(true);
      expect(ctx.snapshot().status).toBe('unauthenticated');
      expect(ctx.store.getState().userData.user).toBeNull();
      expect(readLocalSession()).toBeNull();
      expect(ctx.navigate).toHaveBeenCalledWith('/');
      expect(peekExpiredFlag()).toBe(type === 'SESSION_EXPIRED');
      expect(ctx.post).toHaveBeenCalledTimes(1); // only the SESSION_LOGIN of the boot: no echo
      jest.advanceTimersByTime(REQUEST_BLOCK_RELEASE_MS - 1);
      expect(ctx.runtime.gate.isBlocked()).toBe(true);
      jest.advanceTimersByTime(1);
      expect(ctx.runtime.gate.isBlocked()).toBe(false);
    },
  );

  it('events 501 ms old are ignored, 500 ms old are handled', async () => {
    const ctx = await signedIn();
    fromOtherTab('SESSION_LOGOUT', { age: 501 });
    expect(ctx.snapshot().status).toBe('authenticated');
    fromOtherTab('SESSION_LOGOUT', { age: 500 });
    expect(ctx.snapshot().status).toBe('unauthenticated');
  });

  it('a cross-tab clear never deletes a newer session written by a new login', async () => {
    const ctx = await signedIn();
    writeLocalSession(otherSession(CLERK));
    fromOtherTab('SESSION_LOGOUT');
    expect(readLocalSession()?.user.user_email).toBe(CLERK);
    expect(ctx.snapshot().status).toBe('unauthenticated');
  });

  it('a cross-tab clear leaves an /ordering/ page where it is', async () => {
    const ctx = await signedIn();
    ctx.state.pathname = '/ordering/store-1'; // a tab boots on a page with session handling only
    fromOtherTab('SESSION_LOGOUT');
    expect(ctx.snapshot().status).toBe('unauthenticated');
    expect(ctx.navigate).not.toHaveBeenCalled();
  });

  it('SESSION_EXTEND: the warning closes and the expiry moves', async () => {
    const ctx = await signedIn();
    jest.advanceTimersByTime(SESSION_LIFETIME_MS - 120_000);
    expect(isSessionWarningVisible(ctx.snapshot())).toBe(true);
    const extended = { ...readLocalSession()!, expiresAt: Date.now() + SESSION_LIFETIME_MS };
    writeLocalSession(extended);
    fromOtherTab('SESSION_EXTEND', { expiresAt: extended.expiresAt });
    expect(isSessionWarningVisible(ctx.snapshot())).toBe(false);
    expect(ctx.snapshot().expiresAt).toBe(extended.expiresAt);
    jest.advanceTimersByTime(120_000);
    expect(ctx.snapshot().status).toBe('authenticated');
  });

  // A sign-in page that never booted goes to `/` and boots there instead (publicBoot.test.ts).
  it('SESSION_LOGIN is adopted when no user is loaded here (session-expired page -> /)', async () => {
    const ctx = setup({ serverEmail: null, pathname: '/session-expired' });
    disposers.push(ctx.runtime.dispose);
    await ctx.runtime.boot({ search: '' });
    expect(ctx.snapshot().status).toBe('unauthenticated');
    // The other tab signs in: the cookie is shared, it writes the local session and broadcasts.
    ctx.state.serverEmail = OWNER;
    const theirs = otherSession(OWNER);
    writeLocalSession(theirs);
    fromOtherTab('SESSION_LOGIN', { email: OWNER });
    await flush();
    expect(ctx.userCompanyCalls()).toBe(1);
    expect(ctx.store.getState().userData.user?.email).toBe(OWNER);
    expect(ctx.snapshot()).toEqual({
      status: 'authenticated',
      expiresAt: theirs.expiresAt,
      remainingMs: SESSION_LIFETIME_MS,
    });
    expect(readLocalSession()).toEqual(theirs);
    expect(ctx.navigate).toHaveBeenCalledWith('/');
    // ...and this tab now runs the same session: its expiry logs out here too.
    jest.advanceTimersByTime(SESSION_LIFETIME_MS);
    expect(ctx.snapshot().status).toBe('unauthenticated');
  });

  it('SESSION_LOGIN for the user already loaded here only re-reads the session', async () => {
    const ctx = await signedIn();
    const again = otherSession(OWNER, { expiresAt: Date.now() + 1_000_000 });
    writeLocalSession(again);
    fromOtherTab('SESSION_LOGIN', { email: OWNER });
    await flush();
    expect(ctx.userCompanyCalls()).toBe(1);
    expect(ctx.snapshot().expiresAt).toBe(again.expiresAt);
    expect(ctx.navigate).not.toHaveBeenCalled();
  });

  it('SESSION_LOGIN of another user replaces the data here and goes to /', async () => {
    const ctx = await signedIn();
    ctx.state.serverEmail = CLERK;
    writeLocalSession(otherSession(CLERK));
    fromOtherTab('SESSION_LOGIN', { email: CLERK });
    await flush();
    expect(ctx.store.getState().userData.user?.email).toBe(CLERK);
    expect(ctx.navigate).toHaveBeenCalledWith('/');
    expect(ctx.snapshot().status).toBe('authenticated');
  });

  it('SESSION_LOGIN without a stored session, or whose user data fails, is not adopted', async () => {
    const ctx = setup({ serverEmail: null, pathname: '/session-expired' });
    disposers.push(ctx.runtime.dispose);
    await ctx.runtime.boot({ search: '' });
    fromOtherTab('SESSION_LOGIN');
    await flush();
    expect(ctx.userCompanyCalls()).toBe(0);
    writeLocalSession(otherSession(OWNER));
    ctx.state.serverEmail = OWNER;
    ctx.state.userCompanyOk = false;
    fromOtherTab('SESSION_LOGIN');
    await flush();
    expect(ctx.snapshot().status).toBe('unauthenticated');
    expect(ctx.logger.error).toHaveBeenCalledWith('SESSION_ADOPT_FAILED', 'no user data');
  });

  it('forceCleanup() clears every key of the origin here, whoever wrote it', async () => {
    const ctx = await signedIn();
    localStorage.setItem('unrelated', 'x');
    sessionStorage.setItem('unrelated', 'x');
    ctx.runtime.forceCleanup();
    expect(localStorage.getItem('unrelated')).toBeNull();
    expect(sessionStorage.getItem('unrelated')).toBeNull();
    expect(JSON.parse(localStorage.getItem(CROSS_TAB_KEY)!)).toMatchObject({ type: 'FORCE_CLEANUP' });
  });

  it('forceCleanup() clears all product storage here and tells every tab', async () => {
    const ctx = await signedIn();
    localStorage.setItem('hive_redux_state', 'x');
    ctx.runtime.forceCleanup();
    expect(localStorage.getItem('hive_redux_state')).toBeNull();
    expect(readLocalSession()).toBeNull();
    expect(ctx.posted('FORCE_CLEANUP')).toBe(1);
    expect(ctx.navigate).toHaveBeenCalledWith('/');
    expect(ctx.snapshot().status).toBe('unauthenticated');
  });

  it('a woken tab that missed a login of another user adopts it', async () => {
    const ctx = await signedIn();
    ctx.state.serverEmail = CLERK;
    writeLocalSession(otherSession(CLERK));
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    await flush();
    expect(ctx.store.getState().userData.user?.email).toBe(CLERK);
  });
});

describe('lifecycle', () => {
  it('dispose() removes interceptors, listeners and timers', async () => {
    const ctx = await signedIn();
    ctx.runtime.dispose();
    fromOtherTab('SESSION_LOGOUT');
    expect(ctx.snapshot().status).toBe('authenticated');
    jest.advanceTimersByTime(SESSION_LIFETIME_MS * 2);
    expect(ctx.navigate).not.toHaveBeenCalled();
    await ctx.http.get('/api/items');
    expect(ctx.fake.lastHeaders()).not.toHaveProperty('x-session-id');
  });

  it('start() is idempotent (one set of interceptors)', async () => {
    const ctx = await signedIn();
    ctx.runtime.start();
    ctx.fake.respond(() => ({ status: 403 }));
    await ctx.http.get('/api/x').catch(() => undefined);
    expect(ctx.navigate).toHaveBeenCalledTimes(1);
  });

  it('setNavigate() swaps the navigator (e.g. the router once it is mounted)', async () => {
    const ctx = await signedIn();
    const routerNavigate = jest.fn();
    ctx.runtime.setNavigate(routerNavigate);
    ctx.runtime.expire();
    expect(routerNavigate).toHaveBeenCalledWith('/');
    expect(ctx.navigate).not.toHaveBeenCalled();
  });
});
