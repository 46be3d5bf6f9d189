/**
 * Every route of SPEC.md section 2 (main + bottom menu), written out independently of the menu
 * definition: each is shown with the right context and hidden without its permission, for a wrong
 * role, and without each licence/add-on condition it needs.
 */
import { ADDONS, LICENSES } from '@hive/shared/config';
import { backofficeBottomMenu, backofficeMainMenu, backofficeMenus } from './definitions';
import type { MenuContext } from './types';
import { canSeePath, menuPaths, visibleMenu } from './visibility';

type Alt = { license: string } | { addon: string };
/** Conditions that must all hold; each holds when any of its alternatives does. */
type Conds = Alt[][];

const L = (license: string): Alt => ({ license });
const A = (addon: string): Alt => ({ addon });
const STORE: Alt[] = [L('Restaurant'), L('Retail')];
const STAFF = ['admin', 'manager'];

const ROUTES: [path: string, conds: Conds, roles?: string[]][] = [
  ['/overview', [], ['admin', 'user']],
  ['/customer', []],
  ['/items', []],
  ['/categories', []],
  ['/bundles', []],
  ['/price_hive_items', []],
  ['/modifiers', [[A('Item Modifiers')]]],
  ['/giftcards', [STORE]],
  ['/discounts', [STORE]],
  ['/promotions', [STORE]],
  ['/nectar_points', [STORE, [A('Loyalty')]]],
  // Sales is worded like Ordering (licence and add-on): both listed, so either suffices (SPEC.md 5).
  ['/invoice', [[L('Invoice'), A('Invoicing')]]],
  ['/recurring', [[L('Invoice'), A('Invoicing')]]],
  ['/quickbooks', [[L('Invoice'), A('Invoicing')]]],
  ['/stock', [[A('Inventory')]]],
  ['/purchase_orders', [[A('Inventory')]]],
  ['/transfers', [[A('Inventory')]]],
  ['/adjustment', [[A('Inventory')]]],
  ['/production_templates', [[A('Inventory')]]],
  ['/production_orders', [[A('Inventory')]]],
  ['/vendors', [[A('Inventory')]]],
  ['/warehouses', [[A('Inventory')]]],
  ['/employees', []],
  ['/roles', []],
  ['/positions', []],
  ['/permissions', []],
  ['/scheduling', [[A('Scheduling')]]],
  ['/attendancer', [[A('Scheduling')]]],
  ['/laborreport', [[A('Scheduling')]]],
  ['/payrollreport', [[A('Scheduling')]]],
  ['/dailytipoutform', [[A('Scheduling')]]],
  ['/teamsheet', [[A('Scheduling')]]],
  ['/salesperday', []],
  ['/sales', []],
  ['/itemsales', []],
  ['/transaction', []],
  ['/tax_report', []],
  ['/closings', [STORE]],
  ['/cash_movement', [STORE]],
  ['/stock_movement', [[A('Inventory')]]],
  ['/ordering_online', [[L('Restaurant'), A('Ordering Online')]]],
  // bottom menu
  ['/terminal', [STORE]],
  ['/terminal_log', [STORE]],
  ['/remoteprint', [STORE]],
  ['/kioske_banner', [[A('Kiosk')]]],
  ['/customer_display_banner', []],
  ['/generalinfo', []],
  ['/company_billing', []],
  ['/location', []],
  ['/taxes', []],
  ['/price_hives', []],
  ['/orderTypes', []],
  ['/paymentType', []],
];

const ALL_PERMISSIONS = ROUTES.map(([path], i) => ({
  id_permission: i + 1,
  description: `view_${path.slice(1)}_menu`,
}));

function ctxOf(alts: Alt[], role = 'admin', extraAddons: string[] = []): MenuContext {
  const licenses = alts.flatMap((a) => ('license' in a ? [a.license] : []));
  if (licenses.length > 1) throw new Error('a context holds one licence');
  return {
    role,
    license: licenses[0] ?? null,
    addons: [...alts.flatMap((a) => ('addon' in a ? [a.addon] : [])), ...extraAddons],
    permissions: ALL_PERMISSIONS,
  };
}

/** Every way of picking one alternative per condition (with at most one licence). */
function satisfyingPicks(conds: Conds): Alt[][] {
  return conds
    .reduce<Alt[][]>((acc, cond) => acc.flatMap((pick) => cond.map((alt) => [...pick, alt])), [[]])
    .filter((pick) => pick.filter((a) => 'license' in a).length <= 1);
}

/** Fails condition `index` only: other conditions satisfied, plus every licence/add-on not in it. */
function failingCtx(conds: Conds, index: number, role: string): MenuContext {
  const failed = conds[index] ?? [];
  const others = conds.filter((_, i) => i !== index).map((cond) => cond[0] as Alt);
  const otherLicense = others.find((a) => 'license' in a);
  const banned = new Set(failed.map((a) => ('license' in a ? a.license : a.addon)));
  const license = otherLicense ? null : (LICENSES.find((l) => !banned.has(l)) ?? null);
  const alts = license ? [...others, L(license)] : others;
  const ctx = ctxOf(
    alts,
    role,
    ADDONS.filter((a) => !banned.has(a)),
  );
  return { ...ctx, addons: [...new Set(ctx.addons)] };
}

const visible = (path: string, ctx: MenuContext): boolean => canSeePath(path, ctx);

