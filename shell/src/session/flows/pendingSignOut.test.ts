import { STORAGE_KEYS } from '@hive/shared/config';
import { createHiveStore } from '@hive/shared/store';
import { createSessionSource } from '@hive/shared/shell-contract';
import type { AuthClient } from '../../auth/authClient';
import { createFakeAdapter } from '../../http/fakeAdapter.testutil';
import { createHttpClient } from '../../http';
import { createCrossTabChannel } from '../crossTab';
import { createSessionRuntime } from '../sessionRuntime';

const OWNER = 'owner@cornermarket.test';

/** One page load of the app: a runtime over this browser's storage and a server that may be unreachable. */
function pageLoad(server: { email: string | null; reachable: boolean }) {
  const fake = createFakeAdapter((config) =>
    config.url === '/api/auth/usercompany'
      ? {
          status: 200,
          data: {
            success: true,
            user: { user_id: 7, email: OWNER, admin: false, role: 'admin', permissions: [] },
            license: { name: 'Retail' },
            addons: [],
          },
        }
      : { status: 200, data: {} },
  );
  const calls: string[] = [];
  const auth = {
    getSession: jest.fn(async () => {
      calls.push('session');
      if (!server.reachable) throw new Error('offline');
      return server.email ? { user: { email: server.email } } : null;
    }),
    signOut: jest.fn(async () => {
      calls.push('signout');
      if (!server.reachable) throw new Error('offline');
      server.email = null;
    }),
    extendSession: jest.fn(async () => null),
  };
  const sessionSource = createSessionSource();
  const runtime = createSessionRuntime({
    store: createHiveStore({ storage: null }),
    auth: auth as unknown as Pick<AuthClient, 'getSession' | 'signOut' | 'extendSession'>,
    http: createHttpClient({ adapter: fake.adapter }),
    sessionSource,
    navigate: () => undefined,
    logger: { error: jest.fn() },
    getPathname: () => '/items',
    channel: createCrossTabChannel({ tabId: `tab-${Math.random()}` }),
  });
  runtime.start();
  return { runtime, auth, calls, status: () => sessionSource.getSnapshot().status };
}

beforeEach(() => {
  jest.useFakeTimers({ now: 1_700_000_000_000 });
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  jest.clearAllTimers();
  jest.useRealTimers();
});

describe('a sign-out the server did not hear', () => {
  it('is finished on the server before the next visit adopts the session', async () => {
    const server = { email: OWNER as string | null, reachable: true };
    const first = pageLoad(server);
    expect(await first.runtime.boot({ search: '' })).toBe('authenticated');

    server.reachable = false;
    await first.runtime.logout();
    expect(first.status()).toBe('unauthenticated');
    expect(localStorage.getItem(STORAGE_KEYS.signOutPending)).not.toBeNull();
    expect(server.email).toBe(OWNER); // the server session is still alive
    first.runtime.dispose();

    server.reachable = true;
    const next = pageLoad(server);
    expect(await next.runtime.boot({ search: '' })).toBe('unauthenticated');
    expect(next.calls).toEqual(['signout', 'session']); // the sign-out first, then the (now empty) session
    expect(server.email).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.signOutPending)).toBeNull();
    next.runtime.dispose();
  });

  it('while the server stays unreachable the browser stays signed out and keeps trying', async () => {
    const server = { email: OWNER as string | null, reachable: true };
    const first = pageLoad(server);
    await first.runtime.boot({ search: '' });
    server.reachable = false;
    await first.runtime.logout();
    first.runtime.dispose();

    const offline = pageLoad(server);
    expect(await offline.runtime.boot({ search: '' })).toBe('unauthenticated');
    expect(offline.auth.getSession).not.toHaveBeenCalled();
    expect(localStorage.getItem(STORAGE_KEYS.signOutPending)).not.toBeNull();
    offline.runtime.dispose();
  });

  it('survives the cleanup before a fresh sign-in, and a successful sign-in forgets it', async () => {
    const server = { email: OWNER as string | null, reachable: false };
    const tab = pageLoad(server);
    await tab.runtime.logout();
    tab.runtime.cleanupBeforeSignIn();
    expect(localStorage.getItem(STORAGE_KEYS.signOutPending)).not.toBeNull();
    tab.runtime.forgetPendingSignOut();
    server.reachable = true;
    expect(await tab.runtime.boot({ search: '' })).toBe('authenticated');
    expect(tab.auth.signOut).toHaveBeenCalledTimes(1); // only the failed one
    tab.runtime.dispose();
  });
});
