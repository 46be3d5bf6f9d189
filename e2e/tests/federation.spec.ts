import { expect, test } from '@playwright/test';
import { signIn, trackNetwork, watchConsole } from './helpers';

test.describe('federated walking skeleton', () => {
  test('the shell loads each remote at run time from /remotes.json', async ({ page }) => {
    const console = watchConsole(page);
    const remotesJson = page.waitForResponse((r) => r.url().endsWith('/remotes.json'));
    await page.goto('/ordering/blue-door-bistro');
    expect((await remotesJson).status()).toBe(200);
    await expect(page.getByRole('heading', { name: 'Blue Door Bistro' })).toBeVisible();
    await expect(page.locator('[data-area="ordering"]')).toBeVisible();

    await page.goto('/admin');
    await expect(page.locator('[data-area="admin"]')).toBeVisible();
    // Signed out, the admin remote shows the staff sign-in.
    await expect(page.getByRole('heading', { name: 'Admin console' })).toBeVisible();

    await signIn(page, 'owner@cornermarket.test');
    await expect(page.locator('[data-area="backoffice"]')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
    console.expectNone();
  });

  test('one store across shell and remotes: the sign-in done by the shell shows in the back-office', async ({
    page,
  }) => {
    await page.goto('/items');
    // Signed out, the shell sends the user to its login page and keeps where they wanted to go.
    await expect(page).toHaveURL(/\/authentication\/login\?callbackUrl=%2Fitems/);
    await page.getByLabel('Email').fill('manager@cornermarket.test');
    await page.getByLabel('Password').fill('hive-demo-2026');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/items$/);
    // The remote reads the user the shell put in the store, and its menu follows that user's rights.
    await expect(page.getByTestId('backoffice-user')).toHaveText('manager@cornermarket.test');
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect(menu.getByRole('link', { name: 'Items', exact: true })).toBeVisible();
    await expect(menu.locator('a[href="/tax_report"]')).toHaveCount(0); // manager lacks view_tax_report_menu
    await expect(menu.locator('a[href="/overview"]')).toHaveCount(0); // overview is for admin and user
  });

  test('only one copy of React is downloaded', async ({ page }) => {
    const reactBodies = new Set<string>();
    page.on('response', async (res) => {
      if (!res.url().endsWith('.js')) return;
      const body = await res.text().catch(() => '');
      // The React package itself defines its shared internals; react-dom only reads them.
      if (/__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE\s*=/.test(body))
        reactBodies.add(new URL(res.url()).pathname);
    });
    await signIn(page, 'owner@cornermarket.test');
    await expect(page.locator('[data-area="backoffice"]')).toBeVisible();
    await page.goto('/admin');
    await expect(page.locator('[data-area="admin"]')).toBeVisible();
    // Not 'networkidle': a live stream (a fetch that stays open) would keep the network busy.
    const network = trackNetwork(page);
    await page.goto('/ordering/blue-door-bistro');
    await expect(page.locator('[data-area="ordering"]')).toBeVisible();
    await network.quiet();
    // One file, from the shell: no remote brought its own copy (each full load re-requests the same one).
    expect([...reactBodies], [...reactBodies].join('\n')).toHaveLength(1);
    expect([...reactBodies][0]).not.toMatch(/^\/remotes\//);
  });

  test('a blocked remote shows its fallback; the shell and the other areas keep working', async ({ page }) => {
    await page.route('**/remotes/admin/**', (route) => route.abort('connectionrefused'));
    await page.goto('/admin');
    const fallback = page.getByRole('alert');
    await expect(fallback).toContainText('The admin console could not be loaded');
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();

    // The other areas still load in the same shell.
    await page.goto('/ordering/blue-door-bistro');
    await expect(page.locator('[data-area="ordering"]')).toBeVisible();

    // Once the network heals, "Try again" loads the area without a reload.
    await page.goto('/admin');
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
    await page.unroute('**/remotes/admin/**');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.locator('[data-area="admin"]')).toBeVisible();
  });
});
