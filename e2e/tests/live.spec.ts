import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import type { DeviceConfig } from '@hive/shared/schemas/device';
import { SimulatedRegister } from '@hive/shared/simulation/register';
import { signIn, watchConsole } from './helpers';
import { pairTerminal, seededCatalog } from './register';

/*
 * Push instead of polling (issue 31): with the overview and the transactions list open in two tabs,
 * a receipt posted by a register through the device API shows on both within 2 s, carried by each
 * tab's live stream (both say "Live"; their 3-second polling is off while the stream is open).
 */

let address = 0;
async function signInAs(page: Page, email: string) {
  address += 1;
  await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': `10.31.${process.pid % 250}.${address % 250}` });
  await signIn(page, email);
  await expect(page.getByRole('button', { name: 'Toggle sidebar' })).toBeVisible();
}

async function axe(page: Page, where: string): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).setLegacyMode(true).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${where}: ${v.id} ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

test.describe('Live pages', () => {
  test('a receipt posted by a register shows on the open overview and transactions within 2 s, both "Live"', async ({
    page,
  }) => {
    const console = watchConsole(page);
    await signInAs(page, 'owner@cornermarket.test');
    const device = await pairTerminal(page, `E2E live ${Date.now() % 100000}`, 'Main Street');
    const reply = await device.config();
    expect(reply.status).toBe(200);
    const register = new SimulatedRegister(seededCatalog(reply.body as DeviceConfig), {
      seed: `e2e-live:${Date.now()}`,
      restaurant: false,
    });
    // A shift first, so that the sale below is the only change the pages wait for.
    expect((await device.send([register.openShift(Date.now() - 5000)])).body.stored).toBe(1);

    await page.goto('/overview');
    const overviewLive = page.getByRole('status', { name: 'Live' });
    await expect(overviewLive).toBeVisible();
    const receipts = page
      .getByRole('list', { name: 'Key figures' })
      .getByRole('listitem')
      .filter({ hasText: /^Receipts/ })
      .locator('strong');
    await expect(receipts).toHaveText(/\d/);
    const before = Number((await receipts.textContent())!.replace(/\D/g, ''));

    const transactions = await page.context().newPage();
    await transactions.goto('/transaction');
    await expect(transactions.getByRole('status', { name: 'Live' })).toBeVisible();
    const table = transactions.getByRole('table', { name: 'Receipts' });
    await expect(table).toBeVisible();

    expect(await axe(page, 'overview')).toEqual([]);
    expect(await axe(transactions, 'transactions')).toEqual([]);

    // Polling is off while the streams are open: what shows next, the streams brought.
    const sent = await device.send([register.sale(Date.now() - 100)]);
    expect(sent.status).toBe(200);
    const number = sent.body.results[0]!.receiptNumber as number;
    expect(number).toBeGreaterThan(0);
    await expect(table.getByRole('link', { name: `#${number}`, exact: true })).toBeVisible({ timeout: 2000 });
    await expect(receipts).toHaveText(new Intl.NumberFormat('en-US').format(before + 1), { timeout: 2000 });
    await expect(overviewLive).toBeVisible();
    await transactions.close();
    console.expectNone();
  });
});
