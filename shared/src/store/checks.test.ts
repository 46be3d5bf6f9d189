import { checkPersistedUserData, checkUserDataPayload } from './checks';
import { persistedUserDataSchema, userDataPayloadSchema } from './schemas';

const user = {
  user_id: 7,
  email: 'a@b.c',
  admin: false,
  role: 'admin',
  permissions: [{ id_permission: 1, description: 'view_items_menu' }],
};

// Valid and invalid variants of every field, nested ones included.
const users: unknown[] = [
  user,
  { user_id: '7', email: 'a@b.c' },
  { ...user, extra: { deep: 1 } },
  { ...user, role: { name: 'super_admin', id: 3 } },
  { ...user, role: null },
  { ...user, role: { id: 3 } },
  { ...user, role: 5 },
  { ...user, admin: 'yes' },
  { ...user, admin: undefined },
  { ...user, user_id: null },
  { ...user, user_id: NaN },
  { ...user, user_id: Infinity },
  { ...user, email: 3 },
  { email: 'a@b.c' },
  { ...user, permissions: null },
  { ...user, permissions: [] },
  { ...user, permissions: {} },
  { ...user, permissions: [{ id_permission: 'x' }] },
  { ...user, permissions: [{ id_permission: 'x', description: null, more: true }] },
  { ...user, permissions: [{ id_permission: 'x', description: 5 }] },
  { ...user, permissions: [{ description: 'view_items_menu' }] },
  { ...user, permissions: [null] },
  [],
  'user',
  null,
  undefined,
];
const licenses: unknown[] = [{ name: 'Retail' }, { name: 'Retail', id: 1 }, null, undefined, { name: 1 }, 'Retail', []];
const addonLists: unknown[] = [['Kiosk'], [], undefined, null, [1], 'Kiosk'];
const roles: unknown[] = ['admin', { name: 'x' }, null, undefined, 3, { id: 1 }];
const errors: unknown[] = ['Failed', null, undefined, 3];

function same(a: { success: boolean; data?: unknown }, b: { success: boolean; data?: unknown }) {
  expect(a.success).toBe(b.success);
  if (a.success) expect(a.data).toEqual(b.data);
}

describe('hand-written user data checks agree with the zod schemas', () => {
  it('usercompany payloads', () => {
    let n = 0;
    for (const u of users)
      for (const license of licenses)
        for (const addons of addonLists) {
          const payload = { user: u, license, addons, ignored: true };
          same(checkUserDataPayload(payload), userDataPayloadSchema.safeParse(payload));
          n += 1;
        }
    for (const v of [null, undefined, [], 'x', 1, {}])
      same(checkUserDataPayload(v), userDataPayloadSchema.safeParse(v));
    expect(n).toBeGreaterThan(1000);
  });

  it('persisted state', () => {
    for (const u of users)
      for (const license of licenses)
        for (const addons of addonLists)
          for (const role of roles)
            for (const error of errors) {
              const state = { user: u, license, addons, role, error, stray: 1 };
              same(checkPersistedUserData(state), persistedUserDataSchema.safeParse(state));
            }
    for (const v of [null, undefined, [], 'x', 1, {}, { user: null }])
      same(checkPersistedUserData(v), persistedUserDataSchema.safeParse(v));
  });

  it('keeps unknown fields of loose objects and drops them at the top level', () => {
    const r = checkPersistedUserData({ user: { ...user, language: 'es' }, license: { name: 'Retail', plan: 2 }, x: 1 });
    expect(r).toEqual({
      success: true,
      data: {
        user: { ...user, language: 'es' },
        license: { name: 'Retail', plan: 2 },
        addons: [],
        role: null,
        error: null,
      },
    });
  });
});
