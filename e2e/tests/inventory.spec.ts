import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, signIn, watchConsole } from './helpers';

/*
 * Inventory pages (issue 19) in Chromium against the real server and Corner Market's demo stock: a
 * warehouse added, stock adjusted into it (a bad value refused first, nothing saved), the stock
 * page showing it with its value and /stock_movement showing the movement, the warehouse then kept because it has history; purchase orders
 * with their states and actions; every page at 360 px without the page scrolling sideways.
 */

let address = 0;
async function signInAs(page: Page, email: string) {
  address += 1;
  await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': `10.67.${process.pid % 250}.${address % 250}` });
  await signIn(page, email, DEMO_PASSWORD);
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
}

const stamp = () => `${Date.now() % 1_000_000}`;

test.describe('inventory as owner@cornermarket.test', () => {
  test('a warehouse gets stock through an adjustment, shows it on the stock page, and is then kept', async ({
    page,
  }) => {
    // The refused delete at the end is a 409 by design.
    const console = watchConsole(page, { ignore: [/status of 409/] });
    const shelf = `E2E shelf ${stamp()}`;
    await signInAs(page, 'owner@cornermarket.test');

    await page.goto('/warehouses');
    await expect(page.getByRole('heading', { level: 1, name: 'Warehouses' })).toBeVisible();
    await page.getByRole('link', { name: 'New warehouse' }).first().click();
    await page.getByRole('textbox', { name: /^Name/ }).fill(shelf);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`Warehouse “${shelf}” was added.`)).toBeVisible();

    await page.goto('/adjustment?edit=new');
    await page.getByRole('combobox', { name: /^Warehouse/ }).selectOption({ label: shelf });
    await page.getByRole('combobox', { name: /^Reason/ }).selectOption({ label: 'Correction' });
    const line = page.getByRole('group', { name: 'Line 1' });
    const item = line.getByRole('combobox', { name: /^Item/ });
    await item.selectOption({ index: 1 });
    const itemLabel = (await item.locator('option:checked').textContent())!.replace(/ \(.*\)$/, '');
    const itemId = await item.inputValue();
    const change = line.getByRole('spinbutton', { name: /^Change/ });
    await change.fill('0');
    let posted = false;
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/backoffice/inventory/adjustments')) posted = true;
    });
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(change).toHaveAccessibleDescription(/Enter 1 or more\./);
    expect(posted).toBe(false);
    await change.fill('3');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(/Adjustment #\d+ was applied\./)).toBeVisible();

    await page.goto('/stock');
    await page.getByRole('combobox', { name: 'Warehouse' }).selectOption({ label: shelf });
    const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const row = page.getByRole('row', { name: new RegExp(`${escape(itemLabel)}.*${escape(shelf)}`) });
    await expect(row.getByRole('cell').nth(2)).toHaveText('3');

    // The stock movement report reads the ledger: the adjustment with its reason and balance.
    await page.goto('/stock_movement');
    await page.getByRole('combobox', { name: 'Item' }).selectOption(itemId);
    await page.getByRole('combobox', { name: 'Warehouse' }).selectOption({ label: shelf });
    const movement = page.getByRole('row', { name: /Adjustment \(Correction\)/ });
    await expect(movement).toHaveCount(1);
    await expect(movement.getByRole('cell').nth(2)).toHaveText(shelf);
    await expect(movement.getByRole('cell').nth(4)).toHaveText('3');
    await expect(movement.getByRole('cell').nth(5)).toHaveText('3');
    await expect(movement.getByRole('link', { name: /^Adjustment #\d+$/ })).toBeVisible();

    await page.goto('/warehouses');
    await page.getByRole('button', { name: `Delete ${shelf}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(
      page.getByText('This warehouse has stock history or documents: make it inactive instead.'),
    ).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(shelf) })).toBeVisible();
    console.expectNone();
  });

  test('purchase orders show their state; a draft offers Order, an ordered one Receive', async ({ page }) => {
    await signInAs(page, 'owner@cornermarket.test');
    await page.goto('/purchase_orders');
    const table = page.getByRole('table', { name: 'Purchase orders' });
    await expect(table.getByRole('row').filter({ hasText: 'Received' }).first()).toBeVisible();
    await table
      .getByRole('row')
      .filter({ hasText: 'Draft' })
      .first()
      .getByRole('link', { name: /^Edit #/ })
      .click();
    await expect(page.getByRole('button', { name: 'Order', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save' })).toBeVisible();
    await page.goto('/purchase_orders');
    await table
      .getByRole('row')
      .filter({ hasText: 'Ordered' })
      .first()
      .getByRole('link', { name: /^Open #/ })
      .click();
    await expect(page.getByRole('button', { name: 'Receive everything outstanding' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
  });

  test('every inventory page reads at 360 px without the page scrolling sideways', async ({ page }) => {
    await signInAs(page, 'owner@cornermarket.test');
    await page.setViewportSize({ width: 360, height: 800 });
    for (const [path, title] of [
      ['/stock', 'Stock'],
      ['/purchase_orders', 'Purchase orders'],
      ['/transfers', 'Transfers'],
      ['/adjustment', 'Adjustments'],
      ['/production_templates', 'Production templates'],
      ['/production_orders', 'Production orders'],
      ['/vendors', 'Vendors'],
      ['/warehouses', 'Warehouses'],
      ['/purchase_orders?edit=new', 'New purchase order'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: 'Loading' })).toHaveCount(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(360);
    }
  });
});
