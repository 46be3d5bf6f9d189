import { expect, test, type Browser, type Page } from '@playwright/test';
import { DEMO_PASSWORD, newMerchant, signIn, watchConsole } from './helpers';

/*
 * The admin console (issue 6) in Chromium against the real server. The admin menu of SPEC.md 2 has
 * no groups, so the one-group-open accordion and its adminOpenAccordions storage are covered by
 * unit tests (admin-remote/src/layout/AdminSidebar.test.tsx); here the menu of every persona, the
 * role label, the sidebar open again after a reload, the admin_ key purge, a refused write and the
 * plan-change flow into the back-office.
 */

const adminMenu = (page: Page) => page.getByRole('navigation', { name: 'Admin menu' });
const mainMenu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });
// The toast region (an empty live region) is an alert too: read the sign-in form's own message.
const loginAlert = (page: Page) => page.getByRole('form', { name: 'Admin console' }).getByRole('alert');

async function adminSignIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/admin');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

const PERSONAS: { email: string; label: string; entries: string[] }[] = [
  {
    email: 'super@hive.test',
    label: 'admin',
    entries: ['companies', 'users', 'coupons', 'support', 'base_prices', 'bee_merchant', 'releases'],
  },
  {
    email: 'dev@hive.test',
    label: 'dev',
    entries: ['companies', 'users', 'coupons', 'support', 'base_prices', 'bee_merchant', 'releases'],
  },
  { email: 'support@hive.test', label: 'support', entries: ['companies', 'users', 'support'] },
  { email: 'billing@hive.test', label: 'billing', entries: ['companies', 'coupons', 'base_prices'] },
  { email: 'distributor@hive.test', label: 'distributors', entries: ['companies', 'bee_merchant'] },
  { email: 'viewer@hive.test', label: 'viewer', entries: ['companies'] },
  { email: 'staff@hive.test', label: 'admin', entries: ['companies'] },
];

test.describe('admin console: sign-in and menu per persona', () => {
  for (const persona of PERSONAS) {
    test(`${persona.email}: lands on its first entry, menu = its permissions, label "${persona.label}"`, async ({
      page,
    }) => {
      const console = watchConsole(page);
      await adminSignIn(page, persona.email);
      await expect(page).toHaveURL(new RegExp(`/admin/${persona.entries[0]}$`));
      const menu = adminMenu(page);
      await expect(menu).toBeVisible();
      const hrefs = await menu.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
      expect(hrefs).toEqual(persona.entries.map((entry) => `/admin/${entry}`));
      await expect(menu.getByRole('button', { name: 'Log out' })).toBeVisible();
      await expect(page.getByTestId('admin-role')).toHaveText(persona.label);
      await expect(menu.locator('a[aria-current="page"]')).toHaveAttribute('href', `/admin/${persona.entries[0]}`);
      // An entry outside the permissions answers /unauthorized.
      const missing = ['companies', 'users', 'coupons', 'support', 'base_prices', 'bee_merchant', 'releases'].find(
        (entry) => !persona.entries.includes(entry),
      );
      if (missing) {
        await page.goto(`/admin/${missing}`);
        await expect(page).toHaveURL(/\/unauthorized$/);
      }
      console.expectNone();
    });
  }

  test('a merchant is refused with a clear message and is not left signed in', async ({ page }) => {
    await adminSignIn(page, 'owner@cornermarket.test');
    await expect(loginAlert(page)).toContainText('This is a merchant account');
    await expect(page.getByLabel('Email')).toHaveValue('owner@cornermarket.test');
    expect(await (await page.request.get('/api/auth/session')).json()).toBeNull();
    await expect(adminMenu(page)).toHaveCount(0);
  });

  test('wrong password: says so, keeps what was typed; Logout goes back to /admin', async ({ page }) => {
    await adminSignIn(page, 'support@hive.test', 'not-the-password');
    await expect(loginAlert(page)).toHaveText('The email or password is not correct.');
    await expect(page.getByLabel('Email')).toHaveValue('support@hive.test');
    await expect(page.getByLabel('Password')).toHaveValue('not-the-password');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/admin\/companies$/);
    await adminMenu(page).getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  });

  test('server unreachable: says so and keeps what was typed', async ({ page }) => {
    await page.goto('/admin');
    await page.getByLabel('Email').fill('billing@hive.test');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.route('**/api/auth/**', (route) => route.abort('connectionrefused'));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(loginAlert(page)).toHaveText('The server cannot be reached. Check your connection and try again.');
    await expect(page.getByLabel('Email')).toHaveValue('billing@hive.test');
  });
});

