import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import type { DeviceConfig } from '@hive/shared/schemas/device';
import { signIn } from './helpers';
import { pairTerminal } from './register';

/*
 * Modifiers (issue 21), on the real server and the production build: the owner makes a required
 * modifier group in the UI and attaches it to an item; the storefront asks for the choice before
 * the item goes in the cart and the order is priced with it; the registers' config carries the group
 * and a receipt naming the modifier is stored and counted on the page; deleting the group takes it
 * off the menu.
 */

async function axe(page: Page, what: string) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${what}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('a modifier group made in the UI is chosen in the storefront and sold by a register', async ({ browser }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext();
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': `10.74.${process.pid % 250}.41` });
  const page = await context.newPage();
  await signIn(page, 'owner@bluedoor.test');
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  // Crispy calamari: an item no other spec orders (specs share one server).
  const name = `Dip ${Date.now() % 100_000}`;
  await page.goto('/modifiers?edit=new');
  await page.getByRole('textbox', { name: /^Group name/ }).fill(name);
  await page.getByRole('textbox', { name: /^Fewest choices/ }).fill('1');
  await page.getByRole('textbox', { name: /^Most choices/ }).fill('1');
  const first = page.getByRole('group', { name: 'Modifier 1' });
  await first.getByRole('textbox', { name: /^Modifier/ }).fill('Lemon mayo');
  await page.getByRole('button', { name: 'Add a modifier' }).click();
  const second = page.getByRole('group', { name: 'Modifier 2' });
  await second.getByRole('textbox', { name: /^Modifier/ }).fill('Spicy aioli');
  await second.getByRole('textbox', { name: /^Price/ }).fill('0.75');
  await page.getByRole('searchbox', { name: 'Find items' }).fill('calamari');
  await page.getByRole('checkbox', { name: 'Crispy calamari', exact: true }).check();
  await expect(page.getByText('Customers see: Choose 1.')).toBeVisible();
  expect(await axe(page, 'modifier group form')).toEqual([]);
  await page.getByRole('button', { name: 'Save' }).click();
  const row = page.getByRole('table', { name: 'Modifier groups' }).getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('Lemon mayo, Spicy aioli (+$0.75)');
  await expect(row).toContainText('Crispy calamari');

  // The storefront asks for the dip first, then prices the calamari with it (10.50 + 0.75).
  const guest = await (await browser.newContext()).newPage();
  await guest.goto('/ordering/blue-door-bistro');
  const card = guest
    .getByRole('listitem')
    .filter({ has: guest.getByRole('heading', { name: 'Crispy calamari', exact: true }) });
  const dips = card.getByRole('group', { name });
  await expect(dips).toHaveAccessibleDescription('Choose 1');
  await card.getByRole('button', { name: 'Add Crispy calamari to cart' }).click();
  await expect(card.getByRole('alert')).toHaveText(`Choose at least 1 for ${name}.`);
  await expect(dips.getByRole('radio', { name: 'Lemon mayo' })).toBeFocused();
  expect(await axe(guest, 'storefront with a required group')).toEqual([]);
  await dips.getByRole('radio', { name: 'Spicy aioli (+$0.75)' }).check();
  await expect(card.getByRole('button', { name: 'Add Crispy calamari to cart' })).toContainText('$11.25');
  await card.getByRole('button', { name: 'Add Crispy calamari to cart' }).click();
  await expect(guest.getByRole('list', { name: 'Your order' })).toContainText('Spicy aioli');
  await guest.getByRole('complementary').getByRole('link', { name: 'Checkout', exact: true }).click();
  await guest.getByLabel('Name').fill('Dip Guest');
  await guest.getByLabel('Phone').fill('+44 20 7946 0790');
  await expect(guest.getByLabel('Pickup time')).not.toHaveValue('');
  await guest.getByRole('button', { name: 'Place order' }).click();
  await expect(guest).toHaveURL(/\/ordering\/blue-door-bistro\/orders\/[\w-]+$/);
  await expect(guest.getByRole('main')).toContainText('Spicy aioli');
  await expect(guest.locator('dl')).toContainText('$11.25');

  // A register gets the group in its config; its receipt naming the modifier is stored and counted.
  const device = await pairTerminal(page, 'E2E modifiers', 'Canal Walk');
  const config = (await device.config()).body as DeviceConfig;
  const group = config.modifierGroups.find((g) => g.name === name)!;
  const calamari = config.items.find((i) => i.name === 'Crispy calamari')!;
  expect(calamari.modifierGroupIds).toContain(group.id);
  const aioli = group.modifiers.find((m) => m.name === 'Spicy aioli')!;
  expect(aioli.priceCents).toBe(75);
  const cash = config.paymentTypes.find((p) => p.builtin === 'cash')!.id;
  const total = 2 * (calamari.priceCents + 75);
  const sent = await device.send([
    {
      id: randomUUID(),
      type: 'receipt',
      at: Date.now() - 60_000,
      lines: [
        {
          itemId: calamari.id,
          name: 'Crispy calamari',
          quantity: 2,
          unitPriceCents: calamari.priceCents,
          modifiers: [{ name: 'Spicy aioli', priceCents: 75, modifierId: aioli.id }],
          taxRateIds: [],
        },
      ],
      payments: [{ paymentTypeId: cash, amountCents: total }],
      totals: { subtotalCents: total, discountCents: 0, taxCents: 0, totalCents: total },
    },
  ]);
  expect(sent.body.results.map((r: { status: string }) => r.status)).toEqual(['stored']);
  await page.goto('/modifiers');
  const counted = page.getByRole('table', { name: 'Modifier groups' }).getByRole('row', { name: new RegExp(name) });
  await expect(counted.getByRole('cell').nth(4)).toHaveText('2');
  expect(await axe(page, '/modifiers')).toEqual([]);

  // Deleted in the UI: the storefront no longer asks for it (the other specs' calamari is plain).
  await counted.getByRole('button', { name: `Delete ${name}` }).click();
  await page
    .getByRole('alertdialog', { name: 'Delete this modifier group?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByText(`Modifier group “${name}” was deleted.`)).toBeVisible();
  await guest.goto('/ordering/blue-door-bistro');
  await expect(
    guest
      .getByRole('listitem')
      .filter({ has: guest.getByRole('heading', { name: 'Crispy calamari', exact: true }) })
      .getByRole('group'),
  ).toHaveCount(0);
});
