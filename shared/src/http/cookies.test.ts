import { COOKIE_DEFAULT_MAX_AGE_S } from '@hive/shared/config';
import { getCookie, readCookie, removeCookie, serializeCookie, setCookie, type CookieJar } from './cookies';

/** Records what the page would hand to `document.cookie`. */
const jar = (): CookieJar & { written: string[] } => {
  const written: string[] = [];
  return {
    written,
    get cookie() {
      return 'a=1; hive_lang=es; b=x%20y';
    },
    set cookie(value: string) {
      written.push(value);
    },
  };
};

beforeEach(() => {
  for (const name of document.cookie.split(';').map((c) => c.split('=')[0]!.trim())) {
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
});

describe('cookie helper (SPEC.md 9)', () => {
  it('defaults to 7 days (604800 s), Path=/ and SameSite=Lax', () => {
    expect(COOKIE_DEFAULT_MAX_AGE_S).toBe(604_800);
    expect(serializeCookie('hive_lang', 'es')).toBe('hive_lang=es; Max-Age=604800; Path=/; SameSite=Lax');
  });

  it('takes another lifetime, path, SameSite and Secure; encodes the value', () => {
    expect(serializeCookie('x', 'a b;c', { maxAgeS: 60, path: '/admin', sameSite: 'Strict', secure: true })).toBe(
      'x=a%20b%3Bc; Max-Age=60; Path=/admin; SameSite=Strict; Secure',
    );
  });

  it('refuses a name that is not a cookie name', () => {
    expect(() => serializeCookie('a b', 'x')).toThrow('Not a cookie name');
    expect(() => serializeCookie('', 'x')).toThrow();
  });

  it('setCookie writes the serialized cookie with the default lifetime; removeCookie writes Max-Age=0', () => {
    const j = jar();
    setCookie('hive_lang', 'es', {}, j);
    removeCookie('hive_lang', {}, j);
    expect(j.written).toEqual([
      'hive_lang=es; Max-Age=604800; Path=/; SameSite=Lax',
      'hive_lang=; Max-Age=0; Path=/; SameSite=Lax',
    ]);
  });

  it('works against the real document.cookie', () => {
    setCookie('hive_lang', 'es');
    expect(getCookie('hive_lang')).toBe('es');
    removeCookie('hive_lang');
    expect(getCookie('hive_lang')).toBeNull();
  });

  it('never throws: no document, or one that refuses cookies', () => {
    expect(() => setCookie('x', 'y', {}, null)).not.toThrow();
    const refusing = {
      get cookie(): string {
        throw new Error('SecurityError');
      },
      set cookie(_v: string) {
        throw new Error('SecurityError');
      },
    };
    expect(() => setCookie('x', 'y', {}, refusing)).not.toThrow();
    expect(getCookie('x', refusing)).toBeNull();
  });

  it('reads a value from a Cookie header or document.cookie', () => {
    expect(getCookie('hive_lang', jar())).toBe('es');
    expect(getCookie('b', jar())).toBe('x y');
    expect(readCookie('a=1;hive_lang=en', 'hive_lang')).toBe('en');
    expect(readCookie('xhive_lang=es', 'hive_lang')).toBeNull();
    expect(readCookie('hive_lang=%E0%A4%A', 'hive_lang')).toBeNull();
    expect(readCookie('', 'hive_lang')).toBeNull();
    expect(readCookie(undefined, 'hive_lang')).toBeNull();
  });
});