test.describe('admin console: layout state', () => {
  test('the sidebar starts open on every load, even after it was closed; other admin_ keys go on each route change', async ({
    page,
  }) => {
    await adminSignIn(page, 'super@hive.test');
    await expect(page).toHaveURL(/\/admin\/companies$/);
    const toggle = page.getByRole('button', { name: 'Hide menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await toggle.click();
    await expect(page.getByRole('button', { name: 'Show menu' })).toHaveAttribute('aria-expanded', 'false');
    await page.reload();
    await expect(page.getByRole('button', { name: 'Hide menu' })).toHaveAttribute('aria-expanded', 'true');
    await page.getByRole('button', { name: 'Hide menu' }).click();
    await expect(page.getByRole('button', { name: 'Show menu' })).toHaveAttribute('aria-expanded', 'false');
    // Closed, the entries stay reachable by name (icon rail).
    await page.evaluate(() => {
      localStorage.setItem('admin_draft', 'x');
      localStorage.setItem('admin_filters_users', '{}');
    });
    await adminMenu(page).getByRole('link', { name: 'Users' }).click();
    await expect(page).toHaveURL(/\/admin\/users$/);
    await expect(adminMenu(page).getByRole('link', { name: 'Users' })).toHaveAttribute('aria-current', 'page');
    const keys = await page.evaluate(() =>
      Object.keys(localStorage)
        .filter((k) => k.startsWith('admin'))
        .sort(),
    );
    expect(keys).toEqual(['admin_hive_redux_state']);
    await page.getByRole('button', { name: 'Show menu' }).click();
  });
});

test.describe('admin console: the server decides', () => {
  test('a viewer may open a change, the server refuses it and the UI says so; nothing changed', async ({ page }) => {
    await adminSignIn(page, 'viewer@hive.test');
    await expect(page).toHaveURL(/\/admin\/companies$/);
    await expect(page.getByText('Your role (viewer) can view this area but not change it')).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search companies' }).fill('Tiny Kiosk');
    const row = page.getByRole('row', { name: /Tiny Kiosk/ });
    await row.getByRole('button', { name: 'Change plan' }).click();
    const dialog = page.getByRole('dialog', { name: 'Plan of Tiny Kiosk' });
    await dialog.getByLabel('Loyalty').check();
    const refused = page.waitForResponse(
      (r) => r.url().includes('/api/admin/companies/') && r.request().method() === 'PUT',
    );
    await dialog.getByRole('button', { name: 'Save plan' }).click();
    const response = await refused;
    expect(response.status()).toBe(403);
    expect((await response.json()).message).toBe('Your role (viewer) may not change company plans.');
    await expect(page).toHaveURL(/\/unauthorized$/);
    await expect(page.getByRole('heading', { name: 'You do not have access to this page' })).toBeVisible();
    const list = await (await page.request.get('/api/admin/companies?q=tiny')).json();
    expect(list.items[0].addons).toEqual([]);
  });
});

async function signedInContext(browser: Browser, how: (page: Page) => Promise<void>) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await how(page);
  return { context, page };
}

test.describe('plan change reaches the back-office', () => {
  test('billing removes Inventory from a company; the owner, in the tab left open, no longer sees it', async ({
    browser,
    baseURL,
  }) => {
    // A company of the test's own: the demo companies' menus stay as other specs expect them.
    const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
    const name = `Plan Change ${stamp}`;
    const email = `owner-${stamp}@plan-e2e.test`;
    await newMerchant(baseURL!, { company: name, email, password: 'plan-change-2026' });
    const billing = await signedInContext(browser, (page) => adminSignIn(page, 'billing@hive.test'));
    await expect(billing.page).toHaveURL(/\/admin\/companies$/);
    const list = await (await billing.page.request.get(`/api/admin/companies?q=${encodeURIComponent(name)}`)).json();
    const created = list.items.find((c: { name: string }) => c.name === name);
    const setUp = await billing.page.request.put(`/api/admin/companies/${created.id}/plan`, {
      data: { license: 'Retail', addons: ['Inventory', 'Loyalty'] },
    });
    expect(setUp.ok()).toBe(true);
    const owner = await signedInContext(browser, (page) => signIn(page, email, 'plan-change-2026'));
    try {
      await expect(mainMenu(owner.page)).toBeVisible();
      await expect(owner.page.locator('a[href="/stock_movement"]')).toHaveCount(1);

      const admin = billing.page;
      await expect(admin).toHaveURL(/\/admin\/companies$/);
      // The list as it is now (the page loaded before the set-up above changed the plan).
      await admin.goto(`/admin/companies?q=${encodeURIComponent(name)}`);
      const row = admin.getByRole('row', { name: new RegExp(name) });
      await expect(row.getByRole('cell', { name: 'Inventory, Loyalty' })).toBeVisible();
      await expect(row).toHaveCount(1);
      await row.getByRole('button', { name: 'Change plan' }).click();
      const dialog = admin.getByRole('dialog', { name: `Plan of ${name}` });
      await dialog.getByLabel('Inventory').uncheck();
      await dialog.getByRole('button', { name: 'Save plan' }).click();
      await expect(admin.getByText(`The plan of ${name} was changed.`)).toBeVisible();
      await expect(row.getByRole('cell', { name: 'Loyalty', exact: true })).toBeVisible();

      // The audit log on the company's page tells who changed what.
      await row.getByRole('link', { name }).click();
      const audit = admin.getByRole('table', { name: 'Audit log' });
      await expect(audit.getByRole('row').nth(1)).toContainText('billing@hive.test');
      await expect(audit.getByRole('row').nth(1)).toContainText('Plan changed');

      // The owner's open tab heard the change on the live stream and read its user data again
      // (the ?planChanged=true flow, in place): the new menu without a reload or a sign-out ...
      await expect(owner.page.locator('a[href="/stock_movement"]')).toHaveCount(0);
      await expect(owner.page.locator('a[href="/stock"]')).toHaveCount(0);
      await expect(mainMenu(owner.page).getByRole('button', { name: /Inventory/ })).toHaveCount(0);
      // ... which cleared the X-Plan-Changed signal, so no notice is left to take.
      await expect
        .poll(async () => (await owner.page.request.get('/api/auth/session')).headers()['x-plan-changed'])
        .toBeUndefined();
      await expect(owner.page.getByRole('link', { name: 'Reload now' })).toHaveCount(0);
      // A bookmark of a page the plan no longer has says what brings it back.
      await owner.page.goto('/stock');
      await expect(owner.page.getByRole('heading', { name: 'Not in your plan' })).toBeVisible();
      await expect(owner.page.getByText(/^Stock is part of the Inventory add-on\./)).toBeVisible();
    } finally {
      await owner.context.close();
      await billing.context.close();
    }
  });
});
