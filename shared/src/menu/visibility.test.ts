import { adminMenu, backofficeMainMenu, backofficeMenus } from './definitions';
import type { MenuContext, MenuItem } from './types';
import {
  allAdminPermissionNames,
  allBackofficePermissionNames,
  canSeePath,
  findMenuItem,
  hasLayout,
  menuPaths,
  normalizeMenuPath,
  permissionForPath,
  roleName,
  visibleAdminMenu,
  visibleMenu,
} from './visibility';

const perms = (...paths: string[]) => paths.map((p, i) => ({ id_permission: i, description: permissionForPath(p) }));

const item = (extra: Partial<MenuItem>): MenuItem => ({
  name: 'x',
  path: '/x',
  roles: ['admin'],
  ...extra,
});

const ctx = (extra: Partial<MenuContext> = {}): MenuContext => ({
  role: 'admin',
  license: null,
  addons: [],
  permissions: perms('/x'),
  ...extra,
});

const shows = (i: MenuItem, c: MenuContext) => visibleMenu([i], c).length === 1;

describe('licence and add-on rule', () => {
  it('none listed: no rule', () => {
    expect(shows(item({}), ctx())).toBe(true);
    expect(shows(item({ license: [], addon: [] }), ctx())).toBe(true);
  });

  it('only licence listed: it must match', () => {
    const i = item({ license: ['Retail', 'Restaurant'] });
    expect(shows(i, ctx({ license: 'Retail' }))).toBe(true);
    expect(shows(i, ctx({ license: 'Restaurant' }))).toBe(true);
    expect(shows(i, ctx({ license: 'Invoice' }))).toBe(false);
    expect(shows(i, ctx({ license: null, addons: ['Retail'] }))).toBe(false);
  });

  it('only add-on listed: it must match', () => {
    const i = item({ addon: ['Kiosk'] });
    expect(shows(i, ctx({ addons: ['Loyalty', 'Kiosk'] }))).toBe(true);
    expect(shows(i, ctx({ addons: ['Loyalty'], license: 'Kiosk' }))).toBe(false);
  });

  it('both listed: either suffices', () => {
    const i = item({ license: ['Restaurant'], addon: ['Ordering Online'] });
    expect(shows(i, ctx({ license: 'Restaurant' }))).toBe(true);
    expect(shows(i, ctx({ addons: ['Ordering Online'] }))).toBe(true);
    expect(shows(i, ctx({ license: 'Restaurant', addons: ['Ordering Online'] }))).toBe(true);
    expect(shows(i, ctx({ license: 'Retail', addons: ['Kiosk'] }))).toBe(false);
  });

  it('is case-insensitive for licence, add-on and role', () => {
    const i = item({ license: ['Restaurant'], roles: ['manager'] });
    expect(shows(i, ctx({ role: 'MANAGER', license: 'restaurant' }))).toBe(true);
    expect(shows(item({ addon: ['Item Modifiers'] }), ctx({ role: 'Admin', addons: ['item modifiers'] }))).toBe(true);
    expect(
      canSeePath('/ordering_online', { ...ctx(), license: 'RESTAURANT', permissions: perms('/ordering_online') }),
    ).toBe(true);
  });

  it('accepts the role as { name } and tolerates missing lists', () => {
    expect(shows(item({}), ctx({ role: { name: 'admin' } }))).toBe(true);
    expect(shows(item({}), { role: 'admin', license: undefined, addons: null, permissions: null })).toBe(false);
    expect(
      shows(item({ path: undefined, subItems: undefined }), {
        role: 'admin',
        license: undefined,
        addons: null,
        permissions: null,
      }),
    ).toBe(true);
  });

  it('roles must list the role (an empty list shows to nobody)', () => {
    expect(shows(item({ roles: [] }), ctx())).toBe(false);
  });
});

describe('permissions', () => {
  it('maps a path to view_{path}_menu', () => {
    expect(permissionForPath('/items')).toBe('view_items_menu');
    expect(permissionForPath('/orderTypes')).toBe('view_orderTypes_menu');
    expect(permissionForPath('items')).toBe('view_items_menu');
  });

  it('lists every back-office permission once', () => {
    const names = allBackofficePermissionNames();
    expect(names).toHaveLength(menuPaths(backofficeMenus).length);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(
      expect.arrayContaining(['view_overview_menu', 'view_paymentType_menu', 'view_teamsheet_menu']),
    );
    expect(names.every((n) => /^view_[A-Za-z_]+_menu$/.test(n))).toBe(true);
  });

  it('lists the six admin permissions of the spec, then releases (issue 44)', () => {
    expect(allAdminPermissionNames()).toEqual([
      'view_companies_menu',
      'view_users_menu',
      'view_coupons_menu',
      'view_support_menu',
      'view_base_prices_menu',
      'view_bee_merchant_menu',
      'view_releases_menu',
    ]);
  });
});

