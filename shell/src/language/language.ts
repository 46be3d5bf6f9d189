import { isLanguage, LANGUAGE_COOKIE, type Language } from '@hive/shared/config';
import { getCookie, setCookie, type CookieJar } from '@hive/shared/http';

const browserJar = (): CookieJar | null => (typeof document === 'undefined' ? null : document);

/**
 * Keeps the user's language choice in the `hive_lang` cookie for 7 days (the cookie helper's
 * default): the server reads it to answer the first HTML in that language before the app loads,
 * and the shell starts in it. A cookie, not storage: the forced full cleanup before a sign-in
 * empties storage, and a language choice is not session data.
 */
export function rememberLanguage(lng: string, jar: CookieJar | null = browserJar()): void {
  if (isLanguage(lng)) setCookie(LANGUAGE_COOKIE, lng, {}, jar);
}

/** The remembered choice, or undefined (then the default language; never detected). */
export function rememberedLanguage(jar: CookieJar | null = browserJar()): Language | undefined {
  const value = getCookie(LANGUAGE_COOKIE, jar);
  return isLanguage(value) ? value : undefined;
}
