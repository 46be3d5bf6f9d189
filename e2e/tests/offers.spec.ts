import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './helpers';
import { pairTerminal } from './register';

/*
 * Promotions (issue 21), on the real server and the production build: the owner creates a
 * promotion in the UI; the storefront's cart and the placed order apply it; a register's receipt
 * claiming it is checked with the same evaluator and stored; the page counts its use.
 */

async function axe(page: Page, what: string) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${what}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('a promotion made in the UI applies in the storefront and on a device receipt', async ({ browser }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext();
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': `10.73.${process.pid % 250}.41` });
  const page = await context.newPage();
  await signIn(page, 'owner@bluedoor.test');
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  // Caesar salad: an item no other spec prices (specs share one server).
  const name = `Salad deal ${Date.now() % 100_000}`;
  await page.goto('/promotions?edit=new');
  await page.getByRole('textbox', { name: /^Name/ }).fill(name);
  await page.getByRole('textbox', { name: /^Priority/ }).fill('1');
  await page.getByRole('textbox', { name: /^Percentage off/ }).fill('20');
  await page.getByRole('checkbox', { name: 'Caesar salad', exact: true }).check();
  expect(await axe(page, 'promotion form')).toEqual([]);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.getByRole('table', { name: 'Promotions' }).getByRole('row', { name: new RegExp(name) }),
  ).toContainText('20 % off');

  // The storefront: the cart shows it, the order is priced with it (9.50 - 1.90, plus 10 % tax).
  const guest = await (await browser.newContext()).newPage();
  await guest.goto('/ordering/blue-door-bistro');
  const card = guest
    .getByRole('listitem')
    .filter({ has: guest.getByRole('heading', { name: 'Caesar salad', exact: true }) });
  await card.getByRole('button', { name: 'Add Caesar salad to cart' }).click();
  const promotions = guest.getByRole('list', { name: 'Promotions' });
  await expect(promotions).toContainText(name);
  await expect(promotions).toContainText('−$1.90');
  await guest.getByRole('complementary').getByRole('link', { name: 'Checkout', exact: true }).click();
  await guest.getByLabel('Name').fill('Promo Guest');
  await guest.getByLabel('Phone').fill('+44 20 7946 0789');
  await expect(guest.getByLabel('Pickup time')).not.toHaveValue('');
  await guest.getByRole('button', { name: 'Place order' }).click();
  await expect(guest).toHaveURL(/\/ordering\/blue-door-bistro\/orders\/[\w-]+$/);
  const totals = guest.locator('dl');
  await expect(totals).toContainText(name);
  await expect(totals).toContainText('$7.60');
  await expect(totals).toContainText('$8.36');

  // A register: the receipt claiming the promotion is stored; a wrong amount is rejected.
  const config = (await (await page.request.get('/api/backoffice/promotions')).json()) as {
    rows: { id: number; name: string }[];
  };
  const promotion = config.rows.find((p) => p.name === name)!;
  const items = (await (await page.request.get('/api/backoffice/discounts/options')).json()) as {
    items: { id: number; name: string }[];
  };
  const salad = items.items.find((i) => i.name === 'Caesar salad')!;
  const device = await pairTerminal(page, 'E2E promotions', 'Canal Walk');
  const payments = (await device.config()).body as { paymentTypes: { id: number; builtin: string | null }[] };
  const cash = payments.paymentTypes.find((p) => p.builtin === 'cash')!.id;
  const receipt = (off: number) => ({
    id: randomUUID(),
    type: 'receipt',
    at: Date.now() - 60_000,
    lines: [{ itemId: salad.id, name: 'Caesar salad', quantity: 1, unitPriceCents: 950, taxRateIds: [] }],
    discounts: [{ name, amountCents: off, promotionId: promotion.id }],
    payments: [{ paymentTypeId: cash, amountCents: 950 - off }],
    totals: { subtotalCents: 950, discountCents: off, taxCents: 0, totalCents: 950 - off },
  });
  const sent = await device.send([receipt(190), receipt(200)]);
  expect(sent.body.results.map((r: { status: string }) => r.status)).toEqual(['stored', 'rejected']);
  await page.goto('/promotions');
  await expect(
    page.getByRole('table', { name: 'Promotions' }).getByRole('row', { name: new RegExp(name) }),
  ).toContainText('$1.90');
  expect(await axe(page, '/promotions')).toEqual([]);
  // Switched off again: the other specs' baskets stay as they were.
  const off = await page.request.delete(`/api/backoffice/promotions/${promotion.id}`, {
    headers: { Origin: new URL(page.url()).origin },
  });
  expect(off.status()).toBe(204);
});
