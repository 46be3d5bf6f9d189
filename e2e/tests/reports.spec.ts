import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import type { EventResult } from '@hive/shared/schemas/device';
import { signIn } from './helpers';
import { pairTerminal, playScript, type Script } from './register';

/*
 * Reporting end to end: a register of Tiny Kiosk sells through the device API (receipts, a shift,
 * a pay-out, a refund the next day) in March 2024, before the demo history, and the pages read them
 * back: the figures agree with the receipts, the filters live in the URL, the CSV is the table on
 * screen, the print views have no back-office around them and pass axe, the pages read in Spanish
 * and at 360 px.
 */

const PERIOD = 'period=custom&from=2024-03-04&to=2024-03-05';

const SCRIPT: Script = {
  shifts: [
    {
      key: 'a',
      employee: 'Tom Reyes',
      openedAt: '2024-03-04T14:00:00Z',
      floatCents: 5000,
      closedAt: '2024-03-04T22:00:00Z',
      countedCents: 5100,
    },
  ],
  receipts: [
    // 10:00 in New York: two waters (8 % included) and a newspaper (no tax), 5.00 cash for 4.40.
    {
      key: 's1',
      at: '2024-03-04T15:00:00Z',
      shift: 'a',
      employee: 'Tom Reyes',
      lines: [
        { sku: 'TK-D01', quantity: 2 },
        { sku: 'TK-N01', quantity: 1 },
      ],
      payments: [{ type: 'cash', amountCents: 500 }],
      changeCents: 60,
    },
    {
      key: 's2',
      at: '2024-03-04T16:00:00Z',
      shift: 'a',
      employee: 'Ivy Chen',
      lines: [{ sku: 'TK-S01', quantity: 1 }],
      payments: [{ type: 'card' }],
    },
    // The next day: one water back, in cash.
    {
      key: 'r1',
      at: '2024-03-05T15:00:00Z',
      refundOf: 's1',
      lines: [{ line: 1, quantity: 1 }],
      payment: 'cash',
      employee: 'Tom Reyes',
    },
  ],
  movements: [
    { shift: 'a', kind: 'pay_out', amountCents: 300, reason: 'Ice for the freezer', at: '2024-03-04T17:00:00Z' },
  ],
};

let stored: Map<string, EventResult>;

// Sent again by a worker that restarts after a failure: the same event ids, stored once.
test.beforeAll(async ({ browser }) => {
  const page = await browser.newPage();
  await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': `10.59.${process.pid % 250}.1` });
  await signIn(page, 'owner@tinykiosk.test');
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  // A till of its own: the demo's Counter has today's shift open, and a till has one open at a time.
  const device = await pairTerminal(page, 'Reports test till', 'Pier 3');
  stored = await playScript(device, 'e2e-reports', SCRIPT);
  await page.close();
});

let address = 0;
async function signInAs(page: Page, email: string) {
  address += 1;
  await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': `10.58.${process.pid % 250}.${address % 250}` });
  await signIn(page, email);
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
}

