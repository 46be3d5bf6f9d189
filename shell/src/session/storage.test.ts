import { clearExpiredFlag, consumeExpiredFlag, EXPIRED_FLAG_KEY, markExpired, peekExpiredFlag } from './expiredFlag';
import { clearOriginStorage } from './storage';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('forced full cleanup (SPEC.md 4: all storage)', () => {
  const productKeys = [
    'primary',
    'hive_redux_state',
    'admin_hive_redux_state',
    'adminOpenAccordions',
    'hive_session',
    'nextauth.message',
    'hive_anything',
    'admin_filters',
  ];

  it("removes every key of the origin, the product's and anyone else's, except the cross-tab event key", () => {
    for (const key of productKeys) localStorage.setItem(key, 'x');
    localStorage.setItem('hive_session_event', '{"type":"SESSION_LOGIN"}');
    localStorage.setItem('theme', 'dark');
    localStorage.setItem('other_app_state', '1');
    const removed = clearOriginStorage(localStorage);
    expect(removed.sort()).toEqual([...productKeys, 'other_app_state', 'theme'].sort());
    expect(localStorage.getItem('hive_session_event')).toBe('{"type":"SESSION_LOGIN"}');
    expect(localStorage.length).toBe(1);
  });

  it('empties sessionStorage the same way', () => {
    sessionStorage.setItem('hive_session_expired', '1');
    sessionStorage.setItem('wizard_step', '3');
    clearOriginStorage(sessionStorage);
    expect(sessionStorage.length).toBe(0);
  });

  it('keeps keys it is asked to keep, and tolerates missing or non-enumerable storage', () => {
    localStorage.setItem('primary', 'x');
    localStorage.setItem('hive_session', 'x');
    expect(clearOriginStorage(localStorage, { keep: ['primary'] })).toEqual(['hive_session']);
    expect(localStorage.getItem('primary')).toBe('x');
    expect(clearOriginStorage(null)).toEqual([]);
    expect(clearOriginStorage({ getItem: () => null, setItem: () => undefined, removeItem: () => undefined })).toEqual(
      [],
    );
  });
});

describe('expired flag (sessionStorage)', () => {
  it('is set by markExpired and read once by consumeExpiredFlag', () => {
    expect(peekExpiredFlag()).toBe(false);
    markExpired();
    expect(sessionStorage.getItem(EXPIRED_FLAG_KEY)).toBe('1');
    expect(peekExpiredFlag()).toBe(true);
    expect(peekExpiredFlag()).toBe(true);
    expect(consumeExpiredFlag()).toBe(true);
    expect(consumeExpiredFlag()).toBe(false);
  });

  it('can be cleared, and never throws without storage', () => {
    markExpired();
    clearExpiredFlag();
    expect(peekExpiredFlag()).toBe(false);
    expect(() => markExpired(null)).not.toThrow();
    expect(consumeExpiredFlag(null)).toBe(false);
  });
});
