import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './helpers';

/*
 * Invoices (issue 21), on the real server and the production build: the owner of Atlas Consulting
 * writes an invoice, sends it (numbered, e-mailed), records the payment, and prints it.
 */

async function axe(page: Page, what: string) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${what}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('an invoice is written, sent, paid in full and printed', async ({ browser }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext();
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': `10.72.${process.pid % 250}.31` });
  const page = await context.newPage();
  await signIn(page, 'owner@atlas.test');
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  await page.goto('/invoice?edit=new');
  await expect(page.getByRole('heading', { level: 1, name: 'New invoice' })).toBeVisible();
  const customer = page.getByRole('combobox', { name: /^Customer/ });
  await customer.selectOption({ index: 1 });
  const line = page.getByRole('group', { name: 'Line 1' });
  await line.getByRole('textbox', { name: /^Description/ }).fill('Advisory hours');
  await line.getByRole('textbox', { name: /^Quantity/ }).fill('2.5');
  await line.getByRole('textbox', { name: /^Unit price/ }).fill('80');
  await expect(page.getByText('Total $200.00, tax $0.00.')).toBeVisible();
  expect(await axe(page, 'invoice editor')).toEqual([]);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('table', { name: 'Invoices' })).toBeVisible();

  // The draft is first in the list; open it and send it.
  const draft = page.getByRole('table', { name: 'Invoices' }).getByRole('row').filter({ hasText: 'Draft' }).first();
  await draft.getByRole('link').first().click();
  await page.getByRole('button', { name: 'Send the invoice' }).click();
  // A preview first: nothing goes out until it is confirmed.
  const preview = page.getByRole('dialog', { name: 'Send this invoice?' });
  // The customer may have an address or not: the preview says whom it goes to either way.
  await expect(preview.getByRole('term').first()).toHaveText('To');
  await expect(preview.getByRole('article')).toBeVisible();
  await preview.getByRole('button', { name: 'Confirm and send' }).click();
  await expect(page.getByText(/Invoice #\d+ (was sent to|is numbered)/)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: /^#\d+/ })).toBeVisible();
  const number = /#(\d+)/.exec((await page.getByRole('heading', { level: 1 }).textContent()) ?? '')![1]!;
  await expect(page.getByTestId('invoice-balance')).toHaveText('$200.00');

  await page.getByRole('button', { name: 'Record a payment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Record a payment' });
  await expect(dialog.getByRole('textbox', { name: /^Amount/ })).toHaveValue('200.00');
  await dialog.getByRole('combobox', { name: /^Paid by/ }).selectOption({ label: 'Bank transfer' });
  await dialog.getByRole('textbox', { name: /^Transfer reference/ }).fill(`INV ${number}`);
  await dialog.getByRole('button', { name: 'Record a payment' }).click();
  await expect(page.getByText('The payment was recorded.')).toBeVisible();
  await expect(page.getByTestId('invoice-balance')).toHaveText('$0.00');
  await expect(page.getByRole('list', { name: 'Payments' })).toContainText(`Bank transfer, ref. INV ${number}`);

  // The PDF file, made by the server: named after the invoice, a real PDF.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download PDF' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`invoice-${number}.pdf`);
  const file = await readFile((await download.path())!);
  expect(file.subarray(0, 5).toString()).toBe('%PDF-');
  await expect(
    page.getByRole('region', { name: 'Invoice state and actions' }).getByText('Paid', { exact: true }),
  ).toBeVisible();
  expect(await axe(page, 'paid invoice')).toEqual([]);

  await page.getByRole('link', { name: 'Printable view' }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Invoice #${number}` })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toHaveCount(0);
  await expect(page.getByRole('article', { name: 'The invoice' })).toContainText('Advisory hours');
  expect(await axe(page, 'invoice print view')).toEqual([]);
});

test('a QuickBooks export is previewed and downloaded, and the file is what QuickBooks reads', async ({ browser }) => {
  test.setTimeout(60_000);
  const context = await browser.newContext({ acceptDownloads: true });
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': `10.72.${process.pid % 250}.32` });
  const page = await context.newPage();
  await signIn(page, 'owner@atlas.test');
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  await page.goto('/quickbooks?kind=invoices&format=iif');
  await expect(page.getByRole('heading', { level: 1, name: 'QuickBooks' })).toBeVisible();
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByRole('table', { name: 'The first rows of the file' })).toContainText('INVOICE');
  expect(await axe(page, '/quickbooks with a preview')).toEqual([]);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download the file' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^quickbooks-invoices-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.iif$/);
  const text = await (
    await download.createReadStream()
  )
    .toArray()
    .then((chunks) => Buffer.concat(chunks).toString('utf8'));
  const lines = text
    .trim()
    .split('\r\n')
    .map((l) => l.split('\t'));
  expect(lines[0]![0]).toBe('!TRNS');
  // Every transaction balances: TRNS plus its SPL lines add up to zero.
  let sum = 0;
  for (const l of lines.slice(3)) {
    if (l[0] === 'TRNS' || l[0] === 'SPL') sum += Math.round(Number(l[6]) * 100);
    if (l[0] === 'ENDTRNS') {
      expect(sum).toBe(0);
      sum = 0;
    }
  }
  expect(lines.filter((l) => l[0] === 'ENDTRNS').length).toBeGreaterThan(0);
});
