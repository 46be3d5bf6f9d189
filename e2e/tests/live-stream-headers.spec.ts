import { expect, test, type Page, type Request } from '@playwright/test';
import { signIn, watchConsole } from './helpers';

/*
 * The live stream is an API request of a protected page like any other (issue 46): read with
 * `fetch` rather than an EventSource, it carries the four session headers and the cookies, and a
 * logout aborts it with every other request (the request gate).
 */

let address = 0;
async function signInAs(page: Page, email: string) {
  address += 1;
  await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': `10.46.${process.pid % 250}.${address % 250}` });
  await signIn(page, email);
  await expect(page.getByRole('button', { name: 'Toggle sidebar' })).toBeVisible();
}

/** The stream itself, not the `?probe` the shell asks before reopening it. */
const isStream = (request: Request) => {
  const url = new URL(request.url());
  return url.pathname === '/api/backoffice/events' && !url.searchParams.has('probe');
};

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

test('the live stream sends the session headers, and a logout aborts it', async ({ page }) => {
  const console = watchConsole(page);
  await signInAs(page, 'owner@cornermarket.test');
  const opened = page.waitForRequest(isStream);
  await page.goto('/overview');
  await expect(page.getByRole('status', { name: 'Live' })).toBeVisible();
  const stream = await opened;
  expect(stream.resourceType()).toBe('fetch');
  const headers = await stream.allHeaders();
  expect(headers['x-session-id']).toMatch(/\S/);
  expect(headers['x-session-valid']).toBe('true');
  expect(headers['x-session-expires']).toMatch(ISO_TIME);
  expect(headers['x-request-time']).toMatch(ISO_TIME);
  expect(headers.cookie ?? '').not.toBe('');

  // The request ends (aborted by the gate, or ended by the server's sign-out), and no new one opens.
  const ended = Promise.race([
    page.waitForEvent('requestfailed', { predicate: (r) => r === stream }),
    page.waitForEvent('requestfinished', { predicate: (r) => r === stream }),
  ]);
  let reopened = 0;
  const countReopen = (request: Request) => {
    if (isStream(request)) reopened += 1;
  };
  const account = page.getByRole('button', { name: 'Account menu for owner@cornermarket.test' });
  await account.click();
  page.on('request', countReopen);
  await page
    .locator(`#${await account.getAttribute('aria-controls')}`)
    .getByRole('button', { name: 'Log out' })
    .click();
  await ended;
  await expect(page).toHaveURL(/\/(authentication\/login)?$/);
  // Longer than the reader's and the service's first retry (3 s and 1 s).
  await page.waitForTimeout(4_000);
  expect(reopened).toBe(0);
  console.expectNone();
});
