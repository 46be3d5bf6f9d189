import { expect, request as playwrightRequest, type Page, type ConsoleMessage, type Request } from '@playwright/test';

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

/** The live stream (`/api/backoffice/events`): read with `fetch`, open as long as the session is. */
export const isLiveStream = (request: Request) =>
  request.resourceType() === 'eventsource' || new URL(request.url()).pathname === '/api/backoffice/events';

/**
 * Counts the page's requests in flight from now on; `quiet()` resolves once none has been in flight
 * for `quietMs` of real time. The live stream is not a request that ends: it is not counted.
 */
export function trackNetwork(page: Page) {
  let inFlight = 0;
  let lastChange = Date.now();
  const change = (delta: number) => (request: Request) => {
    if (isLiveStream(request)) return;
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

/**
 * The newest e-mail to `to`, read the way a platform administrator reads it: signed in as
 * super@hive.test (a context of its own), from the admin console's outbox API. No route shows the
 * outbox to anyone else, in any mode.
 */
export async function latestMail(baseURL: string, to: string): Promise<{ subject: string; body: string }> {
  const admin = await playwrightRequest.newContext({ baseURL });
  try {
    const { csrfToken } = (await (await admin.get('/api/auth/csrf')).json()) as { csrfToken: string };
    const signIn = await admin.post('/api/auth/callback/credentials', {
      headers: { 'X-Auth-Return-Redirect': '1' },
      form: { csrfToken, email: 'super@hive.test', password: DEMO_PASSWORD, callbackUrl: '/admin' },
    });
    expect(signIn.ok()).toBe(true);
    let mail: { to: string; subject: string; body: string } | undefined;
    await expect
      .poll(async () => {
        const list = await admin.get(`/api/admin/support/outbox?q=${encodeURIComponent(to)}`);
        const items = ((await list.json()) as { items: { to: string; subject: string; body: string }[] }).items;
        mail = items.find((item) => item.to === to.toLowerCase());
        return mail !== undefined;
      })
      .toBe(true);
    return mail!;
  } finally {
    await admin.dispose();
  }
}

/** The `?token=` link of a mail body, as a path. */
export function linkIn(body: string, path: string): string {
  const link = new RegExp(`${path.replace(/[/?]/g, '\\$&')}\\?token=[\\w-]+`).exec(body)?.[0];
  expect(link, `a ${path} link in: ${body}`).toBeTruthy();
  return link!;
}

/**
 * A merchant company of the test's own, signed up and activated the way a person does it (the
 * activation link from the outbox): for tests that change a company's plan or settings, so no
 * other spec running in parallel sees its demo companies change under it.
 */
export async function newMerchant(
  baseURL: string,
  {
    company,
    email,
    password,
    license = 'Retail',
  }: { company: string; email: string; password: string; license?: string },
): Promise<void> {
  const api = await playwrightRequest.newContext({ baseURL });
  try {
    const signup = await api.post('/api/auth/signup', { data: { company, email, password, license } });
    expect(signup.status()).toBe(202);
    const mail = await latestMail(baseURL, email);
    const token = new URL(linkIn(mail.body, '/authentication/activate'), baseURL).searchParams.get('token');
    expect((await api.post('/api/auth/signup/activate', { data: { token } })).status()).toBe(200);
  } finally {
    await api.dispose();
  }
}
