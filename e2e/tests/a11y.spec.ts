import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import {
  adminMenu,
  backofficeMenus,
  menuPaths,
  visibleAdminMenu,
  visibleMenu,
  type MenuContext,
  type MenuItem,
} from '@hive/shared/menu';
import { prepareStates } from './a11yData';
import { DEMO_PASSWORD, signIn, trackNetwork } from './helpers';
import { expect, storedUser, test, type SignedInPage } from './personas';
import { rawKeys } from './rawKeys';

/*
 * Accessibility, checked by axe-core in Chromium: every page of the auth area, the back-office, the
 * admin console and the storefront, with no serious or critical violation. The back-office and admin
 * lists come from the menu definitions of @hive/shared/menu and the signed-in persona's own rights,
 * so a page added to a menu is checked without touching this file. One test per page (signed out)
 * or per persona and menu area (on a page each worker signs the persona in on once, and its tests
 * take turns on: personas.ts), so that no test walks dozens of pages against its timeout on a busy
 * machine. The back-office is walked in English and, as Lucía (a manager who works in Spanish), in
 * Spanish; every check also looks for raw text keys (rawKeys.ts). Before the walk, data is driven into
 * the states the seed leaves out (a paired register with open and closed shifts, online orders in each
 * status: a11yData.ts), so that the buttons and badges of those states are checked too.
 */

test.beforeAll(async ({ browser }, testInfo) => {
  testInfo.setTimeout(180_000);
  await prepareStates(browser, String(testInfo.project.use.baseURL));
});

const BLOCKING = new Set(['serious', 'critical']);

/**
 * Serious and critical violations on the page as it is now, and raw text keys, one line each. Legacy
 * mode runs axe in the page itself: the default mode finishes every run in a new blank page (for
 * cross-origin frames, which these pages do not have) and takes ~3x as long on ~150 pages.
 * label-content-name-mismatch (WCAG 2.5.3, label in name: a button reading "Get pairing code" must
 * be named so, not "Get a pairing code for Till 1") is turned on by name: axe versions before 4.14
 * tagged it experimental and left it off, and a rule left off finds nothing.
 */
async function violations(page: Page, where: string): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'], rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  const keys = await rawKeys(page, where);
  return violations
    .filter((v) => BLOCKING.has(v.impact ?? ''))
    .map(
      (v) =>
        `${where}: ${v.id} (${v.impact}) ${v.help}: ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(', ')}`,
    )
    .concat(keys);
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
async function menuContext(page: Page): Promise<MenuContext> {
  const { user, license, addons } = await storedUser(page);
  return { role: user?.role ?? null, license: license?.name ?? null, addons, permissions: user?.permissions ?? [] };
}

/**
 * Checks each path in turn on a signed-in page (personas.ts), reached the way a click on a menu link
 * does, from wherever the previous test of the persona left it (or its landing page).
 */
async function walk({ page, network }: SignedInPage, paths: string[], label: (path: string) => string) {
  // The landing page may still redirect (/ to /overview): navigating before it has would be undone.
  await settled(page, network);
  const found: string[] = [];
  for (const path of paths) {
    await navigate(page, path);
    await settled(page, network);
    let problems = await violations(page, label(path));
    if (problems.length > 0) {
      // A list that refetched while axe ran dims its rows for a moment: judge the settled page.
      await settled(page, network);
      problems = await violations(page, label(path));
    }
    found.push(...problems);
  }
  return found;
}

/** `items` cut into `parts` runs of nearly equal length, in order. */
function cut<T>(items: T[], parts: number): T[][] {
  return Array.from({ length: parts }, (_, i) =>
    items.slice(Math.round((i * items.length) / parts), Math.round(((i + 1) * items.length) / parts)),
  );
}

/*
 * The back-office in areas, one test per persona and area: a walk over every page of a persona took
 * 45-100 s on a busy machine. An area is a top-level menu group (or the pages outside any group), cut
 * into runs of at most 5 pages (a report page takes ~5 s there), each checked with the group's rules
 * (visibleMenu of the whole group), so a persona checks exactly the pages its menu shows. The pages
 * of an area a persona cannot see are skipped for it and checked through the personas that can.
 */
const MOST_PAGES = 5;
const AREAS: { name: string; items: MenuItem[]; paths: string[] }[] = [
  { name: 'the pages outside a group', items: backofficeMenus.filter((item) => !item.subItems) },
  ...backofficeMenus.filter((item) => item.subItems).map((item) => ({ name: item.name, items: [item] })),
].flatMap(({ name, items }) => {
  const paths = menuPaths(items);
  const parts = Math.ceil(paths.length / MOST_PAGES);
  return cut(paths, parts).map((run, i) => ({
    name: parts > 1 ? `${name} (${i + 1} of ${parts})` : name,
    items,
    paths: run,
  }));
});

/**
 * Personas that together see every back-office page: each role, each licence and add-on, in English;
 * and Lucía, the Corner Market manager whose stored language is Spanish (the only such account: no
 * test here switches an account's language, which would change it for the other specs running).
 */
