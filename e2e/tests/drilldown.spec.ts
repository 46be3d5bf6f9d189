import { expect, test, type Locator, type Page } from '@playwright/test';
import { signIn } from './helpers';

/*
 * Every figure opens its receipts: on the demo's sales, a figure clicked in a report (a day, an
 * item, a payment type) and on the overview opens the transactions list filtered to its receipts,
 * whose figure, recomputed from exactly those receipts, reads the same amount.
 */

const figureTile = (page: Page) =>
  page.getByRole('list', { name: 'Key figures' }).getByRole('listitem').first().locator('strong');

/** The list's figure once its answer is in (while it asks, the previous figures stay, marked busy). */
async function figureOfList(page: Page): Promise<string> {
  await expect(page).toHaveURL(/\/transaction\?/);
  await expect(figureTile(page)).toContainText('$');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  return (await figureTile(page).innerText()).trim();
}

/**
 * Clicks a figure and expects its list to read the same amount. With `again` (how to show the figure
 * once more after going back), a pair that differs is read again, up to three times: other tests'
 * registers sell in this company meanwhile, and a figure of a period that includes today and its
 * list, read a moment apart, agree only when no receipt arrived in between.
 */
async function clickThrough(page: Page, link: Locator, again?: () => Promise<void>): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    const shown = (await link.innerText()).trim();
    await link.click();
    await expect(page).toHaveURL(/\/transaction\?/);
    try {
      await expect(figureTile(page)).toHaveText(shown, { timeout: again && attempt < 3 ? 5_000 : 10_000 });
      return;
    } catch (error) {
      if (!again || attempt >= 3) throw error;
      await page.goBack();
      await again();
    }
  }
}

test.describe('drill-down: a figure opens its receipts', () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, 'owner@cornermarket.test');
    await expect(page).toHaveURL(/\/overview/);
  });

  test('the overview: last 30 days of net sales', async ({ page }) => {
    const last30 = () => page.getByRole('button', { name: 'Last 30 days' }).click();
    await last30();
    const tiles = page.getByRole('list', { name: 'Key figures' });
    await clickThrough(page, tiles.getByRole('link', { name: /Show these receipts: Last 30 days/ }).first(), last30);
    await expect(page.getByRole('combobox', { name: 'Period', exact: true })).toHaveValue('last_30_days');
  });

  test('the overview: the receipts and refunds tiles, and a day of the chart', async ({ page }) => {
    await page.getByRole('button', { name: 'Last 7 days' }).click();
    const tiles = page.getByRole('list', { name: 'Key figures' });
    const opens = tiles.getByRole('link', { name: /Show these receipts: Last 7 days/ });
    // Receipts: a count of sales; its list holds the sales alone, as many.
    const count = (await opens.nth(1).innerText()).trim();
    await opens.nth(1).click();
    const listed = page.getByRole('list', { name: 'Key figures' }).getByRole('listitem');
    await expect(listed.filter({ hasText: /^Receipts/ }).locator('strong')).toHaveText(count);
    await page.goBack();
    await page.getByRole('button', { name: 'Last 7 days' }).click();
    // Refunds: what they gave back before tax; its list's figure is the same amount.
    await clickThrough(page, opens.nth(3));
    await page.goBack();
    // A bar of the chart (the last one drawn) opens its day's receipts: the figure is the day's net
    // sales, as the chart's table of days says for the same link.
    await page.locator('.recharts-bar-rectangle').last().click();
    const figure = await figureOfList(page);
    const day = new URL(page.url()).searchParams.get('from')!;
    expect(new URL(page.url()).searchParams.get('to')).toBe(day);
    await page.goBack();
    const link = page.locator(`a[href="/transaction?period=custom&from=${day}&to=${day}"]`);
    await expect(link).toHaveText(figure);
  });

  test('a day of sales per day', async ({ page }) => {
    await page.goto('/salesperday?period=last_7_days');
    const table = page.getByRole('table', { name: 'Sales by period' });
    await clickThrough(page, table.getByRole('link', { name: /Show the receipts of/ }).first());
  });

  test('an item of item sales, with its chip', async ({ page }) => {
    await page.goto('/itemsales?period=last_30_days');
    const table = page.getByRole('table', { name: 'All items' });
    const link = table.getByRole('link', { name: /Show the receipts of/ }).first();
    const name = (await link.getAttribute('title'))!.replace('Show the receipts of ', '');
    await clickThrough(page, link);
    await expect(page.getByRole('list', { name: 'Filters from the figure you opened' })).toContainText(`Item: ${name}`);
  });

  test('a payment type of the sales summary', async ({ page }) => {
    await page.goto('/sales?period=last_30_days');
    const table = page.getByRole('table', { name: 'By payment type' });
    await clickThrough(page, table.getByRole('link', { name: /Show the receipts of/ }).first());
  });
});
