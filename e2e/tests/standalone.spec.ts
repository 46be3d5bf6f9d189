import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, watchConsole } from './helpers';

// The back-office as its team runs it alone (`npm run dev -w backoffice-remote`): its own dev server
// and page, the shell's library as host, the real sign-in against the real server (API proxied).
const standalone = process.env.E2E_STANDALONE_URL!;

test.describe('the back-office standalone page (development server)', () => {
  test('looks like the real page and signs in with the real sign-in', async ({ page }) => {
    const console = watchConsole(page);
    await page.goto(`${standalone}/`);
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    // No compile error: webpack-dev-server's overlay would cover the page.
    await expect(page.locator('#webpack-dev-server-client-overlay')).toHaveCount(0);
    // The shell's document styles, as on the real page (not the browser's serif and 8 px margin).
    const body = await page.evaluate(() => {
      const s = getComputedStyle(document.body);
      return { margin: s.margin, font: s.fontFamily };
    });
    expect(body.margin).toBe('0px');
    expect(body.font).toMatch(/^system-ui/);

    await page.getByLabel('Email').fill('owner@cornermarket.test');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
    await expect(page.getByTestId('backoffice-user')).toHaveText('owner@cornermarket.test');
    await expect(page.locator('main h1')).toBeVisible();
    expect(new URL(page.url()).origin).toBe(standalone);
    console.expectNone();
  });
});
