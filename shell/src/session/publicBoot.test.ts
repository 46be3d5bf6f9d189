import { STORAGE_KEYS } from '@hive/shared/config';
import { createHiveStore, setUserData } from '@hive/shared/store';
import { LOCAL_SESSION_KEY, readLocalSession, writeLocalSession } from './localSession';
import { flush, fromOtherTab, otherSession, OWNER, setup, T0, userCompany, runtimeLifecycle } from './runtime.testutil';

/*
 * SPEC.md 1 (issue 46): the storefront (/ordering/...) and the authentication pages
 * (/authentication/...) have no session handling, so a tab that opens on one of them does not boot
 * the session there: no session check, no user-data call, no local session created or destroyed,
 * no broadcast, no store reset. Such a tab shares its localStorage (the local session, the stored
 * user) with a signed-in back-office tab of the same browser, which must not notice it. The boot
 * runs on the tab's first page with session handling, or at once after a sign-in made there.
 */

const PUBLIC_PATHS = [
  '/ordering/blue-door-bistro',
  '/ordering/blue-door-bistro/checkout',
  '/authentication/login',
  '/authentication/signup',
];
// Every other kind of path of the classification (remotes/areaOfPath.ts) boots at once.
const PROTECTED_PATHS = ['/', '/items', '/admin/companies', '/session-expired', '/unauthorized', '/signup'];

const disposers = runtimeLifecycle();

/**
 * A tab opening on `pathname`. With `otherTabSignedIn`, a back-office tab of this browser is signed
 * in: its local session and its user (persisted, so this tab's store starts with it) are there.
 */
function tabOn(
  pathname: string,
  { serverEmail, otherTabSignedIn }: { serverEmail: string | null; otherTabSignedIn: boolean },
) {
  const store = createHiveStore({ storage: null });
  if (otherTabSignedIn) {
    writeLocalSession(otherSession(OWNER));
    store.dispatch(setUserData(userCompany(OWNER)));
  }
  const ctx = setup({ serverEmail, pathname, store });
  disposers.push(ctx.runtime.dispose);
  // Every way this tab could touch what the tabs share, or its own data.
  const writes = [
    jest.spyOn(Storage.prototype, 'setItem'),
    jest.spyOn(Storage.prototype, 'removeItem'),
    jest.spyOn(Storage.prototype, 'clear'),
  ];
  const dispatch = jest.spyOn(store, 'dispatch');
  const userBefore = store.getState().userData;
  const expectUntouched = () => {
    expect(ctx.auth.getSession).not.toHaveBeenCalled();
    expect(ctx.auth.signOut).not.toHaveBeenCalled();
    expect(ctx.userCompanyCalls()).toBe(0);
    expect(ctx.fake.calls).toEqual([]);
    for (const write of writes) expect(write).not.toHaveBeenCalled();
    expect(ctx.post).not.toHaveBeenCalled();
    expect(dispatch).not.toHaveBeenCalled();
    expect(store.getState().userData).toBe(userBefore);
    expect(ctx.navigate).not.toHaveBeenCalled();
    expect(ctx.snapshot().status).toBe('loading');
  };
  return { ...ctx, writes, dispatch, expectUntouched };
}

