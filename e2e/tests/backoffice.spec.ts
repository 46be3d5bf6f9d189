import { expect, test, type Page } from '@playwright/test';
import { backofficeBottomMenu, backofficeMainMenu, menuPaths, visibleMenu } from '@hive/shared/menu';
import { DEMO_COMPANIES, DEMO_USERS, type DemoUser } from '../../server/src/demo/personas';
import { signIn, trackNetwork, watchConsole } from './helpers';

/*
 * The back-office remote in the real shell against the real server (issue 5): menus per persona,
 * the route guard, CRUD on items and customers, validation, CSV export, the overview and the
 * saved accordion state.
 */

let address = 0;
/**
 * Each test signs in from an address of its own (the server trusts X-Forwarded-For, as behind a
 * proxy): the per-address sign-in limit (20 / 15 min) is per person, and the whole e2e run signs
 * in more often than that from localhost.
 */
async function signInAs(page: Page, email: string) {
  address += 1;
  await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': `10.55.${process.pid % 250}.${address % 250}` });
  await signIn(page, email);
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
}

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });
const bottomNav = (page: Page) => page.getByRole('navigation', { name: 'Bottom menu' });

/** Clicks closed groups until there are none (nested groups appear as their parents open). */
async function expandEveryGroup(page: Page) {
  const closed = page.locator(
    'nav[aria-label="Main menu"] button[aria-expanded="false"], nav[aria-label="Bottom menu"] button[aria-expanded="false"]',
  );
  for (let guard = 0; guard < 50 && (await closed.count()) > 0; guard += 1) {
    const button = closed.first();
    await button.click();
  }
  await expect(closed).toHaveCount(0);
}

const visibleHrefs = (page: Page, name: 'Main menu' | 'Bottom menu') =>
  page
    .getByRole('navigation', { name })
    .locator('a[href]:visible')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href')));

/** What the rules allow: @hive/shared's visibleMenu with the persona's licence, add-ons and permissions. */
function expectedMenus(user: DemoUser) {
  const company = DEMO_COMPANIES.find((c) => c.slug === user.company)!;
  const ctx = {
    role: user.role,
    license: company.license,
    addons: company.addons,
    permissions: user.permissions().map((name) => ({ id_permission: name, description: name })),
  };
  return {
    main: menuPaths(visibleMenu(backofficeMainMenu, ctx)),
    bottom: menuPaths(visibleMenu(backofficeBottomMenu, ctx)),
  };
}

const MERCHANTS = DEMO_USERS.filter((u) => !u.admin);

