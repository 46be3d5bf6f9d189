import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import {
  adminMenu,
  backofficeMenus,
  menuPaths,
  visibleAdminMenu,
  visibleMenu,
  type MenuContext,
} from '@hive/shared/menu';
import { DEMO_PASSWORD, signIn, trackNetwork } from './helpers';

/*
 * Accessibility, checked by axe-core in Chromium: every page of the auth area, the back-office, the
 * admin console and the storefront, with no serious or critical violation. The back-office and admin
 * lists come from the menu definitions of @hive/shared/menu and the signed-in persona's own rights,
 * so a page added to a menu is checked without touching this file.
 */

const BLOCKING = new Set(['serious', 'critical']);

/**
 * Serious and critical violations on the page as it is now, one line each. Legacy mode runs axe in
 * the page itself: the default mode finishes every run in a new blank page (for cross-origin
 * frames, which these pages do not have) and takes ~3x as long on ~150 pages.
 */
async function violations(page: Page, where: string): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .analyze();
  return violations
    .filter((v) => BLOCKING.has(v.impact ?? ''))
    .map(
      (v) =>
        `${where}: ${v.id} (${v.impact}) ${v.help}: ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(', ')}`,
    );
}

/** A client-side navigation (the app's router, no reload), as a click on a menu link does. */
async function navigate(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page).toHaveURL((url) => url.pathname === path);
}

