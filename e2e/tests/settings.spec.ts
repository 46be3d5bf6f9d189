import { expect, test, type Browser, type Page } from '@playwright/test';
import { DEMO_PASSWORD, newMerchant, signIn, watchConsole } from './helpers';

/*
 * Settings (issue 16) in Chromium against the real server: a tax rate used on a new item, a new
 * location, payment types reordered, a logo uploaded and shown, a bad value on each form refused
 * with its message and nothing saved, the pages in Spanish, and billing showing the plan the admin
 * console set from another browser.
 */

let address = 0;
/** Each test signs in from an address of its own (the per-address sign-in limit is per person). */
async function signInAs(page: Page, email: string, password = DEMO_PASSWORD) {
  address += 1;
  await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': `10.66.${process.pid % 250}.${address % 250}` });
  await signIn(page, email, password);
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
}

const stamp = () => `${Date.now() % 1_000_000}`;

// A 2 x 1 PNG (a red and a blue pixel).
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000020000000108020000007b40e8dd0000000d49444154789c63f8cf0004ff01070001ffe2239e590000000049454e44ae426082',
  'hex',
);

test.describe('settings as owner@cornermarket.test', () => {
  test('a new tax rate is picked on a new item and charged by name', async ({ page }) => {
    const console = watchConsole(page);
    const rate = `E2E levy ${stamp()}`;
    const item = `E2E taxed soda ${stamp()}`;
    await signInAs(page, 'owner@cornermarket.test');
    await page.goto('/taxes');
    await expect(page.getByRole('heading', { level: 1, name: 'Taxes' })).toBeVisible();
    await page.getByRole('link', { name: 'New tax rate' }).first().click();
    await page.getByRole('textbox', { name: /^Name/ }).fill(rate);
    await page.getByRole('textbox', { name: /^Rate/ }).fill('1.5');
    await page.getByRole('radio', { name: /Added to the price/ }).check();
    await expect(page.getByText(/costs \$101\.50, of which \$1\.50 is tax/)).toBeVisible();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`“${rate}” was added.`)).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(rate) })).toContainText('Added to the price');

    await page.goto('/items?edit=new');
    await page.getByRole('textbox', { name: /^Name/ }).fill(item);
    await page.getByRole('textbox', { name: /^Price/ }).fill('2');
    await page.getByRole('textbox', { name: /^Cost/ }).fill('0.5');
    const taxes = page.getByRole('group', { name: 'Taxes' });
    await taxes.getByRole('checkbox', { name: new RegExp(`^${rate} 1\\.5% \\(added to the price\\)`) }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`“${item}” was added.`)).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search items' }).fill(item);
    await expect(page.getByRole('row', { name: new RegExp(item) })).toContainText(`${rate} 1.5%`);

    // Now used by an item: the list offers Archive instead of Delete.
    await page.goto('/taxes');
    const row = page.getByRole('row', { name: new RegExp(rate) });
    await expect(row.getByRole('button', { name: `Archive ${rate}` })).toBeVisible();
    await expect(row.getByRole('button', { name: `Delete ${rate}` })).toHaveCount(0);
    console.expectNone();
  });

  test('a location is added and listed', async ({ page }) => {
    const name = `E2E pop-up ${stamp()}`;
    await signInAs(page, 'owner@cornermarket.test');
    await page.goto('/location');
    await page.getByRole('link', { name: 'New location' }).first().click();
    await page.getByRole('textbox', { name: /^Name/ }).fill(name);
    await page.getByRole('textbox', { name: 'Street address' }).fill('5 Market Square');
    await page.getByRole('textbox', { name: 'City' }).fill('Peoria');
    await page.getByRole('combobox', { name: 'Country' }).selectOption('US');
    await expect(page.getByRole('combobox', { name: /^Time zone/ })).toHaveValue('America/Chicago');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`“${name}” was added.`)).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('Peoria, United States');
  });

  test('payment types are reordered and the order survives a reload', async ({ page }) => {
    await signInAs(page, 'owner@cornermarket.test');
    await page.goto('/paymentType');
    const table = page.getByRole('table', { name: 'Payment types' });
    const names = () =>
      table.locator('tbody tr').evaluateAll((rows) => rows.map((r) => r.querySelectorAll('td')[1]?.textContent ?? ''));
    await expect(table.getByRole('row', { name: /Gift card/ })).toBeVisible();
    const before = await names();
    const card = before.findIndex((n) => n.startsWith('Card'));
    await page.getByRole('button', { name: 'Move Card down' }).click();
    await expect(page.getByText(`Card is now number ${card + 2} of ${before.length}.`)).toBeAttached();
    const expected = [...before];
    [expected[card], expected[card + 1]] = [expected[card + 1]!, expected[card]!];
    await expect.poll(names).toEqual(expected);
    await page.reload();
    await expect.poll(names).toEqual(expected);
    // Put it back for the other tests.
    await page.getByRole('button', { name: 'Move Card up' }).click();
    await expect.poll(names).toEqual(before);
  });

  test('an uploaded logo shows in the receipt preview and the header', async ({ page }) => {
    const console = watchConsole(page);
    await signInAs(page, 'owner@cornermarket.test');
    await page.goto('/generalinfo');
    await expect(page.getByRole('heading', { level: 1, name: 'General information' })).toBeVisible();
    // An SVG is refused in the browser already, whatever its name.
    await page.getByLabel(/Upload logo|Replace logo/).setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    });
    await expect(page.getByText('This file is not a PNG, JPEG or WebP image (SVG is not accepted).')).toBeVisible();

    const uploaded = page.waitForResponse(
      (r) => r.url().endsWith('/api/backoffice/business/logo') && r.request().method() === 'PUT',
    );
    await page
      .getByLabel(/Upload logo|Replace logo/)
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
    expect((await uploaded).status()).toBe(200);
    await expect(page.getByText('Logo saved.')).toBeVisible();
    const preview = page.getByTestId('receipt-preview').getByRole('img', { name: /logo$/ });
    await expect(preview).toBeVisible();
    expect(await preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(2);
    const header = page.getByTestId('backoffice-company').locator('img');
    await expect(header).toHaveAttribute('src', /^\/api\/backoffice\/company\/logo\?v=[0-9a-f]{16}$/);
    expect(await header.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(2);
    // Served as the image it is, never sniffed.
    const served = await page.request.get((await header.getAttribute('src'))!);
    expect(served.headers()['content-type']).toBe('image/png');
    expect(served.headers()['x-content-type-options']).toBe('nosniff');
    console.expectNone();
  });

  test('a bad value on each form shows its message and saves nothing', async ({ page }) => {
    await signInAs(page, 'owner@cornermarket.test');
    const writes: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/backoffice/') && !['GET', 'HEAD'].includes(r.method()))
        writes.push(`${r.method()} ${r.url()}`);
    });
    const save = (name = 'Save') => page.getByRole('button', { name }).click();

    await page.goto('/generalinfo');
    const trading = page.getByRole('textbox', { name: /^Trading name/ });
    await trading.fill('');
    await page.getByRole('textbox', { name: /^Email/ }).fill('not an e-mail');
    await save();
    await expect(trading).toHaveAccessibleDescription(/This field is required\./);
    await expect(page.getByText('Enter a valid email address, like name@example.com.')).toBeVisible();

    await page.goto('/location?edit=new');
    await page.getByRole('textbox', { name: /^Phone/ }).fill('call us');
    await save();
    await expect(page.getByRole('textbox', { name: /^Name/ })).toHaveAccessibleDescription(/This field is required\./);
    await expect(page.getByText('Enter a phone number: digits, spaces and + ( ) - only.')).toBeVisible();

    await page.goto('/taxes?edit=new');
    await page.getByRole('textbox', { name: /^Name/ }).fill('Too much');
    await page.getByRole('textbox', { name: /^Rate/ }).fill('150');
    await save();
    await expect(page.getByRole('textbox', { name: /^Rate/ })).toHaveAccessibleDescription(/Enter 100 or less\./);

    await page.goto('/price_hives?edit=new');
    await page.getByRole('textbox', { name: /^Name/ }).fill('Never');
    await page.getByRole('checkbox', { name: 'Only on certain days and hours' }).check();
    for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']) {
      await page.getByRole('group', { name: 'Days' }).getByRole('checkbox', { name: day }).uncheck();
    }
    await save();
    await expect(page.getByText('Choose at least one day.')).toBeVisible();

    for (const path of ['/orderTypes?edit=new', '/paymentType?edit=new']) {
      await page.goto(path);
      await page.getByRole('textbox', { name: /^Name/ }).fill('   ');
      await save();
      await expect(page.getByRole('textbox', { name: /^Name/ })).toHaveAccessibleDescription(
        /This field is required\./,
      );
    }

    await page.goto('/company_billing');
    await page.getByRole('textbox', { name: /^Email/ }).fill('billing@');
    await save('Save contact');
    await expect(page.getByText('Enter a valid email address, like name@example.com.')).toBeVisible();

    expect(writes).toEqual([]);
    // And what was there is still there.
    await page.goto('/generalinfo');
    await expect(page.getByRole('textbox', { name: /^Trading name/ })).toHaveValue('Corner Market');
  });
});

