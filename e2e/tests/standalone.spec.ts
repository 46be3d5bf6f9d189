import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, watchConsole } from './helpers';

// Each remote as its team runs it alone (`npm run dev -w <remote>`): its own dev server and page, the
// shell's library as host, the real sign-in against the real server (API proxied). The dev servers
// are started by playwright.config.ts, on the ports after the server's.
const standalone = {
  backoffice: process.env.E2E_STANDALONE_URL!,
  admin: process.env.E2E_STANDALONE_ADMIN_URL!,
  ordering: process.env.E2E_STANDALONE_ORDERING_URL!,
};

/** No compile error (webpack-dev-server's overlay would cover the page) and the shell's document styles. */
async function expectRealPage(page: Page) {
  await expect(page.locator('#webpack-dev-server-client-overlay')).toHaveCount(0);
  // The shell's document styles, as on the real page (not the browser's serif and 8 px margin).
  const body = await page.evaluate(() => {
    const s = getComputedStyle(document.body);
    return { margin: s.margin, font: s.fontFamily };
  });
  expect(body.margin).toBe('0px');
  expect(body.font).toMatch(/^system-ui/);
}

test.describe('the remotes standalone (development servers)', () => {
  test('back-office: looks like the real page and signs in with the real sign-in', async ({ page }) => {
    const console = watchConsole(page);
    await page.goto(`${standalone.backoffice}/`);
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expectRealPage(page);

    await page.getByLabel('Email').fill('owner@cornermarket.test');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
    await expect(page.getByTestId('backoffice-user')).toHaveText('owner@cornermarket.test');
    await expect(page.locator('main h1')).toBeVisible();
    expect(new URL(page.url()).origin).toBe(standalone.backoffice);
    console.expectNone();
  });

  test('admin console: staff sign in at /admin and open two pages', async ({ page }) => {
    const console = watchConsole(page);
    await page.goto(`${standalone.admin}/admin`);
    await expect(page.getByRole('form', { name: 'Admin console' })).toBeVisible();
    await expectRealPage(page);

    await page.getByLabel('Email').fill('super@hive.test');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(`${standalone.admin}/admin/companies`);
    const menu = page.getByRole('navigation', { name: 'Admin menu' });
    await expect(menu).toBeVisible();
    await expect(page.getByTestId('admin-role')).toHaveText('admin');
    await expect(page.locator('main h1')).toBeVisible();
    await menu.getByRole('link', { name: 'Users' }).click();
    await expect(page).toHaveURL(`${standalone.admin}/admin/users`);
    await expect(menu.locator('a[aria-current="page"]')).toHaveAttribute('href', '/admin/users');
    // A reload of a deep route loads the page's scripts from the root, not from /admin/.
    await page.reload();
    await expect(menu.locator('a[aria-current="page"]')).toHaveAttribute('href', '/admin/users');
    await expect(page.locator('main h1')).toBeVisible();
    console.expectNone();
  });

  test('storefront: the store shows, an item goes in the cart, checkout places the order', async ({ page }) => {
    const console = watchConsole(page);
    await page.goto(`${standalone.ordering}/ordering/blue-door-bistro`);
    await expect(page.getByRole('heading', { level: 1, name: 'Blue Door Bistro' })).toBeVisible();
    await expectRealPage(page);

    const card = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Tiramisu', exact: true }) });
    await card.getByRole('button', { name: 'Add Tiramisu to cart' }).click();
    await expect(page.getByRole('list', { name: 'Your order' })).toContainText('Tiramisu');
    await page.getByRole('complementary').getByRole('link', { name: 'Checkout', exact: true }).click();
    await page.getByLabel('Name').fill('Standalone Guest');
    await page.getByLabel('Phone').fill('+44 20 7946 0123');
    await expect(page.getByLabel('Pickup time')).not.toHaveValue('');
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page).toHaveURL(new RegExp(`^${standalone.ordering}/ordering/blue-door-bistro/orders/[\\w-]+$`));
    console.expectNone();
  });
});
