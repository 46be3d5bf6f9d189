import { clearExpiredFlag, consumeExpiredFlag, EXPIRED_FLAG_KEY, markExpired, peekExpiredFlag } from './expiredFlag';
import { clearProductStorage, isProductStorageKey } from './storage';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('forced full cleanup', () => {
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

  it('removes every key of the product except the cross-tab event key', () => {
    for (const key of productKeys) localStorage.setItem(key, 'x');
    localStorage.setItem('hive_session_event', '{"type":"SESSION_LOGIN"}');
    localStorage.setItem('theme', 'dark');
    localStorage.setItem('other_app_state', '1');
    const removed = clearProductStorage(localStorage);
    expect(removed.sort()).toEqual([...productKeys].sort());
    expect(localStorage.getItem('hive_session_event')).toBe('{"type":"SESSION_LOGIN"}');
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(localStorage.getItem('other_app_state')).toBe('1');
    expect(localStorage.length).toBe(3);
  });

  it('keeps keys it is asked to keep, and tolerates missing or non-enumerable storage', () => {
    localStorage.setItem('primary', 'x');
    localStorage.setItem('hive_session', 'x');
    expect(clearProductStorage(localStorage, { keep: ['primary'] })).toEqual(['hive_session']);
    expect(localStorage.getItem('primary')).toBe('x');
    expect(clearProductStorage(null)).toEqual([]);
    expect(clearProductStorage({ getItem: () => null, setItem: () => undefined, removeItem: () => undefined })).toEqual(
      [],
    );
  });

  it('knows the product keys', () => {
    expect(isProductStorageKey('hive_session')).toBe(true);
    expect(isProductStorageKey('admin_x')).toBe(true);
    expect(isProductStorageKey('primary')).toBe(true);
    expect(isProductStorageKey('hivemind')).toBe(false);
    expect(isProductStorageKey('administrator')).toBe(false);
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
