import { SESSION_LIFETIME_MS, type SessionEventType } from '@hive/shared/config';
import { createHiveStore, type AppStore } from '@hive/shared/store';
import { createSessionSource } from '@hive/shared/shell-contract';
import type { AuthClient } from '../auth/authClient';
import { createFakeAdapter } from '../http/fakeAdapter.testutil';
import { createHttpClient } from '../http';
import { createCrossTabChannel, CROSS_TAB_KEY } from './crossTab';
import type { LocalSession } from './localSession';
import { createSessionRuntime } from './sessionRuntime';

// The session runtime over a fake server and this jsdom's storage, for the runtime's tests.

export const T0 = 1_700_000_000_000;
export const OWNER = 'owner@cornermarket.test';
export const CLERK = 'clerk@cornermarket.test';
export const ids: Record<string, number> = { [OWNER]: 7, [CLERK]: 8 };

export const userCompany = (email: string) => ({
  success: true,
  user: {
    user_id: ids[email] ?? 99,
    email,
    admin: false,
    role: 'admin',
    permissions: [{ id_permission: 1, description: 'view_items_menu' }],
  },
  license: { name: 'Retail' },
  addons: ['Inventory'],
});

export const flush = async () => {
  for (let i = 0; i < 20; i += 1) await Promise.resolve();
};

export interface SetupOptions {
  serverEmail?: string | null;
  pathname?: string;
  store?: AppStore;
}

export function setup({
  serverEmail = OWNER,
  pathname = '/items',
  store = createHiveStore({ storage: null }),
}: SetupOptions = {}) {
  const state = { serverEmail, pathname, userCompanyOk: true };
  const fake = createFakeAdapter((config) => {
    if (config.url === '/api/auth/usercompany') {
      if (!state.serverEmail) return { status: 401 };
      return { status: 200, data: state.userCompanyOk ? userCompany(state.serverEmail) : { success: false } };
    }
    return { status: 200, data: {} };
  });
  const http = createHttpClient({ adapter: fake.adapter });
  const sessionSource = createSessionSource();
  const serverSession = () => (state.serverEmail ? { user: { email: state.serverEmail } } : null);
  const auth = {
    getSession: jest.fn(async () => serverSession()),
    signOut: jest.fn(async (_options?: { callbackUrl?: string }) => undefined),
    extendSession: jest.fn(async () => serverSession()),
  };
  const navigate = jest.fn((path: string) => {
    state.pathname = path;
  });
  const logger = { error: jest.fn() };
  const channel = createCrossTabChannel({ tabId: 'this-tab' });
  const post = jest.spyOn(channel, 'post');
  const runtime = createSessionRuntime({
    store,
    auth: auth as unknown as Pick<AuthClient, 'getSession' | 'signOut' | 'extendSession'>,
    http,
    sessionSource,
    navigate,
    logger,
    getPathname: () => state.pathname,
    channel,
  });
  runtime.start();
  const snapshot = () => sessionSource.getSnapshot();
  const userCompanyCalls = () => fake.calls.filter((c) => c.url === '/api/auth/usercompany').length;
  const posted = (type: SessionEventType) => post.mock.calls.filter(([t]) => t === type).length;
  return {
    state,
    fake,
    http,
    store,
    sessionSource,
    auth,
    navigate,
    logger,
    channel,
    post,
    posted,
    runtime,
    snapshot,
    userCompanyCalls,
  };
}

/** Another tab's event arriving here. */
export function fromOtherTab(
  type: SessionEventType,
  { age = 0, ...payload }: { age?: number } & Record<string, unknown> = {},
) {
  const value = JSON.stringify({ ...payload, type, at: Date.now() - age, tabId: 'other-tab', seq: Math.random() });
  window.dispatchEvent(new StorageEvent('storage', { key: CROSS_TAB_KEY, newValue: value, storageArea: localStorage }));
}

export const otherSession = (email: string, overrides: Partial<LocalSession> = {}): LocalSession => ({
  sessionId: `sid-${email}`,
  user: { user_id: ids[email] ?? 99, user_email: email },
  createdAt: Date.now(),
  lastActivity: Date.now(),
  expiresAt: Date.now() + SESSION_LIFETIME_MS,
  ...overrides,
});

/**
 * The lifecycle of a session-runtime test file: fake timers from T0 and empty storage before each
 * test; after it, the runtimes it made disposed (push their `dispose` on the returned list), spies
 * restored and timers cleared.
 */
export function runtimeLifecycle(): (() => void)[] {
  const disposers: (() => void)[] = [];
  beforeEach(() => {
    jest.useFakeTimers({ now: T0 });
    localStorage.clear();
    sessionStorage.clear();
  });
  afterEach(() => {
    for (const dispose of disposers.splice(0)) dispose();
    jest.restoreAllMocks();
    jest.clearAllTimers();
    jest.useRealTimers();
  });
  return disposers;
}
