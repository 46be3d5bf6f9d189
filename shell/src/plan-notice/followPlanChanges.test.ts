import { canSeePath } from '@hive/shared/menu';
import { createHiveStore, selectMenuContext, setUserData } from '@hive/shared/store';
import { createLiveService } from '../live';
import { OWNER, T0, flush as flushRuntime, setup, userCompany } from '../session/runtime.testutil';
import { followPlanChanges } from './followPlanChanges';
import { planNotice } from './planNotice';

/** A store whose user data the test sets: a merchant carries a licence, staff none. */
function fakeStore(license: { name: string } | null) {
  const listeners = new Set<() => void>();
  const state = { userData: { license } };
  return {
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(next: { name: string } | null) {
      state.userData = { license: next };
      for (const l of [...listeners]) l();
    },
  };
}

/** The live service's follow(): the test fires the events. */
function fakeLive() {
  const followers = new Set<{ topics: readonly string[]; onEvent: () => void }>();
  return {
    follow: jest.fn((topics: readonly 'plan'[], onEvent: () => void) => {
      const entry = { topics, onEvent };
      followers.add(entry);
      return () => {
        followers.delete(entry);
      };
    }),
    emit(topic: string) {
      for (const f of [...followers]) if (f.topics.includes(topic)) f.onEvent();
    },
    count: () => followers.size,
  };
}

/** A refresh the test finishes by hand. */
function controlledRefresh() {
  const pending: (() => void)[] = [];
  const refresh = jest.fn(() => new Promise<void>((resolve) => pending.push(resolve)));
  return { refresh, finish: () => pending.shift()?.() };
}

const flush = async () => {
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
};

afterEach(() => planNotice.set(false));

describe('a plan change published live', () => {
  it('runs the planChanged refresh once per event and then hides the X-Plan-Changed notice', async () => {
    const live = fakeLive();
    const { refresh, finish } = controlledRefresh();
    followPlanChanges(fakeStore({ name: 'Retail' }), live, refresh);
    expect(live.follow).toHaveBeenCalledWith(['plan'], expect.any(Function));
    planNotice.set(true);

    live.emit('receipts');
    expect(refresh).not.toHaveBeenCalled();
    live.emit('plan');
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(planNotice.isShown()).toBe(true);
    finish();
    await flush();
    expect(planNotice.isShown()).toBe(false);
  });

  it('coalesces the events that arrive during a refresh into one more refresh after it', async () => {
    const live = fakeLive();
    const { refresh, finish } = controlledRefresh();
    followPlanChanges(fakeStore({ name: 'Retail' }), live, refresh);
    live.emit('plan');
    live.emit('plan');
    live.emit('plan');
    expect(refresh).toHaveBeenCalledTimes(1);
    finish();
    await flush();
    // The data read first may predate the later changes: one more read, not three.
    expect(refresh).toHaveBeenCalledTimes(2);
    finish();
    await flush();
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it('keeps following after a failed refresh', async () => {
    const live = fakeLive();
    const refresh = jest.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(undefined);
    followPlanChanges(fakeStore({ name: 'Retail' }), live, refresh);
    live.emit('plan');
    await flush();
    live.emit('plan');
    await flush();
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it('follows while a merchant is loaded only (staff have no back-office stream)', () => {
    const live = fakeLive();
    const store = fakeStore(null);
    const stop = followPlanChanges(
      store,
      live,
      jest.fn(() => Promise.resolve()),
    );
    expect(live.follow).not.toHaveBeenCalled();
    store.set({ name: 'Restaurant' });
    expect(live.count()).toBe(1);
    store.set({ name: 'Retail' });
    expect(live.follow).toHaveBeenCalledTimes(1);
    store.set(null);
    expect(live.count()).toBe(0);
    store.set({ name: 'Retail' });
    expect(live.count()).toBe(1);
    stop();
    expect(live.count()).toBe(0);
  });
});

describe('wired to the session runtime and the live service (as startShell does)', () => {
  beforeEach(() => {
    jest.useFakeTimers({ now: T0 });
    localStorage.clear();
    sessionStorage.clear();
  });
  afterEach(() => {
    jest.clearAllTimers();
    jest.useRealTimers();
  });

  it('a plan event re-reads the user data in place: the menu shows the new add-on, no reload', async () => {
    const store = createHiveStore({ storage: null });
    // Loaded before the change: no Inventory yet.
    store.dispatch(setUserData({ ...userCompany(OWNER), addons: [] }));
    const ctx = setup({ store });
    await ctx.runtime.boot({ search: '' });
    expect(ctx.userCompanyCalls()).toBe(0);
    const sources: { url: string; send(topic: string): void }[] = [];
    const live = createLiveService({
      http: ctx.http,
      session: ctx.runtime.service,
      createEventSource: (url) => {
        const listeners = new Map<string, (event: MessageEvent) => void>();
        const source = {
          url,
          readyState: 1,
          onopen: null,
          onerror: null,
          addEventListener: (type: string, listener: (event: MessageEvent) => void) => listeners.set(type, listener),
          close: () => undefined,
          send: (topic: string) =>
            listeners.get(topic)?.(new MessageEvent(topic, { data: JSON.stringify({ topic, at: 1 }) })),
        };
        sources.push(source);
        return source;
      },
    });
    const canSeeStock = () =>
      canSeePath('/stock', {
        ...selectMenuContext(store.getState()),
        permissions: [{ id_permission: 1, description: 'view_stock_menu' }],
      });
    followPlanChanges(store, live, () => ctx.runtime.boot({ search: '?planChanged=true' }));
    // Signed in as a merchant: the tab holds its stream with no live page open.
    expect(sources).toHaveLength(1);
    expect(canSeeStock()).toBe(false);

    sources[0]!.send('plan');
    await flushRuntime();
    expect(ctx.userCompanyCalls()).toBe(1);
    expect(store.getState().userData.addons).toEqual(['Inventory']);
    expect(canSeeStock()).toBe(true);
    expect(ctx.snapshot().status).toBe('authenticated');
    live.dispose();
    ctx.runtime.dispose();
  });
});
