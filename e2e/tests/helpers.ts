import { expect, type Page, type ConsoleMessage } from '@playwright/test';

export const DEMO_PASSWORD = 'hive-demo-2026';

/** Signs in through the shell's login page, as a person would. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/authentication/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Collects uncaught page errors and console errors, so a test can assert there were none. */
export function watchConsole(page: Page, { ignore = [] as RegExp[] } = {}) {
  const problems: string[] = [];
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  page.on('console', (msg: ConsoleMessage) => {
    if (msg.type() !== 'error') return;
    const text = msg.text();
    if (!ignore.some((re) => re.test(text))) problems.push(`console: ${text}`);
  });
  return {
    problems,
    expectNone: () => expect(problems, problems.join('\n')).toEqual([]),
  };
}

/**
 * Counts the page's requests in flight from now on; `quiet()` resolves once none has been in flight
 * for `quietMs` of real time.
 */
export function trackNetwork(page: Page) {
  let inFlight = 0;
  let lastChange = Date.now();
  const change = (delta: number) => () => {
    inFlight = Math.max(0, inFlight + delta);
    lastChange = Date.now();
  };
  page.on('request', change(1));
  page.on('requestfinished', change(-1));
  page.on('requestfailed', change(-1));
  return {
    quiet: (quietMs = 500) =>
      expect.poll(() => inFlight === 0 && Date.now() - lastChange >= quietMs, { intervals: [100] }).toBe(true),
  };
}
