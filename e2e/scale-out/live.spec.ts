import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { SimulatedRegister } from '@hive/shared/simulation/register';
import type { DeviceConfig } from '@hive/shared/schemas/device';
import { DeviceClient } from '../../simulator/src/clients';
import { openEventStream, type LiveMessage } from '../../tools/cluster/events';
import { Client, DEMO_PASSWORD, cluster } from './helpers';

/*
 * The live stream across instances: a receipt a register sends to instance B reaches the pages and
 * the streams instance A serves (PostgreSQL LISTEN/NOTIFY on `hive_live`), and a stream through nginx
 * is not held back by buffering (docs/deploy.md's `proxy_buffering off`).
 *
 * The stream (GET /api/backoffice/events) is built by the live part of issue 31, in parallel with
 * this run: until it is merged the route answers 404 and these tests are skipped with that reason.
 */
const EVENTS = '/api/backoffice/events';
const NOT_YET = `${EVENTS} answers 404: the live stream (issue 31, the live part) is not merged on this branch yet`;

/** A terminal added through `api` (signed in as the owner) and paired on `deviceBase`, with one open shift. */
async function registerOn(api: APIRequestContext, backoffice: string, deviceBase: string, name: string) {
  const headers = { Origin: backoffice };
  const options = (await (await api.get(`${backoffice}/api/backoffice/terminals/options`)).json()) as {
    locations: { id: number }[];
  };
  const added = await api.post(`${backoffice}/api/backoffice/terminals`, {
    headers,
    data: { name, locationId: options.locations[0]!.id },
  });
  expect(added.ok(), await added.text()).toBe(true);
  const { pairingCode } = (await added.json()) as { pairingCode: string };
  const paired = await DeviceClient.pair(deviceBase, pairingCode, 'scale-out');
  const device = new DeviceClient(deviceBase, paired.token);
  const config = (await device.config()).body as DeviceConfig;
  const register = new SimulatedRegister(config, { seed: `${name}-${Date.now()}`, restaurant: false });
  const opened = await device.send([register.openShift(Date.now())]);
  expect(opened.body.stored, JSON.stringify(opened.body)).toBe(1);
  /** One sale now; resolves with its receipt number and when it was sent. */
  const sell = async () => {
    const sentAt = Date.now();
    const sent = await device.send([register.sale(Date.now())]);
    expect(sent.body.stored, JSON.stringify(sent.body)).toBe(1);
    return { number: sent.body.results[0]!.receiptNumber!, sentAt };
  };
  return { sell };
}

/** The status a live page shows: "Live" while its stream is open. */
const liveStatus = (page: Page) => page.getByRole('status').filter({ hasText: /^Live$/ });

test('a receipt sent to instance B reaches a stream held by instance A, and one held through nginx, within 1 s', async () => {
  const owner = await Client.create('198.51.100.50');
  expect(await owner.signIn(cluster.proxy, 'owner@cornermarket.test', DEMO_PASSWORD)).toMatchObject({ code: null });
  const cookie = await owner.cookieHeader();
  const received: Record<'a' | 'proxy', LiveMessage[]> = { a: [], proxy: [] };
  const onA = await openEventStream(`${cluster.a}${EVENTS}`, { cookie }, (m) => received.a.push(m));
  const viaProxy = await openEventStream(`${cluster.proxy}${EVENTS}`, { cookie }, (m) => received.proxy.push(m));
  try {
    test.skip(onA.status === 404, NOT_YET);
    expect([onA.status, viaProxy.status]).toEqual([200, 200]);
    const register = await registerOn(owner.http, cluster.proxy, cluster.b, `Scale B ${Date.now()}`);
    for (let k = 0; k < 3; k += 1) {
      const { sentAt } = await register.sell();
      for (const where of ['a', 'proxy'] as const) {
        await expect
          .poll(() => received[where].some((m) => m.event === 'receipts' && (m.data.at ?? 0) >= sentAt), {
            timeout: 5_000,
          })
          .toBe(true);
        const first = received[where].find((m) => m.event === 'receipts' && (m.data.at ?? 0) >= sentAt)!;
        expect(first.data.topic).toBe('receipts');
        expect(
          first.receivedAt - sentAt,
          `${where}: ms from sending the receipt to B until the stream had it`,
        ).toBeLessThan(1_000);
      }
    }
  } finally {
    onA.close();
    viaProxy.close();
    await owner.dispose();
  }
});

test('a receipt sent to instance B appears live on the overview and the transactions page served by instance A', async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: cluster.a });
  const overview = await context.newPage();
  await overview.goto('/authentication/login');
  await overview.getByLabel('Email').fill('owner@cornermarket.test');
  await overview.getByLabel('Password').fill(DEMO_PASSWORD);
  await overview.getByRole('button', { name: 'Sign in' }).click();
  await expect(overview).toHaveURL(/\/overview$/);

  const cookie = (await context.cookies(cluster.a)).map((c) => `${c.name}=${c.value}`).join('; ');
  const probe = await openEventStream(`${cluster.a}${EVENTS}`, { cookie }, () => {});
  probe.close();
  test.skip(probe.status === 404, NOT_YET);

  const transactions = await context.newPage();
  await transactions.goto('/transaction');
  for (const page of [overview, transactions]) await expect(liveStatus(page)).toBeVisible();
  const receiptsTile = overview
    .getByRole('list', { name: 'Key figures' })
    .getByRole('listitem')
    .filter({ hasText: /^Receipts/ })
    .locator('strong');
  await expect(receiptsTile).toHaveText(/\d/);
  const before = Number((await receiptsTile.textContent())!.replace(/\D/g, ''));

  const register = await registerOn(context.request, cluster.a, cluster.b, `Scale live ${Date.now()}`);
  const { number } = await register.sell();
  // Within the overview's 3 s polling interval: the stream brought it (the page says "Live").
  const receiptsTable = transactions.getByRole('table', { name: 'Receipts' });
  await expect(receiptsTable.getByRole('row', { name: new RegExp(`^#${number} `) })).toBeVisible({
    timeout: 2_500,
  });
  await expect(receiptsTile).toHaveText(new RegExp(`^${before + 1}$|^${(before + 1).toLocaleString('en-US')}$`), {
    timeout: 2_500,
  });
  for (const page of [overview, transactions]) await expect(liveStatus(page)).toBeVisible();
  await context.close();
});
