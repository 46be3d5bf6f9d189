import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { signIn, trackNetwork } from './helpers';

/*
 * SPEC.md 1 (issue 46): the storefront and the authentication pages have no session handling. A tab
 * opening one of them, beside a signed-in back-office tab of the same browser (one localStorage,
 * one cookie jar), makes no session call and leaves the shared session alone: the back-office tab's
 * local session, its stored user and the cross-tab key keep their values, with the server session
 * there or gone. Unit tests of the same rule: shell/src/session/publicBoot.test.ts.
 */

const OWNER = 'owner@cornermarket.test';
const STORE = '/ordering/blue-door-bistro';
/** The local session, the persisted user data and the cross-tab events (docs/behaviour.md, storage). */
const SHARED_KEYS = ['hive_session', 'primary', 'hive_session_event'];
const SESSION_CALLS = /\/api\/auth\/(session|usercompany)$/;

const mainMenu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });

const sharedStorage = (page: Page) =>
  page.evaluate((keys) => Object.fromEntries(keys.map((key) => [key, localStorage.getItem(key)])), SHARED_KEYS);

/** Tab A: signed in on the back-office, its local session written. */
async function backOfficeTab(page: Page) {
  await signIn(page, OWNER);
  await expect(page).toHaveURL(/\/overview$/);
  await expect(mainMenu(page)).toBeVisible();
  // The sign-in writes the user data, then the local session and the SESSION_LOGIN event at once.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('hive_session'))).not.toBeNull();
  const before = await sharedStorage(page);
  expect(before.primary).not.toBeNull();
  return before;
}

/** Tab B: opens `path` and waits until it is shown and its requests are over; returns its session calls. */
async function publicTab(context: BrowserContext, path: string) {
  const page = await context.newPage();
  const sessionCalls: string[] = [];
  page.on('request', (request) => {
    if (SESSION_CALLS.test(new URL(request.url()).pathname)) sessionCalls.push(`${request.method()} ${request.url()}`);
  });
  const network = trackNetwork(page);
  await page.goto(path);
  if (path === STORE) await expect(page.getByRole('heading', { level: 1, name: 'Blue Door Bistro' })).toBeVisible();
  else await expect(page.getByRole('heading', { name: 'Sign in to Hive POS' })).toBeVisible();
  // Long enough for the boot (it starts once the store and the texts are ready, before this).
  await network.quiet(1_000);
  return { page, sessionCalls };
}

test.describe('no session machinery on public paths (SPEC.md 1)', () => {
  // An address of its own per test, so no other spec's sign-ins count against this one's limits.
  let address = 0;
  test.beforeEach(async ({ context }) => {
    address += 1;
    await context.setExtraHTTPHeaders({ 'x-forwarded-for': `10.46.${process.pid % 250}.${address % 250}` });
  });

  for (const path of [STORE, '/authentication/login']) {
    test(`with the server session there, ${path} in a second tab leaves the back-office tab signed in and its session untouched`, async ({
      page,
      context,
    }) => {
      const before = await backOfficeTab(page);

      const other = await publicTab(context, path);
      expect(other.sessionCalls).toEqual([]);
      expect(await sharedStorage(page)).toEqual(before);
      expect(await sharedStorage(other.page)).toEqual(before);

      // Tab A is still signed in, on the same session: a reload keeps it (validated, not recreated).
      await expect(mainMenu(page)).toBeVisible();
      await page.reload();
      await expect(page).toHaveURL(/\/overview$/);
      await expect(mainMenu(page)).toBeVisible();
      expect((await sharedStorage(page)).hive_session).toBe(before.hive_session);
    });

    test(`with the server session gone, ${path} in a second tab neither destroys the back-office tab's local session nor resets its data`, async ({
      page,
      context,
    }) => {
      const before = await backOfficeTab(page);
      // Tab A must not find out by itself meanwhile (its next check or call would end its session,
      // rightly): its requests fail as if offline, which leaves its local clock in charge.
      await page.route('**/api/**', (route) => route.abort('internetdisconnected'));
      await context.clearCookies(); // the server session is gone for every tab of this browser
      expect(await (await context.request.get('/api/auth/session')).json()).toBeNull();

      const other = await publicTab(context, path);
      expect(other.sessionCalls).toEqual([]);
      expect(await sharedStorage(other.page)).toEqual(before);
      expect(await sharedStorage(page)).toEqual(before);
      await expect(page).toHaveURL(/\/overview$/);
      await expect(mainMenu(page)).toBeVisible();
    });
  }
});
