/**
 * The in-app path a sign-in link's `callbackUrl` may send the user to, or null. Only a path of this
 * site qualifies: it starts with one `/`, holds no backslash (browsers read `/\evil.example` as
 * `//evil.example`, another site) and no control character, and resolves to this origin. Anything
 * else is refused like any foreign callback: the user simply lands on `/`.
 */
export function safeCallbackPath(value: string | null | undefined, origin = 'http://localhost'): string | null {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//')) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return null;
  try {
    const url = new URL(value, origin);
    if (url.origin !== new URL(origin).origin) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}