describe.each(PUBLIC_PATHS)('a tab opening on %s (no session handling)', (pathname) => {
  describe.each([
    ['present', OWNER],
    ['gone', null],
  ] as const)('with the server session %s', (_, serverEmail) => {
    it.each([true, false])(
      'does not boot: no session call, no user data, no storage write, no broadcast, no store change (another tab signed in: %s)',
      async (otherTabSignedIn) => {
        const ctx = tabOn(pathname, { serverEmail, otherTabSignedIn });
        const stored = localStorage.getItem(LOCAL_SESSION_KEY);
        await expect(ctx.runtime.boot({ search: '' })).resolves.toBe('loading');
        await flush();
        jest.advanceTimersByTime(60_000); // no check loop either
        await flush();
        ctx.expectUntouched();
        expect(localStorage.getItem(LOCAL_SESSION_KEY)).toBe(stored);
      },
    );

    it('ignores the other tabs meanwhile: their session is not adopted, extended or cleared here', async () => {
      const ctx = tabOn(pathname, { serverEmail, otherTabSignedIn: true });
      await ctx.runtime.boot({ search: '' });
      for (const type of ['SESSION_EXTEND', 'SESSION_LOGOUT', 'SESSION_EXPIRED', 'FORCE_CLEANUP'] as const) {
        fromOtherTab(type);
        await flush();
      }
      if (!pathname.startsWith('/authentication/')) {
        fromOtherTab('SESSION_LOGIN', { email: OWNER });
        await flush();
      }
      ctx.expectUntouched();
      expect(ctx.runtime.gate.isBlocked()).toBe(false);
    });
  });

  it('boots on the first page with session handling the tab goes to', async () => {
    const ctx = tabOn(pathname, { serverEmail: OWNER, otherTabSignedIn: false });
    await ctx.runtime.boot({ search: '' });
    ctx.runtime.onNavigated(); // a move within the public area: still nothing
    expect(ctx.auth.getSession).not.toHaveBeenCalled();
    ctx.state.pathname = '/items';
    ctx.runtime.onNavigated();
    await flush();
    expect(ctx.auth.getSession).toHaveBeenCalledTimes(1);
    expect(ctx.userCompanyCalls()).toBe(1);
    expect(readLocalSession()?.user.user_email).toBe(OWNER);
    expect(ctx.posted('SESSION_LOGIN')).toBe(1);
    expect(ctx.snapshot().status).toBe('authenticated');
    ctx.runtime.onNavigated(); // it ran once
    await flush();
    expect(ctx.auth.getSession).toHaveBeenCalledTimes(1);
  });

  it('boots there as today when the server session is gone: the stale local session goes', async () => {
    const ctx = tabOn(pathname, { serverEmail: null, otherTabSignedIn: true });
    await ctx.runtime.boot({ search: '' });
    expect(readLocalSession()).not.toBeNull();
    ctx.state.pathname = '/';
    ctx.runtime.onNavigated();
    await flush();
    expect(ctx.snapshot().status).toBe('unauthenticated');
    expect(readLocalSession()).toBeNull();
    expect(ctx.store.getState().userData.user).toBeNull();
  });
});

describe('the sign-in page', () => {
  it('a sign-in made there boots at once (the boot ShellRoot runs after it)', async () => {
    const ctx = tabOn('/authentication/login', { serverEmail: null, otherTabSignedIn: false });
    await ctx.runtime.boot({ search: '' });
    ctx.expectUntouched();
    ctx.state.serverEmail = OWNER;
    await expect(ctx.runtime.boot({ afterSignIn: true })).resolves.toBe('authenticated');
    expect(ctx.auth.getSession).toHaveBeenCalledTimes(1);
    expect(readLocalSession()?.user.user_email).toBe(OWNER);
    expect(ctx.posted('SESSION_LOGIN')).toBe(1);
    // The boot that waited for a page with session handling was this one.
    ctx.state.pathname = '/items';
    ctx.runtime.onNavigated();
    await flush();
    expect(ctx.auth.getSession).toHaveBeenCalledTimes(1);
  });

  it('a sign-in fetches the user data even when the store rehydrated an earlier session of that user', async () => {
    // Nothing resets the store on the sign-in page any more: what it rehydrated may be stale.
    const ctx = tabOn('/authentication/login', { serverEmail: null, otherTabSignedIn: true });
    await ctx.runtime.boot({ search: '' });
    ctx.runtime.cleanupBeforeSignIn();
    ctx.state.serverEmail = OWNER;
    await ctx.runtime.boot({ afterSignIn: true });
    expect(ctx.userCompanyCalls()).toBe(1);
    expect(ctx.snapshot().status).toBe('authenticated');
    expect(readLocalSession()?.sessionId).not.toBe(`sid-${OWNER}`);
  });

  it('a sign-in in another tab moves it on to `/`, where it boots (no user-data call on the sign-in page)', async () => {
    const ctx = tabOn('/authentication/login', { serverEmail: null, otherTabSignedIn: false });
    await ctx.runtime.boot({ search: '' });
    ctx.state.serverEmail = OWNER;
    writeLocalSession(otherSession(OWNER));
    fromOtherTab('SESSION_LOGIN', { email: OWNER });
    await flush();
    expect(ctx.navigate).toHaveBeenCalledWith('/');
    expect(ctx.userCompanyCalls()).toBe(0);
    expect(ctx.auth.getSession).not.toHaveBeenCalled();
    ctx.runtime.onNavigated(); // the router followed (SessionChrome reports it)
    await flush();
    expect(ctx.userCompanyCalls()).toBe(1);
    expect(ctx.snapshot().status).toBe('authenticated');
    // The other tab's session is kept, not replaced.
    expect(readLocalSession()?.sessionId).toBe(`sid-${OWNER}`);
    expect(ctx.posted('SESSION_LOGIN')).toBe(0);
  });

  it('a pending sign-out is not finished there (no call to the server), but on the first page with session handling', async () => {
    localStorage.setItem(STORAGE_KEYS.signOutPending, String(T0));
    const ctx = tabOn('/authentication/login', { serverEmail: OWNER, otherTabSignedIn: false });
    await ctx.runtime.boot({ search: '' });
    ctx.expectUntouched();
    ctx.state.pathname = '/';
    ctx.runtime.onNavigated();
    await flush();
    expect(ctx.auth.signOut).toHaveBeenCalledTimes(1);
  });
});