async function axe(page: Page) {
  const { violations } = await new AxeBuilder({ page }).setLegacyMode(true).analyze();
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`);
}

const row = (page: Page, table: string, name: string | RegExp) =>
  page.getByRole('table', { name: table }).getByRole('row', { name });

test.describe('reports', () => {
  test('the figures agree with the receipts; filters in the URL; CSV; print view without the layout', async ({
    page,
  }) => {
    await signInAs(page, 'owner@tinykiosk.test');
    await page.goto(`/sales?${PERIOD}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Sales summary' })).toBeVisible();
    // Gross 2.22 + 2.00 + 1.39 without tax; one water back (1.11 before tax); 0.18 + 0.11 - 0.09 tax.
    await expect(row(page, 'Summary', /^Gross sales/)).toContainText('$5.61');
    await expect(row(page, 'Summary', /^Refunds/)).toContainText('$1.11');
    await expect(row(page, 'Summary', /^Net sales/)).toContainText('$4.50');
    await expect(row(page, 'Summary', /^Taxes/)).toContainText('$0.20');
    await expect(row(page, 'Summary', /^Total collected/)).toContainText('$4.70');
    await expect(row(page, 'Summary', /^Receipts/)).toContainText('2');
    await expect(row(page, 'By payment type', /^Cash/)).toContainText('$3.20');
    await expect(row(page, 'By payment type', /^Card/)).toContainText('$1.50');

    // A filter goes into the URL, and the URL alone brings the report back.
    await page.getByLabel('Employee', { exact: true }).selectOption({ label: 'Ivy Chen' });
    await expect(page).toHaveURL(/employee=\d+/);
    await expect(row(page, 'Summary', /^Net sales/)).toContainText('$1.39');
    const shared = page.url();
    await page.goto('/overview');
    await page.goto(shared);
    await expect(page.getByLabel('Employee', { exact: true })).toHaveValue(/\d+/);
    await expect(row(page, 'Summary', /^Net sales/)).toContainText('$1.39');
    await page.getByLabel('Employee', { exact: true }).selectOption({ label: 'All employees' });
    await expect(page).not.toHaveURL(/employee=/);
    // The export writes the tables on screen: wait for the unfiltered figures before taking it (the CSV
    // once came out with the employee's figures, taken while the report was still refetching).
    await expect(row(page, 'Summary', /^Net sales/)).toContainText('$4.50');

    // The CSV is the tables on screen.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('sales-2024-03-04-2024-03-05.csv');
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv).toContain('Net sales,4.50,');
    expect(csv).toContain('Cash,1,4.40,0.00,1,1.20,3.20');

    // The print view: the same figures without the back-office around them.
    await page.getByRole('link', { name: 'Print view' }).click();
    await expect(page).toHaveURL(new RegExp(`/sales/print\\?${PERIOD.replace(/[?&]/g, '\\$&')}`));
    await expect(row(page, 'Summary', /^Net sales/)).toContainText('$4.50');
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toHaveCount(0);
    await expect(page.getByRole('banner')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
    expect(await axe(page)).toEqual([]);
  });

  test('sales per day, transactions with a receipt and its reprint, closings with the Z report', async ({ page }) => {
    await signInAs(page, 'owner@tinykiosk.test');
    await page.goto(`/salesperday?${PERIOD}`);
    await expect(row(page, 'Sales by period', /Mon, Mar 4, 2024/)).toContainText('$5.61');
    await expect(row(page, 'Sales by period', /Tue, Mar 5, 2024/)).toContainText('-$1.11');
    await page.getByLabel('Group by', { exact: true }).selectOption('hour');
    await expect(page).toHaveURL(/group=hour/);
    await expect(row(page, 'Sales by period', /Mon, Mar 4, 2024 10:00 AM/)).toContainText('$4.22');

    await page.goto(`/transaction?${PERIOD}`);
    const s1 = { number: stored.get('s1')!.receiptNumber! };
    // The header, the receipts, and the total row of the figure they add up to.
    await expect(page.getByRole('table', { name: 'Receipts' }).getByRole('row')).toHaveCount(5);
    await expect(row(page, 'Receipts', new RegExp(`^#${s1.number} `))).toContainText('$4.40');
    await page.getByLabel('Kind', { exact: true }).selectOption('refund');
    await expect(page).toHaveURL(/kind=refund/);
    await expect(page.getByRole('table', { name: 'Receipts' }).getByRole('row')).toHaveCount(3);
    await page.getByLabel('Kind', { exact: true }).selectOption('');
    await page.getByRole('link', { name: `#${s1.number}` }).click();
    const receipt = page.getByRole('article', { name: `Receipt #${s1.number}` });
    await expect(receipt).toContainText('2 × Water 500 ml');
    await expect(receipt).toContainText('Sales tax 8% (included)');
    await expect(receipt).toContainText('Change');
    await expect(receipt).toContainText(`#${stored.get('r1')!.receiptNumber}`);
    await page.getByRole('link', { name: 'Reprint' }).click();
    await expect(page).toHaveURL(/\/transaction\/print\?receipt=\d+$/);
    await expect(page.getByRole('article', { name: `Receipt #${s1.number}` })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toHaveCount(0);
    expect(await axe(page)).toEqual([]);

    await page.goto(`/closings?${PERIOD}`);
    // 50.00 float + 4.40 cash taken - 3.00 paid out = 51.40 expected; 51.00 counted.
    const shift = page.getByRole('table', { name: 'Shifts' }).getByRole('row').nth(1);
    await expect(shift).toContainText('$51.40');
    await expect(shift).toContainText('-$0.40 short');
    await shift.getByRole('link', { name: /^#\d+$/ }).click();
    await expect(page.getByRole('article')).toContainText('Ice for the freezer');
    await page.getByRole('link', { name: 'Print Z report' }).click();
    await expect(page).toHaveURL(/\/closings\/print\?shift=\d+$/);
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toHaveCount(0);
    expect(await axe(page)).toEqual([]);

    await page.goto(`/cash_movement?${PERIOD}`);
    await expect(row(page, 'Pay-ins and pay-outs', /Ice for the freezer/)).toContainText('-$3.00');
    await page.goto(`/tax_report?${PERIOD}`);
    await expect(row(page, 'Taxes by rate', /^Sales tax/)).toContainText('$0.20');
  });

  test("the overview's figures for today are the sales summary's", async ({ page }) => {
    await signInAs(page, 'owner@tinykiosk.test');
    await page.goto('/overview');
    const tile = (name: string) =>
      page
        .getByRole('list', { name: 'Key figures' })
        .getByRole('listitem')
        .filter({ hasText: new RegExp(`^${name}`) })
        .locator('strong');
    await expect(tile('Net sales')).toHaveText(/\d/);
    const netSales = (await tile('Net sales').textContent())!;
    const receipts = (await tile('Receipts').textContent())!;
    await page.goto('/sales?period=today');
    await expect(row(page, 'Summary', /^Net sales/)).toContainText(netSales);
    await expect(row(page, 'Summary', /^Receipts/)).toContainText(receipts);
  });

  test('every report renders for a shop with history, and at 360 px (in Spanish: spanish.spec.ts)', async ({
    page,
  }) => {
    await signInAs(page, 'owner@cornermarket.test');
    const pages: [string, string][] = [
      ['/salesperday', 'Sales by period'],
      ['/sales', 'Summary'],
      ['/itemsales', 'All items'],
      ['/transaction', 'Receipts'],
      ['/tax_report', 'Taxes by rate'],
      ['/closings', 'Shifts'],
      ['/cash_movement', 'Pay-ins and pay-outs'],
      ['/stock_movement', 'Change of stock by item and warehouse'],
    ];
    for (const [path, table] of pages) {
      await page.goto(path);
      await expect(page.getByRole('table', { name: table })).toBeVisible();
      await expect(page.getByText('Not available yet')).toHaveCount(0);
    }
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto('/closings');
    await expect(page.getByRole('table', { name: 'Shifts' })).toBeVisible();
    // The page does not scroll sideways: the wide table scrolls inside its own box.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});
