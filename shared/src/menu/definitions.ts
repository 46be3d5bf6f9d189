import type { BackofficeRole } from '@hive/shared/config';
import type { AdminMenuItem, MenuItem } from './types';

const STAFF: BackofficeRole[] = ['admin', 'manager'];
const EVERYONE: BackofficeRole[] = ['admin', 'manager', 'user'];
const STORE_LICENSES = ['Restaurant', 'Retail'];

/** A page entry: its i18n key is `menu.<path without />`; admin + manager unless overridden. */
function page(path: string, extra: Partial<MenuItem> = {}): MenuItem {
  return { name: `menu.${path.slice(1)}`, path, roles: STAFF, ...extra };
}

function group(name: string, subItems: MenuItem[], extra: Partial<MenuItem> = {}): MenuItem {
  return { name, roles: STAFF, subItems, ...extra };
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/** Logout: no path (so no permission rule), every back-office role. */
export const logoutMenuItem: MenuItem = deepFreeze({
  name: 'menu.logout',
  roles: EVERYONE,
  icon: 'logout',
  action: 'logout',
});

/** Back-office sidebar, SPEC.md section 2 "main menu". */
export const backofficeMainMenu: readonly MenuItem[] = deepFreeze([
  page('/overview', { roles: ['admin', 'user'], icon: 'overview' }),
  page('/customer', { icon: 'customers' }),
  group(
    'menu.catalog',
    [
      page('/items'),
      page('/categories'),
      page('/bundles'),
      page('/price_hive_items'),
      page('/modifiers', { addon: ['Item Modifiers'] }),
    ],
    { icon: 'catalog' },
  ),
  group(
    'menu.offers',
    [page('/giftcards'), page('/discounts'), page('/promotions'), page('/nectar_points', { addon: ['Loyalty'] })],
    { icon: 'offers', license: ['Retail', 'Restaurant'] },
  ),
  // SPEC.md 2 words Sales ("licence Invoice and add-on Invoicing") like Ordering, and SPEC.md 5
  // says that when both are listed either suffices: both sit on the group, the children add nothing.
  group('menu.sales_group', [page('/invoice'), page('/recurring'), page('/quickbooks')], {
    icon: 'sales',
    license: ['Invoice'],
    addon: ['Invoicing'],
  }),
  group(
    'menu.inventory',
    [
      group('menu.inventory_operations', [
        page('/stock'),
        page('/purchase_orders'),
        page('/transfers'),
        page('/adjustment'),
      ]),
      group('menu.inventory_production', [page('/production_templates'), page('/production_orders')]),
      group('menu.inventory_logistics', [page('/vendors'), page('/warehouses')]),
    ],
    { icon: 'inventory', addon: ['Inventory'] },
  ),
  group(
    'menu.team',
    [
      group('menu.team_staff', [page('/employees'), page('/roles'), page('/positions'), page('/permissions')]),
      group(
        'menu.team_scheduling',
        [
          page('/scheduling'),
          page('/attendancer'),
          page('/laborreport'),
          page('/payrollreport'),
          page('/dailytipoutform', { layout: false }),
          page('/teamsheet', { layout: false }),
        ],
        { addon: ['Scheduling'] },
      ),
    ],
    { icon: 'team' },
  ),
  group(
    'menu.reporting',
    [
      page('/salesperday'),
      page('/sales'),
      page('/itemsales'),
      page('/transaction'),
      page('/tax_report'),
      page('/closings', { license: STORE_LICENSES }),
      page('/cash_movement', { license: STORE_LICENSES }),
      page('/stock_movement', { addon: ['Inventory'] }),
    ],
    { icon: 'reporting' },
  ),
  // "Restaurant licence and add-on Ordering Online": both listed, so either suffices (SPEC.md 5).
  page('/ordering_online', { icon: 'ordering', license: ['Restaurant'], addon: ['Ordering Online'] }),
]);

/** Back-office bottom menu, SPEC.md section 2. The licence note of Devices covers all three of
 * /terminal, /terminal_log and /remoteprint (one parenthesis after the three). */
export const backofficeBottomMenu: readonly MenuItem[] = deepFreeze([
  group(
    'menu.devices',
    [
      page('/terminal', { license: STORE_LICENSES }),
      page('/terminal_log', { license: STORE_LICENSES }),
      page('/remoteprint', { license: STORE_LICENSES }),
      page('/kioske_banner', { addon: ['Kiosk'] }),
      page('/customer_display_banner'),
    ],
    { icon: 'devices' },
  ),
  group(
    'menu.settings',
    [
      group('menu.settings_business', [
        page('/generalinfo'),
        page('/company_billing'),
        page('/location'),
        page('/taxes'),
      ]),
      group('menu.settings_sales', [page('/price_hives'), page('/orderTypes'), page('/paymentType')]),
    ],
    { icon: 'settings' },
  ),
  logoutMenuItem,
]);

/** Every back-office entry, main then bottom. */
export const backofficeMenus: readonly MenuItem[] = deepFreeze([...backofficeMainMenu, ...backofficeBottomMenu]);

/** Admin console sidebar, SPEC.md section 2 "Admin console". */
export const adminMenu: readonly AdminMenuItem[] = deepFreeze([
  { name: 'menu.companies', path: '/admin/companies', permission: 'view_companies_menu', icon: 'companies' },
  { name: 'menu.users', path: '/admin/users', permission: 'view_users_menu', icon: 'users' },
  { name: 'menu.coupons', path: '/admin/coupons', permission: 'view_coupons_menu', icon: 'coupons' },
  { name: 'menu.support', path: '/admin/support', permission: 'view_support_menu', icon: 'support' },
  {
    name: 'menu.base_prices',
    path: '/admin/base_prices',
    permission: 'view_base_prices_menu',
    icon: 'base_prices',
  },
  {
    name: 'menu.bee_merchant',
    path: '/admin/bee_merchant',
    permission: 'view_bee_merchant_menu',
    icon: 'bee_merchant',
  },
  // Issue 44, after the spec's six: the release registry (super_admin and dev_admin).
  { name: 'menu.releases', path: '/admin/releases', permission: 'view_releases_menu', icon: 'releases' },
  { name: 'menu.logout', icon: 'logout', action: 'logout' },
]);