async function newContext(browser: Browser) {
  const context = await browser.newContext();
  return { context, page: await context.newPage() };
}

test.describe('billing', () => {
  test('shows the plan the admin console set: changed as super@hive.test in another browser, seen after a reload', async ({
    browser,
    baseURL,
  }) => {
    // A company of its own, so no other test's menu changes under it.
    const email = `owner-${stamp()}@billing-e2e.test`;
    const company = `Billing E2E ${stamp()}`;
    const owner = await newContext(browser);
    const admin = await newContext(browser);
    try {
      await newMerchant(baseURL!, { company, email, password: 'billing-e2e-2026' });

      await signInAs(owner.page, email, 'billing-e2e-2026');
      await owner.page.goto('/company_billing');
      const plan = owner.page.getByRole('table', { name: 'Monthly price of your plan' });
      await expect(plan.getByRole('row', { name: /Retail licence/ })).toContainText('$49.00');
      await expect(owner.page.getByTestId('billing-monthly-total')).toHaveText('$49.00');
      await expect(plan).not.toContainText('Loyalty');

      await admin.page.goto('/admin');
      await admin.page.getByLabel('Email').fill('super@hive.test');
      await admin.page.getByLabel('Password').fill(DEMO_PASSWORD);
      await admin.page.getByRole('button', { name: 'Sign in' }).click();
      await expect(admin.page).toHaveURL(/\/admin\/companies$/);
      await admin.page.getByRole('searchbox', { name: 'Search companies' }).fill(company);
      const row = admin.page.getByRole('row', { name: new RegExp(company) });
      await expect(row).toHaveCount(1);
      await row.getByRole('button', { name: 'Change plan' }).click();
      const dialog = admin.page.getByRole('dialog', { name: `Plan of ${company}` });
      await dialog.getByLabel('Loyalty').check();
      await dialog.getByRole('textbox', { name: /^Coupon code/ }).fill('NOPE-404');
      await dialog.getByRole('button', { name: 'Save plan' }).click();
      await expect(dialog.getByText('No coupon has this code.')).toBeVisible();
      await dialog.getByRole('textbox', { name: /^Coupon code/ }).fill('welcome10');
      // The owner's open tab hears the plan change live and reads its user data again by itself.
      const refetched = owner.page.waitForResponse((r) => r.url().includes('/api/auth/usercompany'));
      await dialog.getByRole('button', { name: 'Save plan' }).click();
      await expect(admin.page.getByText(`The plan of ${company} was changed.`)).toBeVisible();
      await refetched;

      await owner.page.reload();
      await expect(plan.getByRole('row', { name: /Loyalty add-on/ })).toContainText('$15.00');
      await expect(plan.getByRole('row', { name: /Coupon WELCOME10/ })).toContainText('−$6.40');
      await expect(owner.page.getByTestId('billing-monthly-total')).toHaveText('$57.60');
      // That refetch cleared the X-Plan-Changed signal: no "Reload now" notice is left to take.
      await expect(owner.page.getByRole('link', { name: 'Reload now' })).toHaveCount(0);
      await expect(owner.page).toHaveURL(/\/company_billing/);

      // "Request a change" opens a ticket the admin console's support area shows.
      await owner.page.getByRole('button', { name: 'Request a change' }).click();
      const request = owner.page.getByRole('dialog', { name: 'Request a plan change' });
      await request.getByRole('checkbox', { name: 'Inventory' }).check();
      await request.getByRole('textbox', { name: /^Message/ }).fill('We start keeping stock next month.');
      await request.getByRole('button', { name: 'Send request' }).click();
      const sent = owner.page.getByText(/^Request HIVE-\d+ sent\./);
      await expect(sent).toBeVisible();
      const ref = /HIVE-\d+/.exec((await sent.textContent())!)![0];
      await expect(owner.page.getByRole('region', { name: 'Your requests' })).toContainText(ref);
      await admin.page.goto('/admin/support');
      await expect(admin.page.getByRole('row', { name: new RegExp(ref) })).toContainText(company);
    } finally {
      await owner.context.close();
      await admin.context.close();
    }
  });

  test('an invoice opens as a printable page', async ({ page }) => {
    await signInAs(page, 'owner@bluedoor.test');
    await page.goto('/company_billing');
    const invoices = page.getByRole('table', { name: 'Invoices' });
    await expect(invoices.locator('tbody tr')).toHaveCount(6);
    await invoices.getByRole('link').first().click();
    await expect(page).toHaveURL(/\/company_billing\?invoice=\d+$/);
    const doc = page.getByRole('article', { name: /^Invoice \d+$/ });
    await expect(doc).toContainText('Blue Door Bistro Ltd');
    await expect(doc).toContainText('Discount (coupon RESTO15)');
    await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
    // Printed, the back-office around it goes.
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
    await expect(doc).toBeVisible();
  });
});
