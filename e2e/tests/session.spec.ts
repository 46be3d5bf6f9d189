import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, latestMail, linkIn, trackNetwork, signIn, watchConsole } from './helpers';

const mainMenu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });
const warning = (page: Page) => page.getByRole('alertdialog', { name: 'Your session is about to expire' });

// The app's own request noise when a test cuts the session on purpose is expected, not a bug.
const EXPECTED_NOISE = [/status of 401/, /ERR_ABORTED/];

/**
 * Waits until the landing page has rendered and no request is in flight for half a second (real
 * time). Fast-forwarding the fake clock past webpack's chunk-load timeout while a lazy page chunk is
 * still loading would fail that load, which no real clock does. (`waitForLoadState('networkidle')`
 * does not help: after a client-side navigation it resolves at once.)
 */
/**
 * Removes the persisted user data while no app runs on the page (on a same-origin JSON endpoint), so
 * that the running app cannot persist it again before the next navigation.
 */
async function forgetUserData(page: Page) {
  await page.goto('/healthz');
  await page.evaluate(() => localStorage.removeItem('primary'));
}

async function settled(page: Page, network: ReturnType<typeof trackNetwork>) {
  await expect(mainMenu(page)).toBeVisible();
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  await network.quiet();
}

test.describe('session (SPEC.md 4)', () => {
  test('login and landing: merchants on their first entry, staff on the admin console', async ({ page, browser }) => {
    const console = watchConsole(page);
    await signIn(page, 'owner@cornermarket.test');
    await expect(page).toHaveURL(/\/overview$/);
    await expect(mainMenu(page)).toBeVisible();
    console.expectNone();

    const staff = await (await browser.newContext()).newPage();
    const staffConsole = watchConsole(staff);
    await signIn(staff, 'super@hive.test');
    await expect(staff).toHaveURL(/\/admin\/companies/);
    staffConsole.expectNone();
  });

  test('warning at 5 minutes left, extend, then automatic logout at 0', async ({ page }) => {
    const console = watchConsole(page);
    await page.clock.install();
    const network = trackNetwork(page);
    await signIn(page, 'owner@atlas.test');
    await settled(page, network);

    // Signing in took a few seconds of the session already: 39:45 later about 5:10 are left.
    await page.clock.fastForward('39:45');
    await expect(warning(page)).toBeHidden();
    await page.clock.fastForward('00:20');
    await expect(warning(page)).toBeVisible();
    await expect(warning(page).getByRole('button', { name: 'Extend session' })).toBeFocused();
    await expect(warning(page)).toContainText(/0[45]:\d\d/);

    await warning(page).getByRole('button', { name: 'Extend session' }).click();
    await expect(warning(page)).toBeHidden();
    await page.clock.fastForward('39:30');
    await expect(warning(page)).toBeHidden(); // the expiry moved 45 minutes out: 5:30 are left

    await page.clock.fastForward('05:31');
    await expect(page).toHaveURL(/\/session-expired$/);
    await expect(page.getByRole('heading', { name: 'Your session has expired' })).toBeVisible();
    // The next visit to `/` is the sign-in page, and the server session is gone too.
    await page.goto('/');
    await expect(page).toHaveURL(/\/authentication\/login$/);
    console.expectNone();
  });

  test('a signed-in merchant looking at their storefront gets no warning and no logout there (SPEC.md 1)', async ({
    page,
  }) => {
    const console = watchConsole(page);
    await page.clock.install();
    const network = trackNetwork(page);
    await signIn(page, 'owner@bluedoor.test');
    await settled(page, network);

    await page.goto('/ordering/blue-door-bistro');
    await expect(page.getByRole('heading', { level: 1, name: 'Blue Door Bistro' })).toBeVisible();
    await network.quiet();
    // Past the warning time (about 3 minutes are left): no dialog, and the storefront stays put.
    await page.clock.fastForward('42:00');
    await page.clock.runFor(31_000); // one more pass of the 30 s session check
    await expect(warning(page)).toBeHidden();
    await expect(page).toHaveURL(/\/ordering\/blue-door-bistro$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Blue Door Bistro' })).toBeVisible();
    await expect(page.evaluate(() => localStorage.getItem('hive_session'))).resolves.not.toBeNull();

    // Back in the back-office the merchant is still signed in, and the warning is where it belongs.
    await page.goto('/overview');
    await expect(mainMenu(page)).toBeVisible();
    await expect(warning(page)).toBeVisible();
    console.expectNone();
  });

  test('two tabs: logging out in one sends the other to the start', async ({ page, context }) => {
    await page.clock.install();
    const network = trackNetwork(page);
    await signIn(page, 'owner@tinykiosk.test');
    await settled(page, network);
    const other = await context.newPage();
    const otherNetwork = trackNetwork(other);
    await other.goto('/overview');
    await settled(other, otherNetwork);

    await page.clock.fastForward('40:01');
    await warning(page).getByRole('button', { name: 'Log out' }).click();
    // Both tabs go to `/`, which is the sign-in page when signed out (no callbackUrl: a logout).
    await expect(page).toHaveURL(/\/authentication\/login$/);
    await expect(other).toHaveURL(/\/authentication\/login$/);
  });

  test('a logout the server did not hear (network down) is finished on the next visit, never signed back in', async ({
    page,
  }) => {
    await signIn(page, 'manager@bluedoor.test');
    await expect(mainMenu(page)).toBeVisible();
    await page.route('**/api/auth/signout', (route) => route.abort('internetdisconnected'));
    await page.getByRole('navigation', { name: 'Bottom menu' }).getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/authentication\/login$/);
    // The server session is still alive at this point: the sign-out never reached it.
    expect((await (await page.request.get('/api/auth/session')).json())?.user?.email).toBe('manager@bluedoor.test');

    await page.unroute('**/api/auth/signout');
    await page.goto('/');
    await expect(page).toHaveURL(/\/authentication\/login$/);
    await expect(page.getByRole('heading', { name: 'Sign in to Hive POS' })).toBeVisible();
    await expect.poll(async () => (await page.request.get('/api/auth/session')).json()).toBeNull();
  });

  test('two tabs: extending in one closes the warning in the other', async ({ page, context }) => {
    // Playwright's clock belongs to the browser context: one fast-forward moves both tabs.
    await page.clock.install();
    const network = trackNetwork(page);
    await signIn(page, 'manager@bluedoor.test');
    await settled(page, network);
    const other = await context.newPage();
    const otherNetwork = trackNetwork(other);
    await other.goto('/customer');
    await settled(other, otherNetwork);

    await page.clock.fastForward('40:01');
    await expect(warning(page)).toBeVisible();
    await expect(warning(other)).toBeVisible();
    await warning(page).getByRole('button', { name: 'Extend session' }).click();
    await expect(warning(page)).toBeHidden();
    await expect(warning(other)).toBeHidden();
  });

  test('two tabs: a login in one is adopted by the other', async ({ page, context }) => {
    const other = await context.newPage();
    await other.goto('/authentication/login');
    await expect(other.getByRole('heading', { name: 'Sign in to Hive POS' })).toBeVisible();
    await signIn(page, 'owner@bluedoor.test');
    await expect(mainMenu(page)).toBeVisible();
    await expect(mainMenu(other)).toBeVisible();
    await expect(other.getByTestId('backoffice-user')).toHaveText('owner@bluedoor.test');
  });

  test('a session ended on the server ends here at the next check', async ({ page, context }) => {
    const console = watchConsole(page, { ignore: EXPECTED_NOISE });
    await page.clock.install();
    const network = trackNetwork(page);
    await signIn(page, 'manager@cornermarket.test');
    await settled(page, network);
    await context.clearCookies(); // as if the server session was revoked
    await page.clock.fastForward('00:31');
    await expect(page).toHaveURL(/\/(authentication\/login|session-expired)$/);
    console.expectNone();
  });

  test("a session ended on the server turns the next call's 401 into the expiry flow", async ({ page, context }) => {
    const console = watchConsole(page, { ignore: EXPECTED_NOISE });
    await signIn(page, 'owner@cornermarket.test');
    await expect(mainMenu(page)).toBeVisible();
    await page.goto('/items');
    await expect(page.getByRole('searchbox', { name: 'Search items' })).toBeVisible();
    await context.clearCookies(); // the server no longer knows this session
    const unauthorized = page.waitForResponse((r) => r.url().includes('/api/backoffice/items') && r.status() === 401);
    await page.getByRole('searchbox', { name: 'Search items' }).fill('tea');
    await unauthorized;
    await expect(page).toHaveURL(/\/session-expired$/);
    await expect(page.evaluate(() => localStorage.getItem('hive_session'))).resolves.toBeNull();
    console.expectNone();
  });

  test('session headers on protected calls, none on /ordering/ pages', async ({ page }) => {
    await signIn(page, 'owner@cornermarket.test');
    await expect(mainMenu(page)).toBeVisible();

    // A fresh load with no user in the store fetches the user data again: a protected call.
    await forgetUserData(page);
    const protectedCall = page.waitForRequest((r) => r.url().endsWith('/api/auth/usercompany'));
    await page.goto('/overview');
    const headers = (await protectedCall).headers();
    expect(headers['x-session-id']).toMatch(/\S+/);
    expect(headers['x-session-valid']).toBe('true');
    expect(new Date(headers['x-session-expires']).getTime()).toBeGreaterThan(Date.now());
    expect(Number.isNaN(new Date(headers['x-request-time']).getTime())).toBe(false);

    // The storefront does not boot the session at all (SPEC.md 1; public-paths-session.spec.ts): not
    // even the user data is asked for there, and none of its requests carries the headers.
    await forgetUserData(page);
    const publicRequests: { url: string; headers: Record<string, string> }[] = [];
    page.on('request', (r) => publicRequests.push({ url: r.url(), headers: r.headers() }));
    await page.goto('/ordering/blue-door-bistro');
    await expect(page.getByRole('heading', { level: 1, name: 'Blue Door Bistro' })).toBeVisible();
    expect(publicRequests.length).toBeGreaterThan(0);
    expect(publicRequests.map((r) => r.url).filter((url) => url.includes('/api/auth/'))).toEqual([]);
    for (const { headers } of publicRequests) {
      for (const name of ['x-session-id', 'x-session-valid', 'x-session-expires', 'x-request-time']) {
        expect(headers[name]).toBeUndefined();
      }
    }
  });

  test('corrupt values in every storage key: the app still boots and signs in', async ({ page }) => {
    const console = watchConsole(page);
    await page.addInitScript(() => {
      if (sessionStorage.getItem('corrupted')) return;
      sessionStorage.setItem('corrupted', '1');
      for (const key of [
        'primary',
        'hive_redux_state',
        'admin_hive_redux_state',
        'adminOpenAccordions',
        'hive_session',
        'hive_session_event',
        'nextauth.message',
      ]) {
        localStorage.setItem(key, '{"not json');
      }
      localStorage.setItem('hive_session', JSON.stringify({ sessionId: 42, expiresAt: 'soon' }));
      localStorage.setItem('primary', JSON.stringify({ userData: { user: 'nobody', addons: 7 } }));
    });
    await page.goto('/');
    await expect(page).toHaveURL(/\/authentication\/login$/);
    await page.getByLabel('Email').fill('owner@cornermarket.test');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(mainMenu(page)).toBeVisible();
    console.expectNone();
  });

  test("a fresh sign-in first clears the origin's localStorage and sessionStorage (SPEC.md 4: all storage)", async ({
    page,
  }) => {
    await page.goto('/authentication/login');
    await page.evaluate(() => {
      localStorage.setItem('someone_elses_key', 'x');
      localStorage.setItem('hive_redux_state', '{"sidebarOpen":false}');
      sessionStorage.setItem('someone_elses_key', 'x');
    });
    await page.getByLabel('Email').fill('owner@cornermarket.test');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(mainMenu(page)).toBeVisible();
    const left = await page.evaluate(() => ({
      local: Object.keys(localStorage),
      session: Object.keys(sessionStorage),
    }));
    expect(left.local).not.toContain('someone_elses_key');
    expect(left.session).not.toContain('someone_elses_key');
    // What the signed-in app wrote since is there: the store, the local session, the cross-tab event.
    expect(left.local).toEqual(expect.arrayContaining(['primary', 'hive_session', 'hive_session_event']));
  });

  test('in Spanish: the sign-in page and its errors', async ({ page }) => {
    await page.goto('/authentication/login');
    await page.getByRole('button', { name: 'Español' }).click();
    await expect(page.getByRole('heading', { name: 'Inicia sesión en Hive POS' })).toBeVisible();
    await page.getByLabel('Correo electrónico').fill('owner@cornermarket.test');
    await page.getByLabel('Contraseña').fill('no-es-esta');
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await expect(page.getByRole('alert')).toHaveText('El correo o la contraseña no son correctos.');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  });
});

