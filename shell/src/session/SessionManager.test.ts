import {
  SESSION_CHECK_INTERVAL_MS,
  SESSION_LIFETIME_MS,
  SESSION_WARNING_MS,
  SESSION_WARNING_UPDATE_THRESHOLD_MS,
} from '@hive/shared/config';
import type { AuthClient } from '../auth/authClient';
import { readLocalSession, writeLocalSession, type LocalSession } from './localSession';
import {
  createSessionManager,
  nextCheckDelay,
  NO_SESSION_TIMING,
  SessionEndedError,
  shouldPublishTiming,
  type SessionManagerOptions,
  type SessionTiming,
} from './SessionManager';

const T0 = 1_700_000_000_000;
const owner = { user_id: 7, email: 'owner@cornermarket.test' };
const serverSession = { user: { email: owner.email } };

function setup(overrides: Partial<SessionManagerOptions> = {}) {
  const auth = {
    getSession: jest.fn().mockResolvedValue(serverSession),
    extendSession: jest.fn().mockResolvedValue(serverSession),
  };
  const onChange = jest.fn<void, [SessionTiming]>();
  const onExpire = jest.fn();
  const channel = { post: jest.fn() };
  let ids = 0;
  const manager = createSessionManager({
    auth: auth as unknown as Pick<AuthClient, 'getSession' | 'extendSession'>,
    onChange,
    onExpire,
    channel,
    createId: () => `sid-${(ids += 1)}`,
    ...overrides,
  });
  const last = () => onChange.mock.calls.at(-1)?.[0];
  return { auth, onChange, onExpire, channel, manager, last };
}

const stored = (overrides: Partial<LocalSession> = {}): LocalSession => ({
  sessionId: 'sid-x',
  user: { user_id: 7, user_email: owner.email },
  createdAt: T0,
  lastActivity: T0,
  expiresAt: T0 + SESSION_LIFETIME_MS,
  ...overrides,
});

beforeEach(() => {
  jest.useFakeTimers({ now: T0 });
  localStorage.clear();
});
afterEach(() => {
  jest.clearAllTimers();
  jest.useRealTimers();
});

describe('constants', () => {
  it('are the ones of SPEC.md 9', () => {
    expect(SESSION_LIFETIME_MS).toBe(2_700_000);
    expect(SESSION_WARNING_MS).toBe(300_000);
    expect(SESSION_CHECK_INTERVAL_MS).toBe(30_000);
    expect(SESSION_WARNING_UPDATE_THRESHOLD_MS).toBe(5_000);
  });
});

