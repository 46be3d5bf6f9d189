import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

/*
 * The store page's first screen comes in the HTML (the ordering release's server build): with
 * JavaScript off a customer reads the menu, its prices and the opening hours and is told what needs
 * JavaScript; with it on, the app takes the page over in place, with nothing moving.
 */

const STORE = '/ordering/blue-door-bistro';

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('the menu, its prices and the opening hours read, and the page says ordering needs JavaScript', async ({
    page,
  }) => {
    await page.goto(STORE);
    await expect(page.getByRole('heading', { level: 1, name: 'Blue Door Bistro' })).toBeVisible();
    await expect(page.getByText(/Ordering online needs JavaScript/)).toBeVisible();
    // Dishes with their prices, under their categories.
    const dishes = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3 }) });
    expect(await dishes.count()).toBeGreaterThan(3);
    await expect(dishes.first()).toContainText(/\$\d+\.\d\d/);
    // Nothing offered that cannot work: no Add buttons, no language switch.
    await expect(page.getByRole('button', { name: /^Add / })).toHaveCount(0);
    await expect(page.getByLabel('Language')).toBeHidden();
    // The hours open without a script.
    await page.getByText('Opening hours').click();
    await expect(page.getByText('Monday')).toBeVisible();
    // The category links move through the page.
    const nav = page.getByRole('navigation', { name: 'Menu' });
    const second = nav.getByRole('link').nth(1);
    const target = (await second.getAttribute('href'))!;
    await second.click();
    await expect(page).toHaveURL(new RegExp(`${target}$`));
    // The shell's loader is not over it.
    await expect(page.getByText('Loading', { exact: true })).toBeHidden();
  });

  test('in Spanish too', async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'hive_lang', value: 'es', url: baseURL! }]);
    await page.goto(STORE);
    await expect(page.getByRole('heading', { level: 2, name: 'Carta' })).toBeVisible();
    await expect(page.getByText(/Para pedir en línea hace falta JavaScript/)).toBeVisible();
    await expect(page.getByText('Horario')).toBeVisible();
  });
});

test.describe('with JavaScript on', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the app takes the first screen over in place: one page, nothing shifted', async ({ page }) => {
    const html = await (await page.request.get(STORE, { headers: { accept: 'text/html' } })).text();
    expect(html).toContain('<div id="hive-first-screen">');
    await page.addInitScript(() => {
      const w = window as unknown as { __shifts: number };
      w.__shifts = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
          if (!entry.hadRecentInput) w.__shifts += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    // The shell's code held back: the first screen as the HTML and its CSS paint it, before any script.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/main\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    // (A deferred script held: no DOMContentLoaded, no load.)
    await page.goto(STORE, { waitUntil: 'commit' });
    const first = page.locator('#hive-first-screen');
    await expect(first.getByRole('heading', { level: 1, name: 'Blue Door Bistro' })).toBeVisible();
    const where = async () => ({
      name: await page.getByRole('heading', { level: 1 }).boundingBox(),
      firstDish: await page.getByRole('heading', { level: 3 }).first().boundingBox(),
      menu: await page.getByRole('heading', { level: 2, name: 'Menu' }).boundingBox(),
    });
    const before = await where();
    // Not usable before the app: a tap then would be lost, so the first screen's buttons say so.
    await expect(first.getByRole('button', { name: /^Add .* to cart/ }).first()).toBeDisabled();
    // The server's markup alone passes axe (in legacy mode: in the page, which runs no app yet).
    const { violations } = await new AxeBuilder({ page })
      .setLegacyMode(true)
      .options({ resultTypes: ['violations'], rules: { 'label-content-name-mismatch': { enabled: true } } })
      .analyze();
    expect(
      violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
    release();
    await expect(page.locator('[data-area="ordering"]')).toBeVisible({ timeout: 30_000 });
    await expect(first).toHaveCount(0);
    // The app's page is where the first screen was, to the pixel.
    expect(await where()).toEqual(before);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(page.getByRole('button', { name: /^Add .* to cart/ }).first()).toBeEnabled();
    const shifts = await page.evaluate(() => (window as unknown as { __shifts: number }).__shifts);
    expect(shifts).toBeLessThan(0.05);
    // And it works: a dish goes into the cart.
    await page
      .getByRole('button', { name: /^Add .* to cart/ })
      .first()
      .click();
    await expect(page.getByRole('complementary')).toContainText('1 item');
  });
});