test.describe('back-office menus', () => {
  test('there are merchant personas to check', () => {
    expect(MERCHANTS.map((u) => u.email)).toEqual([
      'owner@cornermarket.test',
      'manager@cornermarket.test',
      'clerk@cornermarket.test',
      'lucia@cornermarket.test',
      'owner@bluedoor.test',
      'manager@bluedoor.test',
      'owner@atlas.test',
      'owner@tinykiosk.test',
      'owner@greenleaf.test',
    ]);
  });

  // Only spanish.spec.ts signs in as Lucía (the manager who works in Spanish).
  for (const user of MERCHANTS.filter((u) => u.language !== 'es')) {
    test(`${user.email}: the two menus hold exactly the links the rules give`, async ({ page }) => {
      const console = watchConsole(page);
      await signInAs(page, user.email);
      await expandEveryGroup(page);
      const expected = expectedMenus(user);
      expect(await visibleHrefs(page, 'Main menu')).toEqual(expected.main);
      expect(await visibleHrefs(page, 'Bottom menu')).toEqual(expected.bottom);
      // Logout is always there, as an action.
      await expect(bottomNav(page).getByRole('button', { name: 'Log out' })).toBeVisible();
      console.expectNone();
    });
  }

  test('clerk@cornermarket.test opening /items lands on /unauthorized', async ({ page }) => {
    await signInAs(page, 'clerk@cornermarket.test');
    await page.goto('/items');
    await expect(page).toHaveURL(/\/unauthorized$/);
    // And the API behind the page agrees.
    const response = await page.request.get('/api/backoffice/items');
    expect(response.status()).toBe(403);
  });

  test('a catalog page answers with its title and breadcrumb, and is a real page', async ({ page }) => {
    await signInAs(page, 'owner@cornermarket.test');
    await page.goto('/bundles');
    await expect(page.getByRole('heading', { level: 1, name: 'Bundles' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Products catalog');
    await expect(mainNav(page).getByRole('link', { name: 'Bundles' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByText(/not available yet/i)).toHaveCount(0);
  });

  test('print views render without the sidebar shell', async ({ page }) => {
    await signInAs(page, 'owner@bluedoor.test');
    await page.goto('/teamsheet');
    await expect(page.getByRole('heading', { level: 1, name: 'Team sheet' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toHaveCount(0);
    await expect(page.getByRole('banner')).toHaveCount(0);
  });
});

test.describe('back-office layout', () => {
  test('accordion and sidebar state survive a reload; the active entry is highlighted', async ({ page }) => {
    await signInAs(page, 'owner@cornermarket.test');
    await page.goto('/overview');
    const team = mainNav(page).getByRole('button', { name: 'Team and scheduling' });
    const reporting = mainNav(page).getByRole('button', { name: 'Reporting' });
    await expect(team).toHaveAttribute('aria-expanded', 'false');
    await team.click();
    await reporting.click();
    await expect(team).toHaveAttribute('aria-expanded', 'true');
    // Saved 300 ms after the last click.
    await expect
      .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('hive_redux_state') ?? '{}').openGroups))
      .toEqual(['menu.team', 'menu.reporting']);
    await page.reload();
    await expect(mainNav(page).getByRole('button', { name: 'Team and scheduling' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await expect(mainNav(page).getByRole('button', { name: 'Reporting' })).toHaveAttribute('aria-expanded', 'true');
    await expect(mainNav(page).getByRole('button', { name: 'Products catalog' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    await expect(mainNav(page).getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');

    // Closed sidebar: an icon rail; a group clicked there opens the sidebar with the group open.
    const toggle = page.getByRole('button', { name: 'Toggle sidebar' });
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await page.reload();
    await expect(page.getByRole('button', { name: 'Toggle sidebar' })).toHaveAttribute('aria-expanded', 'false');
    await mainNav(page).getByRole('button', { name: 'Products catalog' }).click();
    await expect(page.getByRole('button', { name: 'Toggle sidebar' })).toHaveAttribute('aria-expanded', 'true');
    await expect(mainNav(page).getByRole('link', { name: 'Items' })).toBeVisible();
  });

  test('360 px wide: the sidebar is a drawer', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    address += 1;
    await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': `10.56.${process.pid % 250}.${address % 250}` });
    await signIn(page, 'manager@cornermarket.test');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(mainNav(page)).toBeHidden();
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await expect(mainNav(page)).toBeVisible();
    await mainNav(page).getByRole('button', { name: 'Products catalog' }).click();
    await mainNav(page).getByRole('link', { name: 'Categories' }).click();
    await expect(page).toHaveURL(/\/categories$/);
    await expect(mainNav(page)).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Categories' })).toBeVisible();
    // No horizontal scrolling of the page itself at 360 px.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });

  // The language switch is tested on the Spanish persona (spanish.spec.ts): the choice is saved on
  // the account, and other specs sign in as this owner.
  test('header: company name, the languages offered, and logout', async ({ page }) => {
    await signInAs(page, 'owner@atlas.test');
    await expect(page.getByRole('banner')).toContainText('Hive POS');
    await expect(page.getByTestId('backoffice-company')).toHaveText('Atlas Consulting');
    const account = page.getByRole('button', { name: 'Account menu for owner@atlas.test' });
    await account.click();
    await expect(page.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('button', { name: 'Español' })).toHaveAttribute('aria-pressed', 'false');
    await page.keyboard.press('Escape');
    await expect(account).toHaveAttribute('aria-expanded', 'false');
    await account.click();
    await page
      .locator(`#${await account.getAttribute('aria-controls')}`)
      .getByRole('button', { name: 'Log out' })
      .click();
    await expect(page).toHaveURL(/\/(authentication\/login)?$/);
  });
});

test.describe('overview', () => {
  test('KPI tiles, the chart (its library loaded by this page only) and the top 5 items', async ({ page }) => {
    await signInAs(page, 'owner@cornermarket.test');
    // The owner lands on the overview; let it finish so none of its requests spill into the next page.
    await expect(page.locator('.recharts-wrapper svg')).toBeVisible();

    const scripts: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.endsWith('.js')) scripts.push(request.url());
    });
    const withChartLibrary = async (urls: string[]) => {
      const found: string[] = [];
      for (const url of new Set(urls)) {
        if ((await (await page.request.get(url)).text()).includes('recharts-wrapper'))
          found.push(new URL(url).pathname);
      }
      return found;
    };
    // Not 'networkidle': the live stream is a fetch that stays open, which Playwright counts.
    const network = trackNetwork(page);
    await page.goto('/items'); // a fresh document: every script it runs is requested again
    await expect(page.getByRole('table', { name: 'Items' })).toBeVisible();
    await network.quiet();
    expect(scripts.length).toBeGreaterThan(0);
    expect(await withChartLibrary(scripts)).toEqual([]);
    scripts.length = 0;

    await mainNav(page).getByRole('link', { name: 'Overview' }).click();
    const tiles = page.getByRole('list', { name: 'Key figures' });
    await expect(tiles.getByRole('listitem')).toHaveCount(4);
    await expect(tiles).toContainText('Net sales');
    await expect(tiles).toContainText('$');
    await page.getByRole('button', { name: 'Last 30 days' }).click();
    await expect(tiles).toContainText(/on the previous period|No sales in the previous period/);
    await expect(page.locator('.recharts-wrapper svg')).toBeVisible();
    await expect(page.getByRole('table', { name: 'Top 5 items, last 30 days' }).locator('tbody tr')).toHaveCount(5);
    expect(await withChartLibrary(scripts)).not.toEqual([]);
  });
});

test.describe('items and customers, end to end', () => {
  test('item: create, search, edit and delete; CSV export', async ({ page }) => {
    const console = watchConsole(page);
    const name = `E2E lemonade ${Date.now()}`;
    await signInAs(page, 'owner@cornermarket.test');
    await page.goto('/items');
    await page.getByRole('link', { name: 'New item' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'New item' })).toBeVisible();
    await page.getByRole('textbox', { name: /^Name/ }).fill(name);
    await page.getByRole('textbox', { name: /^SKU/ }).fill(`E2E-${Date.now() % 100000}`);
    await page.getByRole('combobox', { name: 'Category' }).selectOption({ label: 'Beverages' });
    await page.getByRole('textbox', { name: /^Price/ }).fill('2.49');
    await page.getByRole('textbox', { name: /^Cost/ }).fill('0.9');
    // Corner Market's standard rate applies to new items: it is ticked already.
    await expect(page.getByRole('checkbox', { name: /^Standard rate 8% \(/ })).toBeChecked();
    await page.getByRole('checkbox', { name: 'Track stock' }).check();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`“${name}” was added.`)).toBeVisible();
    await expect(page).toHaveURL(/\/items$/);

    await page.getByRole('searchbox', { name: 'Search items' }).fill('e2e lemonade');
    await expect(page).toHaveURL(/\?q=e2e\+lemonade|\?q=e2e%20lemonade/);
    const row = page.getByRole('row', { name: new RegExp(name) });
    await expect(row).toBeVisible();
    await expect(row).toContainText('Beverages');
    await expect(row).toContainText('$2.49');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^items-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await (await file.createReadStream()).toArray();
    const text = Buffer.concat(csv.map((c) => Buffer.from(c))).toString('utf8');
    // One "On hand" column per warehouse: the demo's three, and those another test added meanwhile.
    const header = text
      .replace(/^\ufeff/, '')
      .split('\r\n')[0]!
      .split(',');
    expect(header.slice(0, 9)).toEqual([
      'Name',
      'SKU',
      'Category',
      'Price',
      'Cost',
      'Taxes',
      'Barcode',
      'Track stock',
      'Active',
    ]);
    const stock = header.slice(9);
    expect(stock).toEqual(
      expect.arrayContaining(['On hand: Main Street', 'On hand: Station kiosk', 'On hand: Main Street back room']),
    );
    expect(stock.filter((column) => !column.startsWith('On hand: '))).toEqual([]);
    expect(text).toContain(name);

    await page.getByRole('link', { name: `Edit ${name}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Edit item' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: /^Name/ })).toHaveValue(name);
    await page.getByRole('textbox', { name: /^Price/ }).fill('2.99');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`“${name}” was saved.`)).toBeVisible();
    // Back on the list, with the search kept.
    await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('$2.99');

    await page.getByRole('button', { name: `Delete ${name}` }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete this item?' });
    await expect(dialog).toContainText(name);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText(`“${name}” was deleted.`)).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
    await expect(page.getByText('Nothing matches “e2e lemonade”')).toBeVisible();
    console.expectNone();
  });

  test('item: bad input shows a message per field and nothing is saved', async ({ page }) => {
    let posted = false;
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/api/backoffice/items')) posted = true;
    });
    await signInAs(page, 'manager@cornermarket.test');
    await page.goto('/items');
    await expect(page.getByText(/^\d+–\d+ of [1-9]\d*$/)).toBeVisible(); // the list has loaded
    const totalBefore = await page
      .getByText(/of \d+$/)
      .first()
      .textContent();
    await page.getByRole('link', { name: 'New item' }).first().click();
    await page.getByRole('textbox', { name: /^SKU/ }).fill('not ok!');
    await page.getByRole('textbox', { name: /^Price/ }).fill('-3');
    await page.getByRole('textbox', { name: /^Cost/ }).fill('1.234');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('textbox', { name: /^Name/ })).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('This field is required.')).toBeVisible();
    await expect(page.getByText('Use letters, digits and - _ . only.')).toBeVisible();
    await expect(page.getByText('Enter 0 or more.')).toBeVisible();
    await expect(page.getByText('Use at most 2 decimals.')).toBeVisible();
    expect(posted).toBe(false);

    // A duplicate SKU passes the browser's rules; the server refuses it on the field.
    await page.getByRole('textbox', { name: /^Name/ }).fill('Duplicate water');
    await page.getByRole('textbox', { name: /^SKU/ }).fill('BEV-001');
    await page.getByRole('textbox', { name: /^Price/ }).fill('1');
    await page.getByRole('textbox', { name: /^Cost/ }).fill('1');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Another item already has this SKU.')).toBeVisible();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByText(/of \d+$/).first()).toHaveText(totalBefore!);
  });

  test('customer: create, search, edit, delete, and validation', async ({ page }) => {
    const name = `E2E Customer ${Date.now()}`;
    await signInAs(page, 'owner@bluedoor.test');
    await page.goto('/customer');
    await expect(page.getByRole('heading', { level: 1, name: 'Customers' })).toBeVisible();
    await expect(page.getByText(/of 50$/)).toBeVisible();

    await page.getByRole('link', { name: 'New customer' }).first().click();
    await page.getByRole('textbox', { name: /^Email/ }).fill('not-an-email');
    await page.getByRole('textbox', { name: /^Phone/ }).fill('call me');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('This field is required.')).toBeVisible();
    await expect(page.getByText('Enter a valid email address, like name@example.com.')).toBeVisible();
    await expect(page.getByText('Enter a phone number: digits, spaces and + ( ) - only.')).toBeVisible();

    await page.getByRole('textbox', { name: /^Name/ }).fill(name);
    await page.getByRole('textbox', { name: /^Email/ }).fill('e2e.customer@example.com');
    await page.getByRole('textbox', { name: /^Phone/ }).fill('+44 20 7946 0001');
    await page.getByRole('textbox', { name: /^Points/ }).fill('40');
    await page.getByRole('textbox', { name: 'Notes' }).fill('Window table.\nNo onions.');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`“${name}” was added.`)).toBeVisible();
    await expect(page.getByText(/of 51$/)).toBeVisible();

    await page.getByRole('searchbox', { name: 'Search customers' }).fill('7946 0001');
    const row = page.getByRole('row', { name: new RegExp(name) });
    await expect(row).toBeVisible();
    await expect(page.locator('tbody tr')).toHaveCount(1);

    await page.getByRole('link', { name: `Edit ${name}` }).click();
    await expect(page.getByRole('textbox', { name: 'Notes' })).toHaveValue('Window table.\nNo onions.');
    await page.getByRole('textbox', { name: /^Points/ }).fill('75');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(`“${name}” was saved.`)).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('75');

    // Sorting by total spent asks the server (the new customer has spent nothing).
    await page.getByRole('searchbox', { name: 'Search customers' }).fill('');
    await page.getByRole('button', { name: /^Total spent/ }).click();
    await expect(page).toHaveURL(/sort=totalSpent/);
    await expect(page.getByRole('columnheader', { name: /Total spent/ })).toHaveAttribute('aria-sort', 'ascending');
    await expect(page.locator('tbody tr').first()).toContainText('$0.00');

    await page.getByRole('searchbox', { name: 'Search customers' }).fill(name);
    await page.getByRole('button', { name: `Delete ${name}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText(`“${name}” was deleted.`)).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search customers' }).fill('');
    await expect(page.getByText(/of 50$/)).toBeVisible();
  });
});
