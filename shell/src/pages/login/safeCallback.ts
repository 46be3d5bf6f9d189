// Characters a path segment may hold unencoded besides letters and digits (RFC 3986 pchar): left
// readable so `/items/a:b` stays as it was typed.
const PCHAR_KEPT = /%(21|24|26|27|28|29|2A|2B|2C|3A|3B|3D|40)/gi;
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\\\u0000-\u001f\u007f-\u009f]/;

/**
 * The path with dot segments resolved, decoded once and encoded again segment by segment; null
 * when it cannot be read, climbs above the root or holds a doubled slash. Why: a browser or router reads
 * `/..//evil.example` as `//evil.example` (another site), and `%2e%2e` as `..`, so the check must
 * look at the path as it will be followed, not as it was written.
 */
function normalizePath(rawPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPath);
  } catch {
    return null;
  }
  // Decoded once only: what still looks encoded (`%252e` -> `%2e`) or hides a backslash or a
  // control character would be read differently by the next decoder.
  if (UNSAFE.test(decoded) || /%[0-9a-f]{2}/i.test(decoded)) return null;
  const parts = decoded.split('/');
  const segments: string[] = [];
  for (const [index, segment] of parts.entries()) {
    // A doubled slash or a `..` above the root is never a link this app makes, only a way to reach
    // another host: refused (the user lands on `/`) rather than repaired into a page that is not there.
    if (segment === '' && index > 0 && index < parts.length - 1) return null;
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (segments.length === 0) return null;
      segments.pop();
    } else segments.push(encodeURIComponent(segment).replace(PCHAR_KEPT, (c) => decodeURIComponent(c)));
  }
  const trailing = segments.length > 0 && /\/\.{0,2}$/.test(decoded) ? '/' : '';
  return `/${segments.join('/')}${trailing}`;
}

/**
 * The in-app path a sign-in link's `callbackUrl` may send the user to, or null (the caller then
 * goes to `/`). Only a path of this site qualifies: it starts with `/`, holds no backslash
 * (browsers read `/\evil.example` as `//evil.example`, another site) and no control character, and
 * after normalising (normalizePath) it is one `/`-rooted path of this origin, its query and hash
 * kept. Anything else is refused like any foreign callback: the user simply lands on `/`.
 */
export function safeCallbackPath(value: string | null | undefined, origin = 'http://localhost'): string | null {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//')) return null;
  if (UNSAFE.test(value)) return null;
  const cut = value.search(/[?#]/);
  const path = normalizePath(cut === -1 ? value : value.slice(0, cut));
  if (path === null) return null;
  const rest = cut === -1 ? '' : value.slice(cut);
  try {
    const url = new URL(`${path}${rest}`, origin);
    if (url.origin !== new URL(origin).origin) return null;
    const out = `${url.pathname}${url.search}${url.hash}`;
    return out.startsWith('/') && !out.startsWith('//') ? out : null;
  } catch {
    return null;
  }
}