describe('SPEC.md section 2 routes', () => {
  it('the table lists every menu path exactly once, in menu order', () => {
    expect(menuPaths(backofficeMenus)).toEqual(ROUTES.map(([path]) => path));
  });

  it('main and bottom menus split where SPEC.md splits them', () => {
    expect(menuPaths(backofficeBottomMenu)[0]).toBe('/terminal');
    expect(menuPaths(backofficeMainMenu).at(-1)).toBe('/ordering_online');
  });

  describe.each(ROUTES)('%s', (path, conds, roles = STAFF) => {
    const firstPick = satisfyingPicks(conds)[0] ?? [];

    it.each(satisfyingPicks(conds).map((pick) => [JSON.stringify(pick), pick] as const))(
      'is shown with %s',
      (_label, pick) => {
        for (const role of roles) expect(visible(path, ctxOf(pick, role))).toBe(true);
      },
    );

    it('is hidden without its permission', () => {
      const ctx = ctxOf(firstPick, roles[0]);
      const permissions = ALL_PERMISSIONS.filter((p) => p.description !== `view_${path.slice(1)}_menu`);
      expect(visible(path, { ...ctx, permissions })).toBe(false);
      // A permission id alone is not enough: the description decides.
      const byIdOnly = [...permissions, { id_permission: `view_${path.slice(1)}_menu` }];
      expect(visible(path, { ...ctx, permissions: byIdOnly })).toBe(false);
    });

    it('is hidden for the other roles and for no role', () => {
      for (const role of ['admin', 'manager', 'user'].filter((r) => !roles.includes(r))) {
        expect(visible(path, ctxOf(firstPick, role))).toBe(false);
      }
      expect(visible(path, { ...ctxOf(firstPick), role: null })).toBe(false);
      expect(visible(path, { ...ctxOf(firstPick), role: 'super_admin' })).toBe(false);
    });

    if (conds.length === 0) {
      it('needs no licence or add-on', () => {
        expect(visible(path, ctxOf([], roles[0]))).toBe(true);
      });
    } else {
      it.each(conds.map((cond, i) => [JSON.stringify(cond), i] as const))(
        'is hidden when %s is not met',
        (_label, i) => {
          expect(visible(path, failingCtx(conds, i, roles[0] as string))).toBe(false);
        },
      );
    }
  });
});

describe('groups', () => {
  const names = (items: { name: string; subItems?: unknown[] }[]) => items.map((i) => i.name);
  const base: MenuContext = { role: 'manager', license: null, addons: [], permissions: ALL_PERMISSIONS };

  it('are hidden when no child is visible', () => {
    const shown = names(visibleMenu(backofficeMainMenu, base));
    expect(shown).not.toContain('menu.offers'); // needs a store licence
    expect(shown).not.toContain('menu.sales_group');
    expect(shown).not.toContain('menu.inventory');
    expect(shown).toContain('menu.catalog');
    const noCatalogPerms = ALL_PERMISSIONS.filter(
      (p) =>
        !['items', 'categories', 'bundles', 'price_hive_items', 'modifiers'].some(
          (x) => p.description === `view_${x}_menu`,
        ),
    );
    expect(names(visibleMenu(backofficeMainMenu, { ...base, permissions: noCatalogPerms }))).not.toContain(
      'menu.catalog',
    );
  });

  it('keep only their visible children and nested sub-groups', () => {
    const team = visibleMenu(backofficeMainMenu, base).find((i) => i.name === 'menu.team');
    expect(team?.subItems?.map((i) => i.name)).toEqual(['menu.team_staff']);
    const withScheduling = visibleMenu(backofficeMainMenu, { ...base, addons: ['Scheduling'] });
    const team2 = withScheduling.find((i) => i.name === 'menu.team');
    expect(team2?.subItems?.map((i) => i.name)).toEqual(['menu.team_staff', 'menu.team_scheduling']);
  });

  it('Sales shows with the Invoice licence or the Invoicing add-on, each alone (either suffices)', () => {
    const sales = (ctx: MenuContext) => visibleMenu(backofficeMainMenu, ctx).find((i) => i.name === 'menu.sales_group');
    const paths = ['/invoice', '/recurring', '/quickbooks'];
    expect(sales({ ...base, license: 'Invoice' })?.subItems?.map((i) => i.path)).toEqual(paths);
    expect(sales({ ...base, license: 'Retail', addons: ['Invoicing'] })?.subItems?.map((i) => i.path)).toEqual(paths);
    expect(sales({ ...base, license: 'Retail', addons: ['Loyalty'] })).toBeUndefined();
  });

  it('a child cannot show when its parent fails a rule', () => {
    // /nectar_points has its own add-on, but the Offers group needs a store licence
    expect(visible('/nectar_points', { ...base, license: 'Invoice', addons: ['Loyalty'] })).toBe(false);
  });

  it('returns the same shape and does not mutate the definition', () => {
    const before = JSON.stringify(backofficeMainMenu);
    const out = visibleMenu(backofficeMainMenu, { ...base, license: 'Retail' });
    expect(JSON.stringify(backofficeMainMenu)).toBe(before);
    expect(out.find((i) => i.name === 'menu.offers')?.subItems?.map((i) => i.path)).toEqual([
      '/giftcards',
      '/discounts',
      '/promotions',
    ]);
  });

  it('logout needs no permission and shows for all three roles', () => {
    for (const role of ['admin', 'manager', 'user']) {
      const out = visibleMenu(backofficeBottomMenu, { role, license: null, addons: [], permissions: [] });
      expect(out).toEqual([expect.objectContaining({ name: 'menu.logout', action: 'logout' })]);
    }
    expect(visibleMenu(backofficeBottomMenu, { role: null, license: null, addons: [], permissions: [] })).toEqual([]);
  });
});
