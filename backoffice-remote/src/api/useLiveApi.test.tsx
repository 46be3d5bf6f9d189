import { act, render, screen } from '@testing-library/react';
import { LIVE_SAFETY_POLL_MS } from '@hive/shared/schemas/live';
import { createSessionSource, ShellProvider, type LiveService, type ShellServices } from '@hive/shared/shell-contract';
import { controlledHttp, holdResponses } from '../testing/controlledHttp';
import { fakeLive } from '../testing/fakeLive';
import { useLiveApi } from './useLiveApi';

function Probe({ url, params }: { url: string | null; params?: Record<string, string> }) {
  const live = useLiveApi<{ n: number }>(url, 3000, params, { topics: ['receipts'] });
  return (
    <div>
      <output aria-label="data">{live.data ? String(live.data.n) : 'none'}</output>
      <output aria-label="state">
        {[live.loading && 'loading', live.stale && 'stale', live.error ? 'error' : ''].filter(Boolean).join(' ')}
      </output>
      <output aria-label="live">{live.liveStatus}</output>
      <button onClick={live.reload}>reload</button>
    </div>
  );
}

function renderProbe(
  http: ReturnType<typeof controlledHttp>['http'],
  url: string | null = '/api/live',
  live?: LiveService,
) {
  const services = {
    http,
    session: createSessionSource({ status: 'authenticated', expiresAt: null, remainingMs: null }),
    live,
  } as unknown as ShellServices;
  const view = render(
    <ShellProvider services={services}>
      <Probe url={url} />
    </ShellProvider>,
  );
  return {
    ...view,
    rerenderWith: (nextUrl: string | null, params?: Record<string, string>) =>
      view.rerender(
        <ShellProvider services={services}>
          <Probe url={nextUrl} params={params} />
        </ShellProvider>,
      ),
  };
}

