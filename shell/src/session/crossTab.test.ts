import { CROSS_TAB_EVENT_MAX_AGE_MS, SESSION_EVENTS } from '@hive/shared/config';
import { createCrossTabChannel, CROSS_TAB_KEY, parseCrossTabMessage, type CrossTabMessage } from './crossTab';

const NOW = 1_700_000_000_000;

/** What the browser does in every other tab when one tab writes the key. */
function deliver(
  newValue: string | null,
  { key = CROSS_TAB_KEY as string, storageArea = localStorage as Storage | null } = {},
) {
  window.dispatchEvent(new StorageEvent('storage', { key, newValue, storageArea }));
}

const message = (overrides: Partial<CrossTabMessage> = {}) =>
  JSON.stringify({ type: 'SESSION_LOGOUT', at: NOW, tabId: 'other-tab', seq: 1, ...overrides });

let now: number;
const clock = () => now;

beforeEach(() => {
  localStorage.clear();
  now = NOW;
});

describe('cross-tab channel (hive_session_event)', () => {
  it('posts { type, at, tabId, seq, ...payload } to localStorage and leaves it there', () => {
    const channel = createCrossTabChannel({ now: clock, tabId: 'me' });
    const sent = channel.post('SESSION_EXTEND', { expiresAt: 5, type: 'FORCE_CLEANUP', at: 0, tabId: 'spoof' });
    expect(CROSS_TAB_KEY).toBe('hive_session_event');
    expect(sent).toEqual({ type: 'SESSION_EXTEND', at: NOW, tabId: 'me', seq: 1, expiresAt: 5 });
    expect(JSON.parse(localStorage.getItem('hive_session_event')!)).toEqual(sent);
    // Two posts in the same millisecond still differ, so each fires a storage event elsewhere.
    const again = channel.post('SESSION_EXTEND', { expiresAt: 5 });
    expect(again.seq).toBe(2);
    expect(localStorage.getItem('hive_session_event')).toBe(JSON.stringify(again));
  });

  it('has a random tab id by default', () => {
    expect(createCrossTabChannel().tabId).not.toBe(createCrossTabChannel().tabId);
  });

  it.each(SESSION_EVENTS)('delivers %s events of other tabs', (type) => {
    const handler = jest.fn();
    const off = createCrossTabChannel({ now: clock, tabId: 'me' }).subscribe(handler);
    deliver(message({ type }));
    expect(handler).toHaveBeenCalledWith(expect.objectContaining({ type, tabId: 'other-tab', at: NOW }));
    off();
  });

  it(`ignores events older than ${CROSS_TAB_EVENT_MAX_AGE_MS} ms: 499 and 500 accepted, 501 ignored`, () => {
    const handler = jest.fn();
    const off = createCrossTabChannel({ now: clock, tabId: 'me' }).subscribe(handler);
    now = NOW + 499;
    deliver(message({ seq: 1 }));
    expect(handler).toHaveBeenCalledTimes(1);
    now = NOW + 500;
    deliver(message({ seq: 2 }));
    expect(handler).toHaveBeenCalledTimes(2);
    now = NOW + 501;
    deliver(message({ seq: 3 }));
    expect(handler).toHaveBeenCalledTimes(2);
    off();
  });

  it('uses Date.now by default (fake clock)', () => {
    jest.useFakeTimers({ now: NOW });
    try {
      const handler = jest.fn();
      const off = createCrossTabChannel({ tabId: 'me' }).subscribe(handler);
      jest.setSystemTime(NOW + 501);
      deliver(message());
      expect(handler).not.toHaveBeenCalled();
      jest.setSystemTime(NOW + 500);
      deliver(message());
      expect(handler).toHaveBeenCalledTimes(1);
      off();
    } finally {
      jest.useRealTimers();
    }
  });

  it('ignores its own events, other keys, other storage areas and removals', () => {
    const handler = jest.fn();
    const off = createCrossTabChannel({ now: clock, tabId: 'me' }).subscribe(handler);
    deliver(message({ tabId: 'me' }));
    deliver(message(), { key: 'hive_session' });
    deliver(message(), { storageArea: sessionStorage });
    deliver(null);
    window.dispatchEvent(new StorageEvent('storage', { key: null })); // localStorage.clear() elsewhere
    expect(handler).not.toHaveBeenCalled();
    deliver(message(), { storageArea: null });
    expect(handler).toHaveBeenCalledTimes(1);
    off();
  });

  it.each([
    ['corrupt JSON', '{"type":'],
    ['JSON null', 'null'],
    ['an array', '[]'],
    ['an unknown type', message({ type: 'HELLO' as never })],
    ['no at', JSON.stringify({ type: 'SESSION_LOGOUT', tabId: 'x' })],
    ['at as a string', message({ at: String(NOW) as never })],
    ['no tabId', JSON.stringify({ type: 'SESSION_LOGOUT', at: NOW })],
  ])('ignores %s', (_name, raw) => {
    const handler = jest.fn();
    const off = createCrossTabChannel({ now: clock, tabId: 'me' }).subscribe(handler);
    expect(() => deliver(raw)).not.toThrow();
    expect(handler).not.toHaveBeenCalled();
    expect(parseCrossTabMessage(raw)).toBeNull();
    off();
  });

  it('stops delivering after unsubscribe', () => {
    const handler = jest.fn();
    const off = createCrossTabChannel({ now: clock, tabId: 'me' }).subscribe(handler);
    off();
    deliver(message());
    expect(handler).not.toHaveBeenCalled();
  });

  it('reports a throwing handler and keeps working', () => {
    const onError = jest.fn();
    const channel = createCrossTabChannel({ now: clock, tabId: 'me', onError });
    const off = channel.subscribe(() => {
      throw new Error('boom');
    });
    const next = jest.fn();
    const off2 = channel.subscribe(next);
    deliver(message());
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'boom' }));
    expect(next).toHaveBeenCalledTimes(1);
    off();
    off2();
  });

  it('a post of one tab reaches the other through the storage event', () => {
    const a = createCrossTabChannel({ now: clock, tabId: 'tab-a' });
    const b = createCrossTabChannel({ now: clock, tabId: 'tab-b' });
    const handler = jest.fn();
    const off = b.subscribe(handler);
    a.post('SESSION_LOGIN', { email: 'owner@cornermarket.test' });
    deliver(localStorage.getItem(CROSS_TAB_KEY));
    expect(handler).toHaveBeenCalledWith(
      expect.objectContaining({ type: 'SESSION_LOGIN', tabId: 'tab-a', email: 'owner@cornermarket.test' }),
    );
    off();
  });

  it('works without a window or storage', () => {
    const channel = createCrossTabChannel({ storage: null, target: null, now: clock });
    expect(() => channel.post('FORCE_CLEANUP')).not.toThrow();
    expect(channel.subscribe(jest.fn())).toEqual(expect.any(Function));
  });
});
