import { expect, test as base, type Browser } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DEMO_PASSWORD, signIn } from './helpers';

/**
 * Tests that only need "signed in as X" (not the sign-in itself) split a long walk into many short
 * tests: signing in through the UI for each of them would cost more than the pages checked. Each
 * worker signs a persona in once, through the UI as a person does, keeps the cookies and the shell's
 * localStorage (Playwright's storage state), and every test of that persona starts from them.
 *
 *   test.use({ persona: { email: 'owner@cornermarket.test', area: 'backoffice' } });
 */
export interface Persona {
  email: string;
  /** Which sign-in page: the shell's (back-office) or the admin console's. */
  area: 'backoffice' | 'admin';
}

/** The storage state file of a persona signed in by this worker. */
type SignedIn = (persona: Persona) => Promise<string>;

async function signInOnce(browser: Browser, baseURL: string, persona: Persona, file: string, address: string) {
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': address } });
  try {
    const page = await context.newPage();
    if (persona.area === 'admin') {
      await page.goto('/admin');
      await page.getByLabel('Email').fill(persona.email);
      await page.getByLabel('Password').fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByRole('navigation', { name: 'Admin menu' })).toBeVisible({ timeout: 30_000 });
    } else {
      await signIn(page, persona.email);
      await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible({ timeout: 30_000 });
    }
    await context.storageState({ path: file });
    return file;
  } finally {
    await context.close();
  }
}

export const test = base.extend<{ persona: Persona | null }, { signedIn: SignedIn }>({
  persona: [null, { option: true }],
  signedIn: [
    async ({ browser }, provide, workerInfo) => {
      const baseURL = String(workerInfo.project.use.baseURL);
      const states = new Map<string, Promise<string>>();
      let n = 0;
      await provide((persona) => {
        const key = `${persona.area}-${persona.email}`;
        let state = states.get(key);
        if (!state) {
          n += 1;
          const file = path.join(workerInfo.project.outputDir, `.state-${process.pid}-${key}.json`);
          // An address of its own per sign-in (the server trusts X-Forwarded-For, as behind a proxy):
          // the per-address sign-in limit is per person, and the e2e run signs in many times.
          const address = `10.58.${process.pid % 250}.${n % 250}`;
          state = signInOnce(browser, baseURL, persona, file, address);
          // A failed sign-in is tried again by the next test rather than failing all of them.
          state.catch(() => states.delete(key));
          states.set(key, state);
        }
        return state;
      });
    },
    { scope: 'worker' },
  ],
  storageState: async ({ persona, signedIn, storageState }, provide) => {
    await provide(persona ? await signedIn(persona) : storageState);
  },
});

/** The shell's stored user (localStorage `primary`) in a storage state file. */
export function storedUser(file: string): {
  user: {
    role?: string | { name?: string };
    permissions?: { id_permission: string | number; description?: string | null }[];
    admin?: boolean;
  } | null;
  license: { name?: string } | null;
  addons: string[] | null;
} {
  const state = JSON.parse(readFileSync(file, 'utf8')) as {
    origins: { localStorage: { name: string; value: string }[] }[];
  };
  const primary = state.origins.flatMap((o) => o.localStorage).find((entry) => entry.name === 'primary');
  const data = JSON.parse(primary?.value ?? 'null') as ReturnType<typeof storedUser> | null;
  if (!data?.user) throw new Error(`no user in localStorage "primary" of ${file}`);
  return data;
}

export { expect };