let visibility: DocumentVisibilityState = 'visible';
function setVisibility(next: DocumentVisibilityState) {
  visibility = next;
  act(() => {
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

/** Lets resolved promises run their callbacks (fake timers do not run microtasks). */
const settle = () => act(async () => undefined);

beforeAll(() => {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
});
beforeEach(() => {
  jest.useFakeTimers();
  visibility = 'visible';
});
afterEach(() => {
  jest.useRealTimers();
});

describe('useLiveApi', () => {
  it('polls every interval after the previous answer, one request at a time', async () => {
    const { http, calls, pending } = controlledHttp();
    renderProbe(http);
    expect(calls).toHaveLength(1);
    expect(screen.getByLabelText('state')).toHaveTextContent('loading');

    // A slow answer: the interval passes several times, no second request goes out meanwhile.
    act(() => jest.advanceTimersByTime(10_000));
    expect(calls).toHaveLength(1);
    pending[0]!.resolve({ n: 1 });
    await settle();
    expect(screen.getByLabelText('data')).toHaveTextContent('1');
    expect(screen.getByLabelText('state')).toHaveTextContent('');

    act(() => jest.advanceTimersByTime(2_999));
    expect(calls).toHaveLength(1);
    act(() => jest.advanceTimersByTime(1));
    expect(calls).toHaveLength(2);
    // Refreshing is silent: the data stays, no loading state.
    expect(screen.getByLabelText('data')).toHaveTextContent('1');
    expect(screen.getByLabelText('state')).toHaveTextContent('');
    pending[1]!.resolve({ n: 2 });
    await settle();
    expect(screen.getByLabelText('data')).toHaveTextContent('2');
  });

  it('stops while the tab is hidden and asks at once when it is shown again', async () => {
    const { http, calls, pending } = controlledHttp();
    renderProbe(http);
    pending[0]!.resolve({ n: 1 });
    await settle();

    setVisibility('hidden');
    act(() => jest.advanceTimersByTime(60_000));
    expect(calls).toHaveLength(1);

    setVisibility('visible');
    expect(calls).toHaveLength(2);
    pending[1]!.resolve({ n: 2 });
    await settle();
    expect(screen.getByLabelText('data')).toHaveTextContent('2');
    act(() => jest.advanceTimersByTime(3_000));
    expect(calls).toHaveLength(3);
  });

  it('an answer that arrives while hidden schedules nothing', async () => {
    const { http, calls, pending } = controlledHttp();
    renderProbe(http);
    setVisibility('hidden');
    pending[0]!.resolve({ n: 1 });
    await settle();
    act(() => jest.advanceTimersByTime(30_000));
    expect(calls).toHaveLength(1);
  });

  it('a failed refresh keeps the data, marks it stale and tries again; a failed first load is an error', async () => {
    const { http, calls, pending } = controlledHttp();
    renderProbe(http);
    pending[0]!.reject(500);
    await settle();
    expect(screen.getByLabelText('state')).toHaveTextContent('error');
    act(() => jest.advanceTimersByTime(3_000));
    expect(calls).toHaveLength(2);
    pending[1]!.resolve({ n: 5 });
    await settle();
    expect(screen.getByLabelText('data')).toHaveTextContent('5');

    act(() => jest.advanceTimersByTime(3_000));
    pending[2]!.reject(503);
    await settle();
    expect(screen.getByLabelText('data')).toHaveTextContent('5');
    expect(screen.getByLabelText('state')).toHaveTextContent('stale');
    act(() => jest.advanceTimersByTime(3_000));
    pending[3]!.resolve({ n: 6 });
    await settle();
    expect(screen.getByLabelText('state')).toHaveTextContent('');
  });

  it('reload asks at once; new params start over; unmounting stops everything', async () => {
    const { http, calls, pending } = controlledHttp();
    const view = renderProbe(http);
    pending[0]!.resolve({ n: 1 });
    await settle();
    act(() => screen.getByRole('button', { name: 'reload' }).click());
    expect(calls).toHaveLength(2);

    view.rerenderWith('/api/live', { kind: 'sync' });
    expect(calls).toHaveLength(3);
    expect(calls[2]!.params).toEqual({ kind: 'sync' });
    expect(screen.getByLabelText('state')).toHaveTextContent('loading');

    view.unmount();
    act(() => jest.advanceTimersByTime(60_000));
    expect(calls).toHaveLength(3);
  });

  it('an answer that lands after new params asked again is not shown as theirs', async () => {
    const { http, pending } = controlledHttp();
    // A response interceptor that waits (useApi.test.tsx): the abort comes while it works.
    const held = holdResponses(http);
    const view = renderProbe(http);
    pending[0]!.resolve({ n: 1 });
    await settle();
    view.rerenderWith('/api/live', { kind: 'sync' });
    held.release();
    await settle();
    expect(screen.getByLabelText('data')).toHaveTextContent('none');
    expect(screen.getByLabelText('state')).toHaveTextContent('loading');
    pending[1]!.resolve({ n: 2 });
    await settle();
    held.release();
    await settle();
    expect(screen.getByLabelText('data')).toHaveTextContent('2');
  });

  it('waits while the url is null', () => {
    const { http, calls } = controlledHttp();
    renderProbe(http, null);
    act(() => jest.advanceTimersByTime(10_000));
    expect(calls).toHaveLength(0);
  });

  describe('with the live stream', () => {
    it('fetches when its topic arrives, coalesces a burst and polls only as a slow safety net', async () => {
      const { http, calls, pending } = controlledHttp();
      const live = fakeLive();
      renderProbe(http, '/api/live', live.service);
      expect(screen.getByLabelText('live')).toHaveTextContent('live');
      pending[0]!.resolve({ n: 1 });
      await settle();

      // No 3-second polling while the stream is open.
      act(() => jest.advanceTimersByTime(30_000));
      expect(calls).toHaveLength(1);

      live.send('receipts');
      expect(calls).toHaveLength(2);
      // A burst while that request is in flight: one more request after it, not one each.
      live.send('receipts');
      live.send('receipts');
      live.send('receipts');
      expect(calls).toHaveLength(2);
      pending[1]!.resolve({ n: 2 });
      await settle();
      expect(calls).toHaveLength(3);
      pending[2]!.resolve({ n: 3 });
      await settle();
      expect(screen.getByLabelText('data')).toHaveTextContent('3');
      expect(calls).toHaveLength(3);

      // Another topic is not this page's business.
      live.send('terminals');
      expect(calls).toHaveLength(3);

      // The safety net: one poll after LIVE_SAFETY_POLL_MS of silence.
      act(() => jest.advanceTimersByTime(LIVE_SAFETY_POLL_MS - 1));
      expect(calls).toHaveLength(3);
      act(() => jest.advanceTimersByTime(1));
      expect(calls).toHaveLength(4);
    });

    it("polls every interval while 'reconnecting' and fetches at once when the stream is back", async () => {
      const { http, calls, pending } = controlledHttp();
      const live = fakeLive();
      renderProbe(http, '/api/live', live.service);
      pending[0]!.resolve({ n: 1 });
      await settle();

      live.setStatus('reconnecting');
      expect(screen.getByLabelText('live')).toHaveTextContent('reconnecting');
      // The slow timer gives way to the normal one at once.
      expect(calls).toHaveLength(2);
      pending[1]!.resolve({ n: 2 });
      await settle();
      act(() => jest.advanceTimersByTime(3_000));
      expect(calls).toHaveLength(3);
      pending[2]!.resolve({ n: 3 });
      await settle();

      live.setStatus('live');
      expect(calls).toHaveLength(4);
    });

    it('unsubscribes when unmounted', () => {
      const { http } = controlledHttp();
      const live = fakeLive();
      const view = renderProbe(http, '/api/live', live.service);
      expect(live.subscribers.size).toBe(1);
      view.unmount();
      expect(live.subscribers.size).toBe(0);
    });
  });
});
