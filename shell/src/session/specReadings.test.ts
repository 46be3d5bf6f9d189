import { UNAUTHORIZED_HANDLING_DELAY_MS } from '@hive/shared/config';
import { createHiveStore, setUserData } from '@hive/shared/store';
import { peekExpiredFlag } from './expiredFlag';
import { readLocalSession, writeLocalSession } from './localSession';
import { flush, otherSession, OWNER, setup, T0, userCompany, runtimeLifecycle } from './runtime.testutil';

/*
 * The session rules of SPEC.md 4 and 8 that the first version followed only in part (issue 33):
 * the cleanup before a sign-in tells the other tabs (FORCE_CLEANUP), the 401 flow always broadcasts
 * SESSION_EXPIRED, `?planChanged=true` creates a new local session from the fresh user data, and a
 * sign-in while the first session check is still running is not answered by that stale check.
 */

const disposers = runtimeLifecycle();

function tab(options: Parameters<typeof setup>[0] = {}) {
  const ctx = setup(options);
  disposers.push(ctx.runtime.dispose);
  return ctx;
}

describe('FORCE_CLEANUP', () => {
  it('the cleanup before a fresh sign-in is sent to the other tabs, after storage is cleared', () => {
    const ctx = tab({ pathname: '/authentication/login' });
    writeLocalSession(otherSession(OWNER));
    let sessionAtSend: unknown = 'not sent';
    const send = ctx.post.getMockImplementation();
    ctx.post.mockImplementation((type, payload) => {
      if (type === 'FORCE_CLEANUP') sessionAtSend = readLocalSession();
      return send!(type, payload);
    });
    ctx.runtime.cleanupBeforeSignIn();
    expect(ctx.posted('FORCE_CLEANUP')).toBe(1);
    expect(sessionAtSend).toBeNull();
  });
});

describe('the 401 flow (SPEC.md 8)', () => {
  it('broadcasts SESSION_EXPIRED even when this tab had no local session', async () => {
    const ctx = tab({ serverEmail: null });
    await ctx.runtime.boot({ search: '' });
    expect(readLocalSession()).toBeNull();
    ctx.fake.respond(() => ({ status: 401 }));
    await ctx.http.get('/api/backoffice/items').catch(() => undefined);
    jest.advanceTimersByTime(UNAUTHORIZED_HANDLING_DELAY_MS);
    expect(ctx.posted('SESSION_EXPIRED')).toBe(1);
    expect(ctx.navigate).toHaveBeenCalledWith('/');
    // Nothing to sign out and no session that "expired" here: the sign-in page, not /session-expired.
    expect(ctx.auth.signOut).not.toHaveBeenCalled();
    expect(peekExpiredFlag()).toBe(false);
  });
});

describe('?planChanged=true (SPEC.md 4)', () => {
  it('fetches the user data and creates a new local session from it (a valid stored one is not kept)', async () => {
    const store = createHiveStore({ storage: null });
    store.dispatch(setUserData(userCompany(OWNER)));
    const stored = otherSession(OWNER, { sessionId: 'sid-before', expiresAt: T0 + 60_000 });
    writeLocalSession(stored);
    const ctx = tab({ store });
    await ctx.runtime.boot({ search: '?planChanged=true' });
    expect(ctx.userCompanyCalls()).toBe(1);
    const session = readLocalSession();
    expect(session?.sessionId).not.toBe('sid-before');
    expect(session?.createdAt).toBe(T0);
    expect(session?.user).toEqual({ user_id: 7, user_email: OWNER });
    expect(ctx.posted('SESSION_LOGIN')).toBe(1);
  });

  it('without it, a valid stored session of the loaded user is kept', async () => {
    const store = createHiveStore({ storage: null });
    store.dispatch(setUserData(userCompany(OWNER)));
    writeLocalSession(otherSession(OWNER, { sessionId: 'sid-before' }));
    const ctx = tab({ store });
    await ctx.runtime.boot({ search: '' });
    expect(readLocalSession()?.sessionId).toBe('sid-before');
  });
});

describe('a sign-in while the first session check runs', () => {
  it('boots again after it instead of taking its (signed-out) answer', async () => {
    // The first check starts on a page with session handling (a tab opening on the sign-in page
    // does not boot there: publicBoot.test.ts); the sign-in is made on the sign-in page.
    const ctx = tab({ serverEmail: null, pathname: '/' });
    let answer: (value: null) => void = () => undefined;
    ctx.auth.getSession.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    const first = ctx.runtime.boot({ search: '' });
    ctx.state.pathname = '/authentication/login';
    ctx.state.serverEmail = OWNER; // the sign-in went through on the server
    const afterSignIn = ctx.runtime.boot({ search: '', afterSignIn: true });
    await flush();
    expect(ctx.auth.getSession).toHaveBeenCalledTimes(1); // the second waits for the first
    answer(null);
    await expect(first).resolves.toBe('unauthenticated');
    await flush();
    await expect(afterSignIn).resolves.toBe('authenticated');
    expect(ctx.snapshot().status).toBe('authenticated');
  });
});
