import { expect, test as base, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD, signIn, trackNetwork } from './helpers';

/**
 * Tests that only need "a page signed in as X" (not the sign-in itself) split a long walk into many
 * short tests. Signing in and booting the app again for each of them cost more than the pages they
 * check (a walk of ~45 s took ~105 s in 7 tests with a fresh context each, on a busy machine), so a
 * worker signs a persona in once, through the UI as a person does, and its tests take turns on that
 * page, as the one long walk did. A failed test ends its worker, and the next worker starts afresh.
 */
export interface Persona {
  email: string;
  /** Which sign-in page: the shell's (back-office) or the admin console's. */
  area: 'backoffice' | 'admin';
}

export interface SignedInPage {
  page: Page;
  /** Requests in flight on the page, counted since the sign-in (helpers.ts). */
  network: ReturnType<typeof trackNetwork>;
}

type SignedIn = (persona: Persona) => Promise<SignedInPage>;

async function signInOnce(browser: Browser, baseURL: string, persona: Persona, address: string) {
  const context: BrowserContext = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': address },
  });
  const page = await context.newPage();
  const network = trackNetwork(page);
  if (persona.area === 'admin') {
    await page.goto('/admin');
    await page.getByLabel('Email').fill(persona.email);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('navigation', { name: 'Admin menu' })).toBeVisible({ timeout: 30_000 });
  } else {
    await signIn(page, persona.email);
    // In the account's stored language: Lucía's is Spanish.
    await expect(page.getByRole('navigation', { name: /^(Main menu|Menú principal)$/ })).toBeVisible({
      timeout: 30_000,
    });
  }
  return { page, network };
}

export const test = base.extend<{ persona: Persona | null; signedIn: SignedInPage }, { signedInPages: SignedIn }>({
  persona: [null, { option: true }],
  signedInPages: [
    async ({ browser }, provide, workerInfo) => {
      const baseURL = String(workerInfo.project.use.baseURL);
      const pages = new Map<string, Promise<SignedInPage>>();
      let n = 0;
      await provide((persona) => {
        const key = `${persona.area} ${persona.email}`;
        let signedIn = pages.get(key);
        if (!signedIn) {
          n += 1;
          // An address of its own per sign-in (the server trusts X-Forwarded-For, as behind a proxy):
          // the per-address sign-in limit is per person, and the e2e run signs in many times.
          const address = `10.58.${process.pid % 250}.${n % 250}`;
          signedIn = signInOnce(browser, baseURL, persona, address);
          // A failed sign-in is tried again by the next test rather than failing all of them.
          signedIn.catch(() => pages.delete(key));
          pages.set(key, signedIn);
        }
        return signedIn;
      });
      await Promise.all(
        [...pages.values()].map((signedIn) =>
          signedIn.then(
            ({ page }) => page.context().close(),
            () => undefined,
          ),
        ),
      );
    },
    { scope: 'worker' },
  ],
  signedIn: async ({ persona, signedInPages }, provide, testInfo) => {
    if (!persona) throw new Error('signedIn needs test.use({ persona })');
    const signedIn = await signedInPages(persona);
    await provide(signedIn);
    // Not the test's own `page`: Playwright does not screenshot it on a failure by itself.
    if (testInfo.status !== testInfo.expectedStatus) {
      const body = await signedIn.page.screenshot().catch(() => null);
      if (body) await testInfo.attach('screenshot', { body, contentType: 'image/png' });
    }
  },
});

/** The shell's stored user (localStorage `primary`) on a signed-in page. */
export async function storedUser(page: Page): Promise<{
  user: {
    role?: string | { name?: string };
    permissions?: { id_permission: string | number; description?: string | null }[];
  } | null;
  license: { name?: string } | null;
  addons: string[] | null;
}> {
  const stored = await page.evaluate(() => localStorage.getItem('primary'));
  const data = JSON.parse(stored ?? 'null') as Awaited<ReturnType<typeof storedUser>> | null;
  if (!data?.user) throw new Error('no user in localStorage "primary" after sign-in');
  return data;
}

export { expect };