const PERSONAS: { email: string; lang: 'en' | 'es' }[] = [
  { email: 'owner@cornermarket.test', lang: 'en' },
  { email: 'manager@cornermarket.test', lang: 'en' },
  { email: 'clerk@cornermarket.test', lang: 'en' },
  { email: 'owner@bluedoor.test', lang: 'en' },
  { email: 'owner@atlas.test', lang: 'en' },
  { email: 'lucia@cornermarket.test', lang: 'es' },
];

/**
 * Menu names cut short on the page as it is (an ellipsis, or text wider than its box): "Catálogo de
 * produ…" in Spanish. Each group is opened in turn (opening one may close another), and the names
 * shown measured each time, so that every name the persona can see is.
 */
async function cutMenuNames(page: Page, menu: string): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: menu });
  const measure = () =>
    nav.evaluate((root) =>
      [...root.querySelectorAll('a span, button span')]
        .filter((span) => span.checkVisibility() && (span.textContent ?? '').trim() !== '')
        .filter((span) => span.scrollWidth > span.clientWidth + 1)
        .map((span) => span.textContent!.trim()),
    );
  const cut = new Set(await measure());
  const groups = nav.locator('button[aria-expanded]');
  for (let i = 0; i < (await groups.count()); i += 1) {
    const group = groups.nth(i);
    if ((await group.getAttribute('aria-expanded')) === 'false') await group.click();
    for (const name of await measure()) cut.add(name);
  }
  return [...cut];
}

for (const { email, lang } of PERSONAS) {
  test.describe(`accessibility of the back-office as ${email}, in ${lang} (axe: no serious or critical violation)`, () => {
    test.describe.configure({ mode: 'parallel', timeout: 90_000 });
    test.use({ persona: { email, area: 'backoffice' } });

    test('sees some page, in its language, with no menu name cut', async ({ signedIn }) => {
      expect(menuPaths(visibleMenu(backofficeMenus, await menuContext(signedIn.page))).length).toBeGreaterThan(0);
      await expect(signedIn.page.locator('html')).toHaveAttribute('lang', lang);
      expect(await cutMenuNames(signedIn.page, lang === 'es' ? 'Menú principal' : 'Main menu')).toEqual([]);
    });

    for (const area of AREAS) {
      test(`every page of ${area.name} it can see`, async ({ signedIn }) => {
        const visible = new Set(menuPaths(visibleMenu(area.items, await menuContext(signedIn.page))));
        const paths = area.paths.filter((path) => visible.has(path));
        test.skip(paths.length === 0, `${email} sees no page of ${area.name}`);
        expect(await walk(signedIn, paths, (path) => path)).toEqual([]);
      });
    }
  });
}

test.describe('accessibility of the admin console (axe: no serious or critical violation)', () => {
  test.describe.configure({ mode: 'parallel', timeout: 60_000 });

  test('the staff sign-in', async ({ page }) => {
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Admin console' })).toBeVisible();
    expect(await violations(page, '/admin (signed out)')).toEqual([]);
  });

  for (const email of ['super@hive.test', 'viewer@hive.test']) {
    test.describe(() => {
      test.use({ persona: { email, area: 'admin' } });
      test(`every page ${email} can see`, async ({ signedIn }) => {
        const { user } = await storedUser(signedIn.page);
        const paths = menuPaths(visibleAdminMenu(adminMenu, user?.permissions ?? []));
        expect(paths.length).toBeGreaterThan(0);
        expect(await walk(signedIn, paths, (path) => `${email} ${path}`)).toEqual([]);
      });
    });
  }
});

test.describe('accessibility of the auth area, signed out (axe: no serious or critical violation)', () => {
  test.describe.configure({ mode: 'parallel', timeout: 30_000 });

  for (const path of [
    '/authentication/login',
    '/authentication/signup',
    '/authentication/resetpass',
    '/authentication/resetpass?token=not-a-real-token',
    '/authentication/error?error=Configuration',
    '/unauthorized',
    '/session-expired',
  ]) {
    test(path, async ({ page }) => {
      const network = trackNetwork(page);
      await page.goto(path);
      await settled(page, network);
      expect(await violations(page, path)).toEqual([]);
    });
  }

  test('/authentication/login with the per-field messages of a sign-in sent empty', async ({ page }) => {
    await page.goto('/authentication/login');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByText('Enter your email address.')).toBeVisible();
    expect(await violations(page, 'login with errors')).toEqual([]);
  });
});

test.describe('accessibility (axe: no serious or critical violation)', () => {
  test.describe.configure({ mode: 'parallel', timeout: 60_000 });

  test('the checks themselves: a label-in-name mismatch and a raw text key are found', async ({ page }) => {
    await page.setContent(
      `<html lang="en"><head><title>Check</title></head><body><main><h1>Terminals</h1>
        <button type="button" aria-label="Get a pairing code for Till 1">Get pairing code</button>
        <p>promotions.hints.stackable</p><p>owner@cornermarket.test, cornermarket.test, v2.1</p>
      </main></body></html>`,
    );
    const found = await violations(page, 'check');
    expect(found).toEqual([
      expect.stringContaining('check: label-content-name-mismatch (serious)'),
      'check: raw text key promotions.hints.stackable',
    ]);
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
