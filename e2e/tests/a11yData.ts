import { expect, type Browser, type Page } from '@playwright/test';
import type { DeviceConfig } from '@hive/shared/schemas/device';
import {
  ORDER_ACTIONS,
  pickupSlots,
  type BackofficeOrder,
  type OrderAction,
  type PublicOrder,
  type StoreProfile,
} from '@hive/shared/schemas/ordering';
import { SimulatedRegister } from '@hive/shared/simulation/register';
import { signIn } from './helpers';
import { pairTerminal } from './register';

/*
 * Data in the states the seed leaves out, driven through the real APIs before the accessibility walk
 * (a page shows buttons, badges and messages in those states that it does not show otherwise: the
 * label-in-name violation on /terminal only appeared once a terminal was paired):
 * - Corner Market: a register paired and synced ("A11y till": a closed shift with sales, a refund and
 *   a pay-out, then an open shift with a sale, an employee clocked in and out and one still on the
 *   clock), and a terminal with an open pairing code ("A11y till, code open").
 * - Blue Door Bistro: an online order in each status (received, accepted, ready, completed, cancelled).
 * Every worker runs it once (module state); it is idempotent: the register's events have fixed ids
 * (stored once), the terminals are found by name, and the orders are placed only when none of the
 * walk's is there yet.
 */

const ORDER_NAME = 'A11y walk';

async function signedInPage(browser: Browser, baseURL: string, email: string, address: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': address } });
  const page = await context.newPage();
  await signIn(page, email);
  await expect(page.getByRole('button', { name: 'Toggle sidebar' })).toBeVisible({ timeout: 30_000 });
  return page;
}

async function registerStates(page: Page) {
  const device = await pairTerminal(page, 'A11y till', 'Main Street');
  const reply = await device.config();
  expect(reply.status).toBe(200);
  const config = reply.body as DeviceConfig;
  const register = new SimulatedRegister(config, { seed: 'a11y-walk', restaurant: false, refundRate: 0 });
  const hour = 3_600_000;
  // Whole hours back from now, so that a second worker's run sends the same events at the same times.
  const now = Math.floor(Date.now() / hour) * hour;
  const [first, second] = config.employees;
  const events: Parameters<typeof device.send>[0] = [
    register.openShift(now - 4 * hour),
    ...(first ? [register.clockIn(now - 4 * hour + 60_000, first.id)] : []),
    register.sale(now - 3.5 * hour),
    register.sale(now - 3 * hour),
    register.cashMovement(now - 2.9 * hour),
  ];
  const refund = register.refund(now - 2.8 * hour);
  if (refund) events.push(refund);
  if (first) events.push(register.clockOut(now - 2.6 * hour, first.id));
  events.push(register.closeShift(now - 2.5 * hour), register.openShift(now - 2 * hour));
  if (second) events.push(register.clockIn(now - 2 * hour + 60_000, second.id));
  events.push(register.sale(now - 1.5 * hour));
  const sent = await device.send(events);
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);

  // A second terminal with a pairing code open and no register on it yet.
  const list = (await (await page.request.get('/api/backoffice/terminals')).json()) as { rows: { name: string }[] };
  if (!list.rows.some((t) => t.name === 'A11y till, code open')) {
    const options = (await (await page.request.get('/api/backoffice/terminals/options')).json()) as {
      locations: { id: number; name: string }[];
    };
    const added = await page.request.post('/api/backoffice/terminals', {
      headers: { Origin: new URL(page.url()).origin },
      data: { name: 'A11y till, code open', locationId: options.locations[0]!.id },
    });
    expect(added.ok(), await added.text()).toBe(true);
  }
}

type MenuItem = { id: number; name: string; modifierGroups?: { min?: number }[] };

async function orderStates(page: Page, slug: string) {
  const origin = new URL(page.url()).origin;
  const listed = (await (await page.request.get('/api/backoffice/ordering/orders')).json()) as {
    items: BackofficeOrder[];
  };
  if (listed.items.some((o) => o.customerName === ORDER_NAME)) return;
  const { token } = (await (await page.request.get(`/gettokenonline?store=${slug}`)).json()) as { token: string };
  const headers = { Authorization: `Bearer ${token}` };
  const profile = (await (await page.request.get(`/ordering_master/stores/${slug}`)).json()) as StoreProfile;
  const menu = (await (await page.request.get(`/ordering_online/${slug}/menu`, { headers })).json()) as {
    categories: { items: MenuItem[] }[];
  };
  const item = menu.categories.flatMap((c) => c.items).find((i) => (i.modifierGroups ?? []).every((g) => !g.min));
  expect(item, 'an item without a required choice').toBeTruthy();
  // A slot a little after the first, so that it is not too soon by the time the order arrives.
  const slots = pickupSlots(Date.now(), profile);
  expect(slots.length, 'the store takes orders for today or tomorrow').toBeGreaterThan(2);
  const pickupAt = new Date(slots[2]!).toISOString();
  // Each status, and the actions that lead to it from "received".
  const paths: OrderAction[][] = [[], ['accept'], ['accept', 'ready'], ['accept', 'ready', 'complete'], ['cancel']];
  for (const actions of paths) {
    const placed = await page.request.post(`/ordering_online/${slug}/orders`, {
      headers,
      data: {
        name: ORDER_NAME,
        phone: '+44 20 7946 0999',
        pickupAt,
        notes: actions.join(' ') || 'received',
        lines: [{ itemId: item!.id, quantity: 1 }],
      },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    const { id } = (await placed.json()) as PublicOrder;
    // The back-office acts on its own id of the order (dbId), the storefront knows the public one.
    const orders = (await (await page.request.get('/api/backoffice/ordering/orders')).json()) as {
      items: BackofficeOrder[];
    };
    const mine = orders.items.find((o) => o.id === id)!;
    expect(mine, 'the order placed is listed').toBeTruthy();
    for (const action of actions) {
      expect(ORDER_ACTIONS).toContain(action);
      const acted = await page.request.post(`/api/backoffice/ordering/orders/${mine.dbId}/status`, {
        headers: { Origin: origin },
        data: { action },
      });
      expect(acted.ok(), await acted.text()).toBe(true);
    }
  }
}

let prepared: Promise<void> | null = null;

/** Drives the data into the states above, once per worker. */
export function prepareStates(browser: Browser, baseURL: string): Promise<void> {
  prepared ??= (async () => {
    const address = `10.59.${process.pid % 250}`;
    const corner = await signedInPage(browser, baseURL, 'owner@cornermarket.test', `${address}.1`);
    try {
      await registerStates(corner);
    } finally {
      await corner.context().close();
    }
    const bistro = await signedInPage(browser, baseURL, 'owner@bluedoor.test', `${address}.2`);
    try {
      await orderStates(bistro, 'blue-door-bistro');
    } finally {
      await bistro.context().close();
    }
  })();
  prepared.catch(() => {
    prepared = null;
  });
  return prepared;
}