describe('visibleAdminMenu', () => {
  it('shows entries whose permission is held (by id_permission) and always logout', () => {
    const out = visibleAdminMenu(adminMenu, [
      { id_permission: 'view_users_menu' },
      { id_permission: 'view_bee_merchant_menu', description: 'x' },
    ]);
    expect(out.map((i) => i.path ?? i.action)).toEqual(['/admin/users', '/admin/bee_merchant', 'logout']);
  });

  it('shows only logout without permissions', () => {
    expect(visibleAdminMenu(adminMenu, []).map((i) => i.name)).toEqual(['menu.logout']);
    expect(visibleAdminMenu(adminMenu, null).map((i) => i.name)).toEqual(['menu.logout']);
  });

  it('ignores descriptions and hides groups without a visible child', () => {
    expect(visibleAdminMenu(adminMenu, [{ id_permission: 1, description: 'view_users_menu' }])).toHaveLength(1);
    const tree = [
      { name: 'g', subItems: [{ name: 'a', path: '/admin/a', permission: 'p' }] },
      { name: 'h', permission: 'q', subItems: [{ name: 'b', path: '/admin/b' }] },
    ];
    expect(visibleAdminMenu(tree, [])).toEqual([]);
    expect(visibleAdminMenu(tree, [{ id_permission: 'p' }]).map((i) => i.name)).toEqual(['g']);
  });

  it('has the six entries of SPEC.md, then releases (issue 44), and logout last', () => {
    expect(menuPaths(adminMenu)).toEqual([
      '/admin/companies',
      '/admin/users',
      '/admin/coupons',
      '/admin/support',
      '/admin/base_prices',
      '/admin/bee_merchant',
      '/admin/releases',
    ]);
    expect(adminMenu.at(-1)).toMatchObject({ action: 'logout' });
    expect(adminMenu.at(-1)?.permission).toBeUndefined();
  });
});

describe('lookups', () => {
  it('menuPaths flattens in order', () => {
    expect(menuPaths(backofficeMainMenu).slice(0, 4)).toEqual(['/overview', '/customer', '/items', '/categories']);
  });

  it('findMenuItem finds nested items and the layout flag', () => {
    expect(findMenuItem('/teamsheet')?.layout).toBe(false);
    expect(findMenuItem('/dailytipoutform/')?.layout).toBe(false);
    expect(findMenuItem('/items')?.name).toBe('menu.items');
    expect(findMenuItem('/nope')).toBeUndefined();
    expect(hasLayout('/teamsheet')).toBe(false);
    expect(hasLayout('/items')).toBe(true);
    expect(hasLayout('/unknown')).toBe(true);
  });

  it('only the print views skip the layout', () => {
    const flagged = menuPaths(backofficeMenus).filter((p) => !hasLayout(p));
    expect(flagged).toEqual(['/dailytipoutform', '/teamsheet']);
  });

  it('normalizes paths for guards', () => {
    expect(normalizeMenuPath('/items/?a=1#b')).toBe('/items');
    expect(normalizeMenuPath('/')).toBe('/');
    expect(normalizeMenuPath('')).toBe('/');
    const c = ctx({ permissions: perms('/items') });
    expect(canSeePath('/items?page=2', c)).toBe(true);
    expect(canSeePath('/items', { ...c, role: 'user' })).toBe(false);
    expect(canSeePath('/', c)).toBe(false);
  });

  it('roleName reads strings and { name }', () => {
    expect(roleName('admin')).toBe('admin');
    expect(roleName({ name: 'manager' })).toBe('manager');
    expect(roleName({ name: '' })).toBeNull();
    expect(roleName(null)).toBeNull();
  });

  it('menu definitions are frozen', () => {
    expect(Object.isFrozen(backofficeMainMenu)).toBe(true);
    expect(Object.isFrozen(backofficeMainMenu[2]?.subItems)).toBe(true);
  });
});
