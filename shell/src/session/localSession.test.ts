import { SESSION_LIFETIME_MS } from '@hive/shared/config';
import {
  isLocalSessionExpired,
  LOCAL_SESSION_KEY,
  newSessionId,
  parseLocalSession,
  readLocalSession,
  removeLocalSession,
  sameEmail,
  sessionUserId,
  writeLocalSession,
  type LocalSession,
} from './localSession';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const session = (overrides: Partial<LocalSession> = {}): LocalSession => ({
  sessionId: 'sid-1',
  user: { user_id: 7, user_email: 'owner@cornermarket.test' },
  createdAt: 1_000,
  lastActivity: 1_000,
  expiresAt: 1_000 + SESSION_LIFETIME_MS,
  ...overrides,
});

beforeEach(() => localStorage.clear());

describe('local session storage (hive_session)', () => {
  it('is stored under hive_session and read back', () => {
    expect(LOCAL_SESSION_KEY).toBe('hive_session');
    expect(writeLocalSession(session())).toBe(true);
    expect(JSON.parse(localStorage.getItem('hive_session')!)).toEqual(session());
    expect(readLocalSession()).toEqual(session());
  });

  it('reads null when nothing is stored', () => {
    expect(readLocalSession()).toBeNull();
  });

  it('accepts `id` instead of `user_id`, and string ids', () => {
    writeLocalSession(session({ user: { id: 'u-9', user_email: 'a@b.c' } }));
    expect(readLocalSession()?.user).toEqual({ id: 'u-9', user_email: 'a@b.c' });
  });

  it('drops unknown fields', () => {
    localStorage.setItem(
      'hive_session',
      JSON.stringify({ ...session(), extra: 1, user: { ...session().user, password: 'x' } }),
    );
    expect(readLocalSession()).toEqual(session());
  });

  it.each([
    ['not JSON', '{oops'],
    ['JSON null', 'null'],
    ['a number', '42'],
    ['an array', '[1,2]'],
    ['no sessionId', JSON.stringify({ ...session(), sessionId: undefined })],
    ['empty sessionId', JSON.stringify(session({ sessionId: '' }))],
    ['numeric sessionId', JSON.stringify({ ...session(), sessionId: 5 })],
    ['no user', JSON.stringify({ ...session(), user: undefined })],
    ['user is a string', JSON.stringify({ ...session(), user: 'owner' })],
    ['no user_email', JSON.stringify({ ...session(), user: { user_id: 7 } })],
    ['no user id at all', JSON.stringify({ ...session(), user: { user_email: 'a@b.c' } })],
    ['user_id is an object', JSON.stringify({ ...session(), user: { user_id: {}, user_email: 'a@b.c' } })],
    ['empty user_id', JSON.stringify({ ...session(), user: { user_id: '', user_email: 'a@b.c' } })],
    ['expiresAt is a string', JSON.stringify({ ...session(), expiresAt: '2030-01-01' })],
    ['createdAt missing', JSON.stringify({ ...session(), createdAt: undefined })],
    ['lastActivity is null', JSON.stringify({ ...session(), lastActivity: null })],
  ])('corrupt hive_session (%s) reads as null and is removed, never thrown', (_name, raw) => {
    localStorage.setItem('hive_session', raw);
    expect(parseLocalSession(raw)).toBe('corrupt');
    expect(() => readLocalSession()).not.toThrow();
    expect(localStorage.getItem('hive_session')).toBeNull();
  });

  it('survives storage that throws', () => {
    const broken = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(readLocalSession(broken)).toBeNull();
    expect(writeLocalSession(session(), broken)).toBe(false);
    expect(() => removeLocalSession(broken)).not.toThrow();
    expect(readLocalSession(null)).toBeNull();
  });

  it('removes the stored session', () => {
    writeLocalSession(session());
    removeLocalSession();
    expect(localStorage.getItem('hive_session')).toBeNull();
  });
});

describe('helpers', () => {
  it('newSessionId is a v4 UUID from crypto.randomUUID', () => {
    const spy = jest.spyOn(globalThis.crypto, 'randomUUID');
    const id = newSessionId();
    expect(id).toMatch(UUID);
    expect(spy).toHaveBeenCalled();
    expect(newSessionId()).not.toBe(id);
    spy.mockRestore();
  });

  it('newSessionId falls back without randomUUID', () => {
    const original = globalThis.crypto;
    Object.defineProperty(globalThis, 'crypto', {
      value: { getRandomValues: original.getRandomValues.bind(original) },
      configurable: true,
    });
    try {
      expect(newSessionId()).toMatch(UUID);
      Object.defineProperty(globalThis, 'crypto', { value: undefined, configurable: true });
      expect(newSessionId()).toMatch(UUID);
    } finally {
      Object.defineProperty(globalThis, 'crypto', { value: original, configurable: true });
    }
  });

  it('sessionUserId prefers user_id, then id, as a string', () => {
    expect(sessionUserId({ user_id: 7 })).toBe('7');
    expect(sessionUserId({ user_id: '7' })).toBe('7');
    expect(sessionUserId({ id: 9 })).toBe('9');
    expect(sessionUserId({ user_id: 7, id: 9 })).toBe('7');
    expect(sessionUserId({})).toBeNull();
    expect(sessionUserId(null)).toBeNull();
    expect(sessionUserId({ user_id: '' })).toBeNull();
  });

  it('sameEmail ignores case and surrounding space', () => {
    expect(sameEmail('Owner@CornerMarket.test ', 'owner@cornermarket.test')).toBe(true);
    expect(sameEmail('a@b.c', 'x@b.c')).toBe(false);
    expect(sameEmail('', '')).toBe(false);
    expect(sameEmail(null, 'a@b.c')).toBe(false);
  });

  it('a session is expired at its expiresAt, not 1 ms before', () => {
    expect(isLocalSessionExpired(session({ expiresAt: 5_000 }), 4_999)).toBe(false);
    expect(isLocalSessionExpired(session({ expiresAt: 5_000 }), 5_000)).toBe(true);
  });
});
