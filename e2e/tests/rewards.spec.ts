import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './helpers';

/*
 * Gift cards (issue 21), on the real server and the production build: the owner issues a card on
 * /giftcards (its number shown once), a guest pays an online order with it, and the card's page
 * shows the new balance and the order in its history.
 */

async function axe(page: Page, what: string) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${what}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('a gift card issued in the back-office pays an online order, and its history shows it', async ({ browser }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext();
  // An address of its own: sign-ins are limited per address.
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': `10.71.${process.pid % 250}.21` });
  const page = await context.newPage();
  await signIn(page, 'owner@bluedoor.test');
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  await page.goto('/giftcards?edit=new');
  await expect(page.getByRole('heading', { level: 1, name: 'Issue a gift card' })).toBeVisible();
  await page.getByRole('textbox', { name: /^Amount/ }).fill('12');
  await page.getByRole('textbox', { name: /^Note/ }).fill('e2e card');
  await page.getByRole('button', { name: 'Save' }).click();
  const shown = page.getByRole('alertdialog', { name: 'The gift card number' });
  const number = ((await shown.getByTestId('gift-card-number').textContent()) ?? '').replace(/\s/g, '');
  expect(number).toMatch(/^\d{16}$/);
  expect(await axe(page, 'number dialog')).toEqual([]);
  await shown.getByRole('button', { name: 'I have noted it' }).click();
  const row = page.getByRole('table', { name: 'Gift cards' }).getByRole('row', { name: new RegExp(number.slice(-4)) });
  await expect(row).toContainText('$12.00');

  // A guest, in a browser of their own, pays with the card.
  const guest = await (await browser.newContext()).newPage();
  await guest.goto('/ordering/blue-door-bistro');
  const burger = guest
    .getByRole('listitem')
    .filter({ has: guest.getByRole('heading', { name: 'Blue Door burger', exact: true }) });
  await burger.getByRole('button', { name: 'Add Blue Door burger to cart' }).click();
  await guest.getByRole('complementary').getByRole('link', { name: 'Checkout', exact: true }).click();
  await guest.getByLabel('Name').fill('Gift Guest');
  await guest.getByLabel('Phone').fill('+44 20 7946 0456');
  await expect(guest.getByLabel('Pickup time')).not.toHaveValue('');
  const field = guest.getByRole('textbox', { name: 'Gift card (optional)' });
  await field.fill('1234 5678');
  await guest.getByRole('button', { name: 'Check balance' }).click();
  await expect(field).toHaveAccessibleDescription(/Enter the 16 digits/);
  await field.fill(number.replace(/(\d{4})(?=\d)/g, '$1 '));
  await guest.getByRole('button', { name: 'Check balance' }).click();
  await expect(guest.getByRole('status').filter({ hasText: 'This card holds $12.00.' })).toBeVisible();
  expect(await axe(guest, 'checkout with a gift card')).toEqual([]);
  await guest.getByRole('button', { name: 'Place order' }).click();
  await expect(guest).toHaveURL(/\/ordering\/blue-door-bistro\/orders\/[\w-]+$/);
  const totals = guest.locator('dl');
  await expect(totals).toContainText(`Gift card •••• ${number.slice(-4)}`);
  await expect(totals).toContainText('−$12.00');
  await expect(totals).toContainText('To pay at pickup');
  const orderNumber = /#(\d+)/.exec((await guest.getByRole('heading', { level: 1 }).textContent()) ?? '')![1];

  // Back in the back-office: the card is empty and its history names the order.
  await row.getByRole('link').first().click();
  await expect(page.getByTestId('gift-card-balance')).toHaveText('$0.00');
  const history = page.getByRole('region', { name: 'History' }).getByRole('table');
  await expect(history.getByRole('row', { name: /Paid with/ })).toContainText(`Online order #${orderNumber}`);
  expect(await axe(page, 'gift card page')).toEqual([]);
});