test.describe('sign-up and password reset', () => {
  test('a new company signs up, activates through the emailed link, resets its password and signs in', async ({
    page,
    baseURL,
  }) => {
    const email = `owner-${Date.now()}@suncafe.test`;
    await page.goto('/signup');
    await expect(page).toHaveURL(/\/authentication\/signup$/);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText("Enter your company's name.")).toBeVisible();
    await expect(page.getByText('Choose a licence.')).toBeVisible();

    await page.getByLabel('Company name').fill('Sun Cafe');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('short');
    await page.getByLabel('Licence').selectOption('Restaurant');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('Use at least 10 characters', { exact: false }).last()).toBeVisible();
    await page.getByLabel('Password').fill('sunny-days-2026');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('status')).toContainText(`We sent a link to ${email}`);

    // Not active yet: the right password says what is missing.
    await signIn(page, email, 'sunny-days-2026');
    await expect(page.getByRole('alert')).toContainText('This account is not active yet');

    const activation = await latestMail(baseURL!, email);
    expect(activation.subject).toBe('Activate your Hive POS account');
    await page.goto(linkIn(activation.body, '/authentication/activate'));
    await page.getByRole('button', { name: 'Activate account' }).click();
    await expect(page.getByRole('status')).toContainText('Your account is active');
    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('sunny-days-2026');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(mainMenu(page)).toBeVisible();

    // The same email again gets the same answer (no account enumeration); the owner is told by e-mail.
    await page.context().clearCookies();
    await page.goto('/authentication/signup');
    await page.getByLabel('Company name').fill('Sun Cafe Two');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('sunny-days-2026');
    await page.getByLabel('Licence').selectOption('Retail');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('status')).toContainText(`We sent a link to ${email}`);
    await expect
      .poll(async () => (await latestMail(baseURL!, email)).subject)
      .toBe('You already have a Hive POS account');

    await page.goto('/resetpass');
    await expect(page).toHaveURL(/\/authentication\/resetpass$/);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('status')).toContainText('If an account exists for that email');

    const reset = await latestMail(baseURL!, email);
    expect(reset.subject).toBe('Reset your Hive POS password');
    const link = linkIn(reset.body, '/authentication/resetpass');
    await page.goto(link!);
    await page.getByLabel('New password', { exact: true }).fill('brand-new-2026');
    await page.getByLabel('Repeat the new password').fill('brand-new-2027');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect(page.getByText('The two passwords are not the same.')).toBeVisible();
    await page.getByLabel('Repeat the new password').fill('brand-new-2026');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect(page.getByRole('status')).toContainText('Your password has been changed');

    // The link is single-use.
    await page.goto(link!);
    await page.getByLabel('New password', { exact: true }).fill('another-one-2026');
    await page.getByLabel('Repeat the new password').fill('another-one-2026');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect(page.getByRole('alert')).toContainText('This link is no longer valid');

    await signIn(page, email, 'brand-new-2026');
    await expect(mainMenu(page)).toBeVisible();
  });
});
