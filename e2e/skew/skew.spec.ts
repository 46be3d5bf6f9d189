import { expect, test, type Page } from '@playwright/test';
import { signIn, watchConsole } from '../tests/helpers';

// One server per arrangement (skew/serve.mjs): which shell serves which remotes.
const port = Number(process.env.E2E_SKEW_PORT ?? 8186);
const ARRANGEMENTS = [
  { name: "today's shell, the released remotes", url: `http://localhost:${port}` },
  { name: "the released shell, today's remotes", url: `http://localhost:${port + 1}` },
];
const FIXTURE_URL = `http://localhost:${port + 2}`;

/** An area shows its own content: no fallback, no white page. */
async function areaShows(page: Page, area: string) {
  await expect(page.locator(`[data-area="${area}"]`)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: /could not be loaded|being updated/ })).toHaveCount(0);
}

/**
 * The store page's first screen comes from the ordering release the server serves: present exactly
 * when that build has a server build (its manifest names one), and styled by that release's CSS.
 */
async function firstScreenFromRelease(page: Page) {
  const manifest = (await (await page.request.get('/remotes/ordering/mf-manifest.json')).json()) as {
    metaData?: { hiveServer?: unknown };
    exposes: { name: string; assets: { css: { sync: string[] } } }[];
  };
  const html = await (await page.request.get('/ordering/blue-door-bistro', { headers: { accept: 'text/html' } })).text();
  if (!manifest.metaData?.hiveServer) {
    expect(html).not.toContain('id="hive-first-screen"');
    return;
  }
  expect(html).toContain('<div id="hive-first-screen">');
  const nameClass = /<h1 id="ordering-store-name" class="([^"]+)">Blue Door Bistro<\/h1>/.exec(html)?.[1];
  const cssFile = manifest.exposes.find((e) => e.name === 'App')!.assets.css.sync[0];
  const css = await (await page.request.get(`/remotes/ordering/${cssFile}`)).text();
  expect(nameClass).toBeTruthy();
  expect(new RegExp(`\\.${nameClass}[\\s{,:]`).test(css), `a rule for .${nameClass} in ${cssFile}`).toBe(true);
}

for (const { name, url } of ARRANGEMENTS) {
  test.describe(name, () => {
    test.use({ baseURL: url });

    test('back-office: sign in, three pages, sign out', async ({ page }) => {
      const console = watchConsole(page);
      await signIn(page, 'owner@bluedoor.test');
      const menu = page.getByRole('navigation', { name: 'Main menu' });
      await expect(menu).toBeVisible({ timeout: 30_000 });
      for (const path of ['/items', '/customer', '/bundles']) {
        await page.goto(path);
        await areaShows(page, 'backoffice');
        await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      }
      await page.getByRole('navigation', { name: 'Bottom menu' }).getByRole('button', { name: 'Log out' }).click();
      await expect(page).toHaveURL(/\/authentication\/login$/);
      await expect(page.getByLabel('Email')).toBeVisible();
      console.expectNone();
    });

    test('admin console: staff sign-in, three pages, sign out', async ({ page }) => {
      const console = watchConsole(page);
      await page.goto('/admin');
      await page.getByLabel('Email').fill('super@hive.test');
      await page.getByLabel('Password').fill('hive-demo-2026');
      await page.getByRole('button', { name: 'Sign in' }).click();
      const menu = page.getByRole('navigation', { name: 'Admin menu' });
      await expect(menu).toBeVisible({ timeout: 30_000 });
      for (const entry of ['companies', 'users', 'coupons']) {
        await menu.locator(`a[href="/admin/${entry}"]`).click();
        await expect(page).toHaveURL(new RegExp(`/admin/${entry}$`));
        await areaShows(page, 'admin');
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      }
      await menu.getByRole('button', { name: 'Log out' }).click();
      await expect(page.getByRole('heading', { name: 'Admin console' })).toBeVisible();
      console.expectNone();
    });

    test('storefront: store, checkout, another store', async ({ page }) => {
      const console = watchConsole(page);
      await firstScreenFromRelease(page);
      await page.goto('/ordering/blue-door-bistro');
      await areaShows(page, 'ordering');
      await expect(page.locator('#hive-first-screen')).toHaveCount(0);
      await expect(page.getByRole('heading', { level: 1, name: 'Blue Door Bistro' })).toBeVisible();
      await page
        .getByRole('button', { name: /^Add .* to cart/ })
        .first()
        .click();
      await page.getByRole('complementary').getByRole('link', { name: 'Checkout', exact: true }).click();
      await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible();
      await areaShows(page, 'ordering');
      await page.goto('/ordering/corner-market');
      await expect(page.getByRole('heading', { name: 'Corner Market is not taking online orders' })).toBeVisible();
      console.expectNone();
    });
  });
}

test.describe('a remote built for another shell contract (fixture: ordering, ^99.0.0)', () => {
  test.use({ baseURL: FIXTURE_URL });

  test('its area says it is being updated and the report reaches the server; the other areas work', async ({
    page,
  }) => {
    const report = page.waitForRequest(
      (r) => r.url().includes('/api/auth/_log') && /REMOTE_INCOMPATIBLE/.test(r.postData() ?? ''),
    );
    // Its first screen is sent (the server renders the release); the shell's fallback replaces it.
    await firstScreenFromRelease(page);
    await page.goto('/ordering/blue-door-bistro');
    await expect(page.getByRole('heading', { name: 'This part of Hive is being updated' })).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.locator('#hive-first-screen')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
    const body = (await report).postData() ?? '';
    expect(decodeURIComponent(body.replace(/\+/g, ' '))).toContain('REMOTE_INCOMPATIBLE');
    expect(decodeURIComponent(body.replace(/\+/g, ' '))).toContain('needs shell contract ^99.0.0');
    // "Try again" checks again: still the same build, still refused (not a white page).
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { name: 'This part of Hive is being updated' })).toBeVisible();

    await signIn(page, 'owner@bluedoor.test');
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible({ timeout: 30_000 });
    await areaShows(page, 'backoffice');
  });
});