describe.each(PROTECTED_PATHS)('a tab opening on %s (session handling)', (pathname) => {
  it('boots at once, as before', async () => {
    const ctx = tabOn(pathname, { serverEmail: OWNER, otherTabSignedIn: false });
    await expect(ctx.runtime.boot({ search: '' })).resolves.toBe('authenticated');
    expect(ctx.auth.getSession).toHaveBeenCalledTimes(1);
    expect(ctx.userCompanyCalls()).toBe(1);
    expect(readLocalSession()?.user.user_email).toBe(OWNER);
    expect(ctx.posted('SESSION_LOGIN')).toBe(1);
  });

  it('with the server session gone, destroys the local session and resets the store, as before', async () => {
    const ctx = tabOn(pathname, { serverEmail: null, otherTabSignedIn: true });
    await expect(ctx.runtime.boot({ search: '' })).resolves.toBe('unauthenticated');
    expect(readLocalSession()).toBeNull();
    expect(ctx.store.getState().userData.user).toBeNull();
  });
});

describe('a tab that booted, then went on to the storefront', () => {
  it('keeps its session machinery there; a boot asked for there (a plan change) waits until it is back', async () => {
    const ctx = tabOn('/items', { serverEmail: OWNER, otherTabSignedIn: false });
    await ctx.runtime.boot({ search: '' });
    ctx.state.pathname = '/ordering/blue-door-bistro';
    ctx.runtime.onNavigated();
    const calls = ctx.userCompanyCalls();
    await ctx.runtime.boot({ search: '?planChanged=true' });
    expect(ctx.userCompanyCalls()).toBe(calls);
    expect(ctx.snapshot().status).toBe('authenticated');
    ctx.state.pathname = '/items';
    ctx.runtime.onNavigated();
    await flush();
    expect(ctx.userCompanyCalls()).toBe(calls + 1);
  });

  it('another tab’s logout still clears it there (the page stays)', async () => {
    const ctx = tabOn('/items', { serverEmail: OWNER, otherTabSignedIn: false });
    await ctx.runtime.boot({ search: '' });
    ctx.state.pathname = '/ordering/blue-door-bistro';
    ctx.runtime.onNavigated();
    fromOtherTab('SESSION_LOGOUT');
    expect(ctx.snapshot().status).toBe('unauthenticated');
    expect(ctx.store.getState().userData.user).toBeNull();
    expect(ctx.navigate).not.toHaveBeenCalled();
  });
});
