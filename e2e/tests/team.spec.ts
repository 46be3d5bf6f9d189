import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { DEMO_PASSWORD, signIn } from './helpers';

/*
 * Team (issue 20) in Chromium against the real server: the owner of Corner Market takes Items away
 * from the manager on /permissions; the manager, in a browser of their own, gets the access signal,
 * no longer has Items in the menu after the reload it asks for (?planChanged=true) and /items answers
 * /unauthorized; the owner gives it back and the manager
 * sees Items again. Whatever happens, the manager's overrides are put back as they were.
 */

const MANAGER = 'manager@cornermarket.test';
const mainMenu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });

let address = 0;
async function signedIn(browser: Browser, email: string) {
  address += 1;
  const context = await browser.newContext();
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': `10.68.${process.pid % 250}.${address % 250}` });
  const page = await context.newPage();
  await signIn(page, email, DEMO_PASSWORD);
  await expect(mainMenu(page)).toBeVisible();
  return { context, page };
}

interface Summary {
  userId: number;
  email: string;
}

test('the owner takes Items away from the manager and gives it back; the manager’s menu and /items follow', async ({
  browser,
}) => {
  const owner = await signedIn(browser, 'owner@cornermarket.test');
  const manager = await signedIn(browser, MANAGER);
  const list = await (await owner.page.request.get('/api/backoffice/team/permissions?pageSize=100')).json();
  const userId = (list.rows as Summary[]).find((u) => u.email === MANAGER)!.userId;
  const before = await (await owner.page.request.get(`/api/backoffice/team/permissions/${userId}`)).json();
  try {
    const itemsLink = mainMenu(manager.page).locator('a[href="/items"]');
    await expect(itemsLink).toHaveCount(1);

    await owner.page.goto(`/permissions?user=${userId}`);
    await expect(owner.page.getByRole('heading', { level: 1, name: 'Permissions' })).toBeVisible();
    const form = owner.page.getByRole('form', { name: /^Access of / });
    const items = form.getByRole('group', { name: 'Products catalog' }).getByRole('checkbox', { name: 'Items' });
    await expect(items).toBeChecked();
    await items.uncheck();
    await expect(items).toHaveAccessibleDescription('Taken away from this user (their role has it).');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(owner.page.getByText(/^Access of .* was saved\./)).toBeVisible();
    const preview = owner.page.getByRole('navigation', { name: /^Menu of / });
    await expect(preview.getByText('Categories', { exact: true })).toBeVisible();
    await expect(preview.getByText('Items', { exact: true })).toHaveCount(0);

    // The manager's next answers carry the access signal (the shell's "Reload now" notice), the page's
    // API refuses at once, and the reload the notice does (?planChanged=true) draws the new menu.
    const signal = await manager.page.request.get('/api/auth/session');
    expect(signal.headers()['x-access-changed']).toBe('1');
    await manager.page.goto('/categories?planChanged=true');
    await expect(mainMenu(manager.page)).toBeVisible();
    await expect(itemsLink).toHaveCount(0);
    await manager.page.goto('/items');
    await expect(manager.page).toHaveURL(/\/unauthorized$/);

    await items.check();
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(owner.page.getByText(/^Access of .* was saved\./).first()).toBeVisible();
    await expect(preview.getByText('Items', { exact: true })).toHaveCount(1);

    await manager.page.goto('/categories?planChanged=true');
    await expect(mainMenu(manager.page)).toBeVisible();
    await expect(itemsLink).toHaveCount(1);
    await manager.page.goto('/items');
    await expect(manager.page.getByRole('heading', { level: 1, name: 'Items' })).toBeVisible();
  } finally {
    await owner.page.request.put(`/api/backoffice/team/permissions/${userId}`, {
      data: { granted: before.granted, revoked: before.revoked },
    });
    await owner.context.close();
    await manager.context.close();
  }
});

test('the Staff pages and their forms read at 360 px without sideways scrolling, axe-clean', async ({ browser }) => {
  const owner = await signedIn(browser, 'owner@cornermarket.test');
  try {
    const list = await (await owner.page.request.get('/api/backoffice/team/permissions?pageSize=100')).json();
    const userId = (list.rows as Summary[]).find((u) => u.email === MANAGER)!.userId;
    const employees = await (await owner.page.request.get('/api/backoffice/team/employees?pageSize=1')).json();
    await owner.page.setViewportSize({ width: 360, height: 800 });
    const problems: string[] = [];
    for (const path of [
      '/employees',
      '/employees?edit=new',
      `/employees?edit=${employees.rows[0].id}`,
      '/positions',
      '/positions?edit=new',
      '/roles',
      `/permissions?user=${userId}`,
    ]) {
      await owner.page.goto(path);
      await expect(owner.page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(owner.page.getByText('Not available yet')).toHaveCount(0);
      await expect(owner.page.getByRole('status').filter({ hasText: 'Loading' })).toHaveCount(0);
      expect(await owner.page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(360);
      const { violations } = await new AxeBuilder({ page: owner.page }).setLegacyMode(true).analyze();
      for (const v of violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')) {
        problems.push(
          `${path}: ${v.id} ${v.help}: ${v.nodes
            .slice(0, 3)
            .map((n) => n.target.join(' '))
            .join(', ')}`,
        );
      }
    }
    expect(problems).toEqual([]);
  } finally {
    await owner.context.close();
  }
});