describe('create', () => {
  it('stores a new session: random id, user id and email, expiry 45 minutes from now', () => {
    const { manager, last } = setup({ createId: undefined });
    const session = manager.create(owner);
    expect(session.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(session).toEqual({
      sessionId: session.sessionId,
      user: { user_id: 7, user_email: owner.email },
      createdAt: T0,
      lastActivity: T0,
      expiresAt: T0 + 2_700_000,
    });
    expect(readLocalSession()).toEqual(session);
    expect(last()).toEqual({ expiresAt: T0 + 2_700_000, remainingMs: 2_700_000, warning: false });
    expect(manager.currentSessionId()).toBe(session.sessionId);
  });

  it('keeps `id` when the user has no user_id, and needs one of them', () => {
    const { manager } = setup();
    expect(manager.create({ id: 'u-1', user_email: 'a@b.c' }).user).toEqual({ id: 'u-1', user_email: 'a@b.c' });
    expect(() => manager.create({ email: 'a@b.c' })).toThrow(TypeError);
  });
});

describe('check loop', () => {
  it(`shows the warning at exactly ${SESSION_WARNING_MS} ms left, not at 300001`, () => {
    const { manager, last } = setup();
    manager.create(owner);
    manager.start();
    jest.advanceTimersByTime(SESSION_LIFETIME_MS - SESSION_WARNING_MS - 1);
    expect(last()?.warning).toBe(false);
    expect(manager.getTiming().remainingMs).toBeGreaterThan(SESSION_WARNING_MS);
    jest.advanceTimersByTime(1);
    expect(last()).toEqual({ expiresAt: T0 + SESSION_LIFETIME_MS, remainingMs: 300_000, warning: true });
  });

  it('hits the warning edge exactly whatever the phase of the 30 s loop', () => {
    const expiresAt = T0 + 1_234_567;
    writeLocalSession(stored({ expiresAt }));
    const { manager, last } = setup();
    manager.start();
    jest.advanceTimersByTime(1_234_567 - 300_001);
    expect(last()?.warning).toBe(false);
    jest.advanceTimersByTime(1);
    expect(last()).toEqual({ expiresAt, remainingMs: 300_000, warning: true });
  });

  it('logs out at 0 left, not at 1 ms left, once, and stops', () => {
    const { manager, onExpire } = setup();
    manager.create(owner);
    manager.start();
    jest.advanceTimersByTime(SESSION_LIFETIME_MS - 1);
    expect(onExpire).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(onExpire).toHaveBeenCalledTimes(1);
    expect(onExpire).toHaveBeenCalledWith('expired');
    expect(manager.isRunning()).toBe(false);
    jest.advanceTimersByTime(10 * SESSION_CHECK_INTERVAL_MS);
    expect(onExpire).toHaveBeenCalledTimes(1);
  });

  it('logs out at once when started on an already expired session', () => {
    writeLocalSession(stored({ expiresAt: T0 }));
    const { manager, onExpire } = setup();
    manager.start();
    expect(onExpire).toHaveBeenCalledWith('expired');
  });

  it(`checks every ${SESSION_CHECK_INTERVAL_MS} ms: a change made elsewhere is seen at 30000, not at 29999`, () => {
    const { manager, onExpire, last } = setup();
    manager.create(owner);
    manager.start();
    jest.advanceTimersByTime(1_000);
    // Another tab shortened the session (stored state is shared).
    writeLocalSession({ ...readLocalSession()!, expiresAt: T0 + 600_000 });
    jest.advanceTimersByTime(28_999);
    expect(last()?.remainingMs).toBe(2_700_000);
    jest.advanceTimersByTime(1);
    expect(last()).toEqual({ expiresAt: T0 + 600_000, remainingMs: 570_000, warning: false });
    // ...and a removed session is noticed at the next check too.
    localStorage.removeItem('hive_session');
    jest.advanceTimersByTime(29_999);
    expect(onExpire).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(onExpire).toHaveBeenCalledWith('missing');
    expect(last()).toEqual(NO_SESSION_TIMING);
  });

  it('asks the server every 30 s, not at start; a session the server no longer knows ends as an expiry', async () => {
    const { manager, auth, onExpire } = setup();
    manager.create(owner);
    manager.start();
    expect(auth.getSession).not.toHaveBeenCalled(); // boot/sign-in just asked
    jest.advanceTimersByTime(29_999);
    expect(auth.getSession).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(auth.getSession).toHaveBeenCalledTimes(1);
    await Promise.resolve();
    expect(onExpire).not.toHaveBeenCalled();

    auth.getSession.mockResolvedValueOnce(null); // revoked on the server
    jest.advanceTimersByTime(30_000);
    await Promise.resolve();
    await Promise.resolve();
    expect(auth.getSession).toHaveBeenCalledTimes(2);
    expect(onExpire).toHaveBeenCalledWith('expired');
    expect(manager.isRunning()).toBe(false);
  });

  it('an unreachable server never logs the user out: the local clock stays in charge', async () => {
    const { manager, auth, onExpire } = setup();
    manager.create(owner);
    manager.start();
    auth.getSession.mockRejectedValue(new TypeError('Failed to fetch'));
    jest.advanceTimersByTime(90_000);
    await Promise.resolve();
    await Promise.resolve();
    expect(auth.getSession).toHaveBeenCalledTimes(3);
    expect(onExpire).not.toHaveBeenCalled();
  });

  it('reads the remaining time from timestamps, never by counting ticks (a sleeping tab)', () => {
    const { manager, last, onExpire } = setup();
    manager.create(owner);
    manager.start();
    // The tab slept: the clock moved 2,500 s but no timer ran.
    jest.setSystemTime(T0 + 2_500_000);
    jest.advanceTimersByTime(SESSION_CHECK_INTERVAL_MS);
    expect(last()).toEqual({ expiresAt: T0 + SESSION_LIFETIME_MS, remainingMs: 170_000, warning: true });
    jest.setSystemTime(T0 + 3_000_000);
    manager.check();
    expect(onExpire).toHaveBeenCalledWith('expired');
  });

  it('publishes only when the remaining time moved by MORE than 5 s: 5000 does not, 5001 does', () => {
    const { manager, onChange } = setup();
    manager.create(owner);
    manager.start();
    expect(onChange).toHaveBeenCalledTimes(1);
    jest.setSystemTime(T0 + 5_000);
    manager.check();
    expect(onChange).toHaveBeenCalledTimes(1);
    jest.setSystemTime(T0 + 5_001);
    manager.check();
    expect(onChange).toHaveBeenCalledTimes(2);
    expect(onChange).toHaveBeenLastCalledWith({
      expiresAt: T0 + SESSION_LIFETIME_MS,
      remainingMs: 2_694_999,
      warning: false,
    });
  });

  it('publishes a warning flip even when the time moved by less than 5 s', () => {
    const { manager, onChange, last } = setup();
    manager.create(owner);
    manager.start();
    jest.setSystemTime(T0 + SESSION_LIFETIME_MS - 300_004);
    manager.check();
    expect(last()?.warning).toBe(false);
    const calls = onChange.mock.calls.length;
    jest.setSystemTime(T0 + SESSION_LIFETIME_MS - 300_000);
    manager.check();
    expect(onChange).toHaveBeenCalledTimes(calls + 1);
    expect(last()).toEqual({ expiresAt: T0 + SESSION_LIFETIME_MS, remainingMs: 300_000, warning: true });
  });

  it('a check while stopped does nothing; start is idempotent; stop keeps the stored session', () => {
    const { manager, onChange, onExpire } = setup();
    manager.check();
    expect(onChange).not.toHaveBeenCalled();
    manager.create(owner);
    manager.start();
    manager.start();
    manager.stop();
    jest.advanceTimersByTime(SESSION_LIFETIME_MS * 2);
    expect(onExpire).not.toHaveBeenCalled();
    expect(readLocalSession()).not.toBeNull();
  });

  it('starting without a stored session reports it missing', () => {
    const { manager, onExpire } = setup();
    manager.start();
    expect(onExpire).toHaveBeenCalledWith('missing');
  });

  it('treats a corrupt hive_session as missing and removes it', () => {
    localStorage.setItem('hive_session', '{"sessionId":');
    const { manager, onExpire } = setup();
    expect(manager.read()).toBeNull();
    expect(localStorage.getItem('hive_session')).toBeNull();
    manager.start();
    expect(onExpire).toHaveBeenCalledWith('missing');
  });
});

describe('the publish rule and the schedule', () => {
  const t = (remainingMs: number | null): SessionTiming => ({
    expiresAt: remainingMs === null ? null : 1,
    remainingMs,
    warning: remainingMs !== null && remainingMs <= 300_000,
  });

  it.each([
    [null, t(1_000_000), true],
    [t(1_000_000), t(995_000), false],
    [t(1_000_000), t(994_999), true],
    [t(1_000_000), t(1_005_001), true],
    [t(300_001), t(300_000), true],
    [t(1_000), NO_SESSION_TIMING, true],
    [NO_SESSION_TIMING, t(1_000), true],
    [NO_SESSION_TIMING, NO_SESSION_TIMING, false],
  ])('from %p to %p publishes: %p', (previous, next, expected) => {
    expect(shouldPublishTiming(previous, next)).toBe(expected);
  });

  it.each([
    [2_700_000, 30_000],
    [310_000, 10_000],
    [300_001, 1],
    [300_000, 30_000],
    [20_000, 20_000],
    [1, 1],
    [0, 0],
    [-5, 0],
  ])('with %p ms left the next check is in %p ms', (remaining, delay) => {
    expect(nextCheckDelay(remaining)).toBe(delay);
  });
});

describe('validate (SPEC.md 5)', () => {
  it('returns the stored session when all four conditions hold', async () => {
    writeLocalSession(stored());
    const { manager, auth } = setup();
    await expect(manager.validate(owner)).resolves.toEqual(stored());
    expect(auth.getSession).toHaveBeenCalledTimes(1);
  });

  it('1: no stored session -> null, no server call', async () => {
    const { manager, auth } = setup();
    await expect(manager.validate(owner)).resolves.toBeNull();
    expect(auth.getSession).not.toHaveBeenCalled();
  });

  it('2: expired (expiresAt = now) -> null and destroyed; 1 ms before expiry it is valid', async () => {
    writeLocalSession(stored({ expiresAt: T0 + 1 }));
    const { manager, onChange } = setup();
    await expect(manager.validate(owner)).resolves.not.toBeNull();
    jest.setSystemTime(T0 + 1);
    await expect(manager.validate(owner)).resolves.toBeNull();
    expect(localStorage.getItem('hive_session')).toBeNull();
    expect(onChange).toHaveBeenLastCalledWith(NO_SESSION_TIMING);
  });

  it('3: another user id -> null and destroyed; 7 and "7" are the same id; `id` counts', async () => {
    const { manager } = setup();
    writeLocalSession(stored());
    await expect(manager.validate({ user_id: '7', email: 'x' })).resolves.not.toBeNull();
    await expect(manager.validate({ user_id: 8, email: owner.email })).resolves.toBeNull();
    expect(localStorage.getItem('hive_session')).toBeNull();
    writeLocalSession(stored({ user: { id: 'u-1', user_email: 'a@b.c' } }));
    await expect(manager.validate({ id: 'u-1' })).resolves.not.toBeNull();
    await expect(manager.validate(null)).resolves.toBeNull();
  });

  it('4: the server check returns no user, or fails -> null and destroyed', async () => {
    const { manager, auth } = setup();
    writeLocalSession(stored());
    auth.getSession.mockResolvedValueOnce(null);
    await expect(manager.validate(owner)).resolves.toBeNull();
    expect(localStorage.getItem('hive_session')).toBeNull();
    writeLocalSession(stored());
    auth.getSession.mockRejectedValueOnce(new Error('offline'));
    await expect(manager.validate(owner)).resolves.toBeNull();
    expect(localStorage.getItem('hive_session')).toBeNull();
    writeLocalSession(stored());
    auth.getSession.mockResolvedValueOnce({ expires: 'x' });
    await expect(manager.validate(owner)).resolves.toBeNull();
  });

  it('uses a server answer already in hand', async () => {
    const { manager, auth } = setup();
    writeLocalSession(stored());
    await expect(manager.validate(owner, { serverSession })).resolves.not.toBeNull();
    await expect(manager.validate(owner, { serverSession: null })).resolves.toBeNull();
    expect(auth.getSession).not.toHaveBeenCalled();
  });
});

describe('extend', () => {
  it('extends on the server first, then pushes expiry 45 min from now and broadcasts SESSION_EXTEND', async () => {
    const { manager, auth, channel, last, onExpire } = setup();
    manager.create(owner);
    manager.start();
    jest.advanceTimersByTime(SESSION_LIFETIME_MS - 60_000);
    expect(last()?.warning).toBe(true);
    auth.extendSession.mockImplementationOnce(async () => {
      // The local session is untouched until the server said yes.
      expect(readLocalSession()?.expiresAt).toBe(T0 + SESSION_LIFETIME_MS);
      return serverSession;
    });
    const now = Date.now();
    const next = await manager.extend();
    expect(auth.extendSession).toHaveBeenCalledTimes(1);
    expect(next).toMatchObject({ expiresAt: now + SESSION_LIFETIME_MS, lastActivity: now, createdAt: T0 });
    expect(readLocalSession()).toEqual(next);
    expect(channel.post).toHaveBeenCalledWith('SESSION_EXTEND', { expiresAt: now + SESSION_LIFETIME_MS });
    expect(last()).toEqual({ expiresAt: now + SESSION_LIFETIME_MS, remainingMs: SESSION_LIFETIME_MS, warning: false });
    // The loop now runs against the new expiry: 0 left is 45 min after the extend, not before.
    jest.advanceTimersByTime(SESSION_LIFETIME_MS - 1);
    expect(onExpire).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(onExpire).toHaveBeenCalledWith('expired');
  });

  it('follows the server when it caps the extend at the absolute end of the session', async () => {
    const { manager, auth, last, onExpire } = setup();
    manager.create(owner);
    manager.start();
    jest.advanceTimersByTime(SESSION_LIFETIME_MS - 60_000);
    const end = Date.now() + 10 * 60_000;
    // The browser clock may be off: only the time the server gives (on its own clock) counts.
    auth.extendSession.mockResolvedValueOnce({
      ...serverSession,
      expires: '2001-01-01T00:10:00.000Z',
      remainingMs: 10 * 60_000,
    });
    const next = await manager.extend();
    expect(next.expiresAt).toBe(end);
    expect(last()).toMatchObject({ expiresAt: end, warning: false });
    jest.advanceTimersByTime(5 * 60_000);
    expect(last()?.warning).toBe(true); // the warning comes back 5 minutes before the real end
    jest.advanceTimersByTime(5 * 60_000);
    expect(onExpire).toHaveBeenCalledWith('expired');
  });

  it('a failing server extend leaves the local session alone and rejects', async () => {
    const { manager, auth, channel } = setup();
    const session = manager.create(owner);
    auth.extendSession.mockRejectedValueOnce(new Error('offline'));
    await expect(manager.extend()).rejects.toThrow('offline');
    expect(readLocalSession()).toEqual(session);
    expect(channel.post).not.toHaveBeenCalled();
  });

  it('rejects with SessionEndedError when the server has no session, or there is no local one', async () => {
    const { manager, auth } = setup();
    await expect(manager.extend()).rejects.toBeInstanceOf(SessionEndedError);
    expect(auth.extendSession).not.toHaveBeenCalled();
    const session = manager.create(owner);
    auth.extendSession.mockResolvedValueOnce(null);
    await expect(manager.extend()).rejects.toBeInstanceOf(SessionEndedError);
    expect(readLocalSession()).toEqual(session);
    auth.extendSession.mockImplementationOnce(async () => {
      localStorage.removeItem('hive_session');
      return serverSession;
    });
    await expect(manager.extend()).rejects.toBeInstanceOf(SessionEndedError);
  });

  it('concurrent calls share one server call', async () => {
    const { manager, auth } = setup();
    manager.create(owner);
    const [a, b] = await Promise.all([manager.extend(), manager.extend()]);
    expect(a).toBe(b);
    expect(auth.extendSession).toHaveBeenCalledTimes(1);
  });
});

describe('destroy', () => {
  it('stops the loop, removes the stored session and publishes "no session"', () => {
    const { manager, onExpire, last } = setup();
    manager.create(owner);
    manager.start();
    manager.destroy();
    expect(localStorage.getItem('hive_session')).toBeNull();
    expect(last()).toEqual(NO_SESSION_TIMING);
    expect(manager.isRunning()).toBe(false);
    expect(manager.currentSessionId()).toBeNull();
    jest.advanceTimersByTime(SESSION_LIFETIME_MS);
    expect(onExpire).not.toHaveBeenCalled();
  });

  it('with onlyIfCurrent, never removes a session it did not know (a newer login)', () => {
    const { manager } = setup();
    manager.create(owner);
    writeLocalSession(stored({ sessionId: 'newer' }));
    manager.destroy({ onlyIfCurrent: true });
    expect(readLocalSession()?.sessionId).toBe('newer');
    const mine = manager.create(owner);
    manager.destroy({ onlyIfCurrent: true });
    expect(readLocalSession()).toBeNull();
    expect(mine.sessionId).toBe('sid-2');
  });
});