/** The page has settled: its heading is shown, nothing says it is loading, no request is out. */
async function settled(page: Page, network: ReturnType<typeof trackNetwork>) {
  await expect(page.locator('h1').first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"], .hive-boot-loader')).toHaveCount(0);
  await network.quiet(150);
}

/**
 * Each test signs in from an address of its own (the server trusts X-Forwarded-For, as behind a
 * proxy): the per-address sign-in limit is per person, and the whole e2e run signs in many times.
 */
let address = 0;
async function ownAddress(page: Page) {
  address += 1;
  await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': `10.57.${process.pid % 250}.${address % 250}` });
}

/** The signed-in user's menu context, as the shell stored it (localStorage `primary`). */
async function menuContext(page: Page): Promise<MenuContext & { admin: boolean }> {
  const stored = await page.evaluate(() => localStorage.getItem('primary'));
  const data = JSON.parse(stored ?? 'null') as {
    user: { role?: string | { name?: string }; permissions?: MenuContext['permissions']; admin?: boolean } | null;
    license: { name?: string } | null;
    addons: string[] | null;
  } | null;
  if (!data?.user) throw new Error('no user in localStorage "primary" after sign-in');
  return {
    role: data.user.role ?? null,
    license: data.license?.name ?? null,
    addons: data.addons,
    permissions: data.user.permissions ?? [],
    admin: data.user.admin === true,
  };
}

test.describe('accessibility (axe: no serious or critical violation)', () => {
  // Independent tests (each signs in on its own): spread over the workers.
  test.describe.configure({ mode: 'parallel', timeout: 90_000 });

  test('auth area, signed out', async ({ page }) => {
    const network = trackNetwork(page);
    const found: string[] = [];
    for (const path of [
      '/authentication/login',
      '/authentication/signup',
      '/authentication/resetpass',
      '/authentication/resetpass?token=not-a-real-token',
      '/authentication/error?error=Configuration',
      '/unauthorized',
      '/session-expired',
    ]) {
      await page.goto(path);
      await settled(page, network);
      found.push(...(await violations(page, path)));
    }
    // With the per-field messages of a sign-in sent empty.
    await page.goto('/authentication/login');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Enter your email address.')).toBeVisible();
    found.push(...(await violations(page, 'login with errors')));
    expect(found).toEqual([]);
  });

  // Personas that together see every back-office page: each role, each licence and add-on.
  for (const email of [
    'owner@cornermarket.test',
    'manager@cornermarket.test',
    'clerk@cornermarket.test',
    'owner@bluedoor.test',
    'owner@atlas.test',
  ]) {
    test(`back-office, every page ${email} can see`, async ({ page }) => {
      const network = trackNetwork(page);
      await ownAddress(page);
      await signIn(page, email);
      await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
      const ctx = await menuContext(page);
      const paths = menuPaths(visibleMenu(backofficeMenus, ctx));
      expect(paths.length).toBeGreaterThan(0);
      const found: string[] = [];
      for (const path of paths) {
        await navigate(page, path);
        await settled(page, network);
        let problems = await violations(page, path);
        if (problems.length > 0) {
          // A list that refetched while axe ran dims its rows for a moment: judge the settled page.
          await settled(page, network);
          problems = await violations(page, path);
        }
        found.push(...problems);
      }
      expect(found).toEqual([]);
    });
  }

  test('admin console: the staff sign-in, then every page of each staff persona', async ({ page }) => {
    const network = trackNetwork(page);
    await ownAddress(page);
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Admin console' })).toBeVisible();
    const found = await violations(page, '/admin (signed out)');
    for (const email of ['super@hive.test', 'viewer@hive.test']) {
      await page.context().clearCookies();
      await page.evaluate(() => localStorage.clear());
      await page.goto('/admin');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByRole('navigation', { name: 'Admin menu' })).toBeVisible();
      const { permissions } = await menuContext(page);
      const paths = menuPaths(visibleAdminMenu(adminMenu, permissions));
      expect(paths.length).toBeGreaterThan(0);
      for (const path of paths) {
        await navigate(page, path);
        await settled(page, network);
        found.push(...(await violations(page, `${email} ${path}`)));
      }
    }
    expect(found).toEqual([]);
  });

  test('storefront: the store, the cart, checkout with its messages, the order', async ({ page }) => {
    const network = trackNetwork(page);
    const found: string[] = [];
    await page.goto('/ordering/blue-door-bistro');
    await settled(page, network);
    found.push(...(await violations(page, 'store')));
    const card = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Tiramisu', exact: true }) });
    await card.getByRole('button', { name: 'Add Tiramisu to cart' }).click();
    await expect(page.getByRole('list', { name: 'Your order' })).toContainText('Tiramisu');
    found.push(...(await violations(page, 'store with a cart')));
    await page.getByRole('complementary').getByRole('link', { name: 'Checkout', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible();
    found.push(...(await violations(page, 'checkout')));
    await page.getByRole('button', { name: 'Place order' }).click();
    found.push(...(await violations(page, 'checkout with errors')));
    await page.getByLabel('Name').fill('Axe Check');
    await page.getByLabel('Phone').fill('+44 20 7946 0123');
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page).toHaveURL(/\/orders\/[\w-]+$/);
    await settled(page, network);
    found.push(...(await violations(page, 'order status')));
    await page.goto('/ordering/no-such-store');
    await settled(page, network);
    found.push(...(await violations(page, 'unknown store')));
    expect(found).toEqual([]);
  });

  test('360 px wide: sign-in, the back-office with its menu drawer open, the admin console, the store', async ({
    page,
  }) => {
    const network = trackNetwork(page);
    await ownAddress(page);
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/authentication/login');
    await settled(page, network);
    const found = await violations(page, '360 px login');
    await signIn(page, 'owner@cornermarket.test');
    await expect(page.getByRole('button', { name: 'Toggle sidebar' })).toBeVisible();
    await navigate(page, '/items');
    await settled(page, network);
    found.push(...(await violations(page, '360 px /items')));
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
    found.push(...(await violations(page, '360 px /items, menu open')));
    await page.goto('/ordering/blue-door-bistro');
    await settled(page, network);
    found.push(...(await violations(page, '360 px store')));
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    await page.goto('/admin');
    await page.getByLabel('Email').fill('super@hive.test');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByLabel('Password')).toHaveCount(0);
    await settled(page, network);
    found.push(...(await violations(page, '360 px admin console')));
    expect(found).toEqual([]);
  });
});
