// Hand-written validation of the user data (the usercompany payload and the persisted `primary`
// state). It matches the zod schemas in ./schemas.ts (checks.test.ts proves it on many inputs) but
// keeps zod off the shell's login path: the store is created before the login page can render.
import type { License, Permission, Role, User, UserDataPayload, UserDataState } from './types';

export type Checked<T> = { success: true; data: T } | { success: false };

type Obj = Record<string, unknown>;
const FAIL = Symbol('invalid');
type Result<T> = T | typeof FAIL;

const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const isString = (v: unknown): v is string => typeof v === 'string';
// zod's z.number() rejects NaN and the infinities.
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/** `z._default(schema, fallback)`: undefined takes the fallback, anything else must pass. */
function withDefault<T>(v: unknown, fallback: T, check: (v: unknown) => Result<T>): Result<T> {
  return v === undefined ? fallback : check(v);
}

const nullable =
  <T>(check: (v: unknown) => Result<T>) =>
  (v: unknown): Result<T | null> =>
    v === null ? null : check(v);

function arrayOf<T>(check: (v: unknown) => Result<T>) {
  return (v: unknown): Result<T[]> => {
    if (!Array.isArray(v)) return FAIL;
    const out: T[] = [];
    for (const item of v) {
      const r = check(item);
      if (r === FAIL) return FAIL;
      out.push(r);
    }
    return out;
  };
}

// Loose objects keep the fields they do not know (z.looseObject).
function role(v: unknown): Result<Role> {
  if (isString(v)) return v;
  return isObject(v) && isString(v.name) ? { ...v, name: v.name } : FAIL;
}

function permission(v: unknown): Result<Permission> {
  if (!isObject(v) || !(isString(v.id_permission) || isNumber(v.id_permission))) return FAIL;
  if (v.description !== undefined && v.description !== null && !isString(v.description)) return FAIL;
  return { ...v, id_permission: v.id_permission } as Permission;
}

const strings = arrayOf((v) => (isString(v) ? v : FAIL));
const permissions = arrayOf(permission);
const nullableRole = nullable(role);

function user(v: unknown): Result<User> {
  if (!isObject(v) || !(isNumber(v.user_id) || isString(v.user_id)) || !isString(v.email)) return FAIL;
  const admin = withDefault(v.admin, false, (a) => (typeof a === 'boolean' ? a : FAIL));
  const r = withDefault(v.role, null, nullableRole);
  const perms = withDefault(v.permissions, [], permissions);
  if (admin === FAIL || r === FAIL || perms === FAIL) return FAIL;
  return { ...v, user_id: v.user_id, email: v.email, admin, role: r, permissions: perms };
}

const license = (v: unknown): Result<License | null> =>
  withDefault(
    v,
    null,
    nullable((l) => (isObject(l) && isString(l.name) ? ({ ...l, name: l.name } as License) : FAIL)),
  );
const addons = (v: unknown): Result<string[]> => withDefault(v, [], strings);

/** What `POST /api/auth/usercompany` gives the store (zod: `userDataPayloadSchema`). */
export function checkUserDataPayload(v: unknown): Checked<UserDataPayload> {
  if (!isObject(v)) return { success: false };
  const u = user(v.user);
  const l = license(v.license);
  const a = addons(v.addons);
  if (u === FAIL || l === FAIL || a === FAIL) return { success: false };
  return { success: true, data: { user: u, license: l, addons: a } };
}

/** The persisted data part under `primary` (zod: `persistedUserDataSchema`). */
export function checkPersistedUserData(v: unknown): Checked<UserDataState> {
  if (!isObject(v)) return { success: false };
  const u = nullable(user)(v.user);
  const l = license(v.license);
  const a = addons(v.addons);
  const r = withDefault(v.role, null, nullableRole);
  const e = withDefault(
    v.error,
    null,
    nullable((x) => (isString(x) ? x : FAIL)),
  );
  if (u === FAIL || l === FAIL || a === FAIL || r === FAIL || e === FAIL) return { success: false };
  return { success: true, data: { user: u, license: l, addons: a, role: r, error: e } };
}
