/**
 * The shell contract: what a remote may rely on from the shell that mounts it. It covers
 * `ShellServices` (auth, session, http, live) and their session events, the store's shape that
 * remotes read (`@hive/shared/store`), the menu library (`@hive/shared/menu`) and the shared
 * singletons the shell provides (their majors).
 *
 * Bump the MAJOR when a remote built against the previous version could break: something removed or
 * renamed, a changed meaning or shape, a singleton's new major. Bump the MINOR when something is
 * added that new remotes may use (a remote built then records `^<major>.<minor>.0`, so an older
 * shell refuses it instead of failing inside it). The PATCH is for fixes that change no promise.
 *
 * Every remote's production build records the range it needs (tools/webpack/create-config.cjs,
 * `hiveContract` beside its `./App`); the shell refuses a remote whose range this version does not
 * satisfy and shows the area's "being updated" fallback. tools/webpack reads this line: keep it a
 * plain string literal.
 */
export const SHELL_CONTRACT_VERSION = '1.0.0';

/** The range a remote built before the contract existed is taken to need. */
export const LEGACY_CONTRACT_RANGE = '^1.0.0';

type Triple = [number, number, number];

function parse(version: string): Triple | null {
  const m = /^v?(\d+)(?:\.(\d+|x|\*))?(?:\.(\d+|x|\*))?(?:[-+].*)?$/.exec(version.trim());
  if (!m) return null;
  const n = (s: string | undefined) => (s === undefined || s === 'x' || s === '*' ? 0 : Number(s));
  return [n(m[1]), n(m[2]), n(m[3])];
}

function compare(a: Triple, b: Triple): number {
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return 0;
}

/**
 * True when `version` satisfies `range`: `^1.2.0`, `~1.2.0`, `>=1.2.0`, `1.2.0` (exact), `*`, or
 * several of them separated by spaces (all must hold). Anything else is not satisfied: an unreadable
 * range is treated as incompatible, never as "anything goes". Prerelease tags are ignored.
 */
export function satisfiesRange(range: string, version: string): boolean {
  const v = parse(version);
  if (!v) return false;
  const parts = range.trim().split(/\s+/).filter(Boolean);
  if (!parts.length) return false;
  return parts.every((part) => {
    if (part === '*' || part === 'x') return true;
    const m = /^(\^|~|>=|>|<=|<|=)?(.+)$/.exec(part);
    const want = m && parse(m[2]!);
    if (!m || !want) return false;
    const c = compare(v, want);
    switch (m[1]) {
      case '^': {
        if (c < 0) return false;
        // ^1.2.3 < 2.0.0; ^0.2.3 < 0.3.0; ^0.0.3 < 0.0.4
        if (want[0] > 0) return v[0] === want[0];
        if (want[1] > 0) return v[0] === 0 && v[1] === want[1];
        return v[0] === 0 && v[1] === 0 && v[2] === want[2];
      }
      case '~':
        return c >= 0 && v[0] === want[0] && v[1] === want[1];
      case '>=':
        return c >= 0;
      case '>':
        return c > 0;
      case '<=':
        return c <= 0;
      case '<':
        return c < 0;
      default:
        return c === 0;
    }
  });
}

/** The major a range asks for (its lower bound's), or null when it cannot be read. */
export function majorOfRange(range: string): number | null {
  const first = range.trim().split(/\s+/)[0] ?? '';
  const m = /^(?:\^|~|>=|=)?(.+)$/.exec(first);
  return m ? (parse(m[1]!)?.[0] ?? null) : null;
}
