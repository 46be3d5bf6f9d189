import { allAdminPermissionNames, allBackofficePermissionNames, permissionForPath } from '@hive/shared/menu';
import type { AddonName, LicenseName } from '@hive/shared/config';

/** Demo companies and personas of issue 3. Every demo password is DEMO_PASSWORD. */
export const DEMO_PASSWORD = 'hive-demo-2026';

export interface DemoCompany {
  name: string;
  slug: string;
  license: LicenseName;
  addons: AddonName[];
}

export interface DemoUser {
  email: string;
  /** Company slug; null for platform staff. */
  company: string | null;
  role: string | null;
  admin: boolean;
  permissions: () => string[];
  /** The account's stored language (applied at every sign-in); English unless given. */
  language?: 'en' | 'es';
}

export const DEMO_COMPANIES: DemoCompany[] = [
  {
    name: 'Corner Market',
    slug: 'corner-market',
    license: 'Retail',
    addons: ['Item Modifiers', 'Loyalty', 'Inventory', 'Kiosk'],
  },
  {
    name: 'Blue Door Bistro',
    slug: 'blue-door-bistro',
    license: 'Restaurant',
    addons: ['Scheduling', 'Ordering Online', 'Loyalty', 'Item Modifiers'],
  },
  { name: 'Atlas Consulting', slug: 'atlas-consulting', license: 'Invoice', addons: ['Invoicing'] },
  { name: 'Tiny Kiosk', slug: 'tiny-kiosk', license: 'Retail', addons: [] },
  {
    name: 'Green Leaf Grocers',
    slug: 'green-leaf-grocers',
    license: 'Retail',
    // Invoicing: the grocer bills its wholesale customers (restaurants, offices) by invoice.
    addons: ['Inventory', 'Item Modifiers', 'Invoicing'],
  },
];

const everyBackoffice = () => allBackofficePermissionNames();
const backofficeExcept =
  (...paths: string[]) =>
  () => {
    const excluded = new Set(paths.map(permissionForPath));
    return allBackofficePermissionNames().filter((name) => !excluded.has(name));
  };
/** Admin console permissions by short name: 'companies' -> 'view_companies_menu'. */
const admin =
  (...names: string[]) =>
  () =>
    names.map((name) => `view_${name}_menu`);
const everyAdmin = () => allAdminPermissionNames();

export const DEMO_USERS: DemoUser[] = [
  {
    email: 'owner@cornermarket.test',
    company: 'corner-market',
    role: 'admin',
    admin: false,
    permissions: everyBackoffice,
  },
  {
    email: 'manager@cornermarket.test',
    company: 'corner-market',
    role: 'manager',
    admin: false,
    permissions: backofficeExcept('/tax_report', '/transfers'),
  },
  {
    email: 'clerk@cornermarket.test',
    company: 'corner-market',
    role: 'user',
    admin: false,
    permissions: () => [permissionForPath('/overview')],
  },
  // A manager who works in Spanish: the demo's Spanish side at sign-in, and the e2e suite's Spanish
  // persona (tests/spanish.spec.ts), so that no test switches the stored language of an account
  // other tests sign in with. A manager, so that the owner stays Corner Market's only admin.
  {
    email: 'lucia@cornermarket.test',
    company: 'corner-market',
    role: 'manager',
    admin: false,
    permissions: everyBackoffice,
    language: 'es',
  },
  {
    email: 'owner@bluedoor.test',
    company: 'blue-door-bistro',
    role: 'admin',
    admin: false,
    permissions: everyBackoffice,
  },
  {
    email: 'manager@bluedoor.test',
    company: 'blue-door-bistro',
    role: 'manager',
    admin: false,
    permissions: everyBackoffice,
  },
  { email: 'owner@atlas.test', company: 'atlas-consulting', role: 'admin', admin: false, permissions: everyBackoffice },
  { email: 'owner@tinykiosk.test', company: 'tiny-kiosk', role: 'admin', admin: false, permissions: everyBackoffice },
  {
    email: 'owner@greenleaf.test',
    company: 'green-leaf-grocers',
    role: 'admin',
    admin: false,
    permissions: everyBackoffice,
  },
  { email: 'super@hive.test', company: null, role: 'super_admin', admin: true, permissions: everyAdmin },
  { email: 'dev@hive.test', company: null, role: 'dev_admin', admin: true, permissions: everyAdmin },
  {
    email: 'support@hive.test',
    company: null,
    role: 'support',
    admin: true,
    permissions: admin('companies', 'users', 'support'),
  },
  {
    email: 'billing@hive.test',
    company: null,
    role: 'billing',
    admin: true,
    permissions: admin('companies', 'coupons', 'base_prices'),
  },
  {
    email: 'distributor@hive.test',
    company: null,
    role: 'distributors',
    admin: true,
    permissions: admin('companies', 'bee_merchant'),
  },
  { email: 'viewer@hive.test', company: null, role: 'viewer', admin: true, permissions: admin('companies') },
  { email: 'staff@hive.test', company: null, role: null, admin: true, permissions: admin('companies') },
];
