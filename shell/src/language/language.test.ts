import { LANGUAGE_COOKIE } from '@hive/shared/config';
import { rememberedLanguage, rememberLanguage } from './language';

function clearCookies() {
  for (const name of document.cookie.split(';').map((c) => c.split('=')[0]!.trim())) {
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
}

beforeEach(clearCookies);

describe('the chosen language, in a cookie', () => {
  it('is written through the cookie helper: 7 days, whole site, SameSite=Lax', () => {
    const written: string[] = [];
    const jar = {
      cookie: '',
    };
    Object.defineProperty(jar, 'cookie', { get: () => '', set: (v: string) => written.push(v) });
    rememberLanguage('es', jar);
    expect(written).toEqual([`${LANGUAGE_COOKIE}=es; Max-Age=604800; Path=/; SameSite=Lax`]);
  });

  it('is read back at the next start, and survives what storage does not', () => {
    expect(rememberedLanguage()).toBeUndefined();
    rememberLanguage('es');
    localStorage.clear();
    sessionStorage.clear();
    expect(rememberedLanguage()).toBe('es');
    rememberLanguage('en');
    expect(rememberedLanguage()).toBe('en');
  });

  it('ignores languages the product does not have, written or read', () => {
    rememberLanguage('fr');
    expect(document.cookie).toBe('');
    document.cookie = `${LANGUAGE_COOKIE}=de; Path=/`;
    expect(rememberedLanguage()).toBeUndefined();
  });
});
