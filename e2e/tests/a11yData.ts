import { closeSync, existsSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
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
 * - Corner Market: purchase orders partly received and cancelled (the seed has draft, ordered and
 *   received ones).
 * - Atlas Consulting: invoices overdue and void (the seed has draft, sent, partly paid and paid).
 * - Blue Door Bistro: an online order in each status (received, accepted, ready, completed, cancelled).
 * It runs once per run (oncePerRun), and is idempotent all the same (for a database kept from an
 * earlier run): the register's events have fixed ids (stored once), the terminals are found by name,
 * and the orders, purchase orders and invoices are placed only when none of the walk's is listed yet.
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

const PO_API = '/api/backoffice/inventory/purchase_orders';

/** Purchase orders in the states the seed has none of: partly received, and cancelled. */
async function purchaseOrderStates(page: Page) {
  const listed = await (await page.request.get(PO_API)).text();
  if (listed.includes(ORDER_NAME)) return;
  const headers = { Origin: new URL(page.url()).origin };
  const options = (await (await page.request.get(`${PO_API}/options`)).json()) as {
    warehouses: { id: number }[];
    items: { id: number }[];
    vendors: { id: number }[];
  };
  const post = async (path: string, data: object) => {
    const answer = await page.request.post(path, { headers, data });
    expect(answer.ok(), `${path}: ${await answer.text()}`).toBe(true);
    return (await answer.json()) as { id: number; lines: { id: number }[] };
  };
  for (const end of ['partly received', 'cancelled'] as const) {
    const order = await post(PO_API, {
      vendorId: options.vendors[0]!.id,
      warehouseId: options.warehouses[0]!.id,
      expectedAt: null,
      note: `${ORDER_NAME}: ${end}`,
      lines: options.items.slice(0, 2).map((item) => ({ itemId: item.id, quantity: 4, cost: 1.5 })),
    });
    if (end === 'cancelled') {
      await post(`${PO_API}/${order.id}/cancel`, {});
      continue;
    }
    await post(`${PO_API}/${order.id}/order`, {});
    await post(`${PO_API}/${order.id}/receive`, { lines: [{ lineId: order.lines[0]!.id, quantity: 1 }] });
  }
}

const INVOICE_API = '/api/backoffice/customer_invoices';

/** Invoices in the states the seed has none of: overdue (sent, due ten days ago) and void. */
async function invoiceStates(page: Page) {
  const listed = await (await page.request.get(INVOICE_API)).text();
  if (listed.includes(ORDER_NAME)) return;
  const headers = { Origin: new URL(page.url()).origin };
  const options = (await (await page.request.get(`${INVOICE_API}/options`)).json()) as { customers: { id: number }[] };
  const post = async (path: string, data: object) => {
    const answer = await page.request.post(path, { headers, data });
    expect(answer.ok(), `${path}: ${await answer.text()}`).toBe(true);
    return (await answer.json()) as { id: number };
  };
  const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  for (const end of ['overdue', 'void'] as const) {
    const invoice = await post(INVOICE_API, {
      customerId: options.customers[0]!.id,
      issueDate: day(40),
      dueDate: day(10),
      discountCents: 0,
      notes: `${ORDER_NAME}: ${end}`,
      lines: [
        {
          itemId: null,
          description: 'Advice',
          quantityHundredths: 150,
          unitPriceCents: 8000,
          discountCents: 0,
          taxRateIds: [],
        },
      ],
    });
    await post(`${INVOICE_API}/${invoice.id}/send`, {});
    if (end === 'void') await post(`${INVOICE_API}/${invoice.id}/void`, { reason: 'Billed twice' });
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

/** Each state, through the owner who sees it. */
async function drive(browser: Browser, baseURL: string) {
  const address = `10.59.${process.pid % 250}`;
  const steps: [string, (page: Page) => Promise<void>][] = [
    [
      'owner@cornermarket.test',
      async (page) => {
        await registerStates(page);
        await purchaseOrderStates(page);
      },
    ],
    ['owner@atlas.test', invoiceStates],
    ['owner@bluedoor.test', (page) => orderStates(page, 'blue-door-bistro')],
  ];
  for (const [k, [email, step]] of steps.entries()) {
    const page = await signedInPage(browser, baseURL, email, `${address}.${k + 1}`);
    try {
      await step(page);
    } finally {
      await page.context().close();
    }
  }
}

/**
 * Once per run, not per worker: two workers pairing the same terminal at once collide (the second
 * one's "add" is refused as a duplicate name, or its pairing code retires the first one's device).
 * The first worker to create the lock file in the run's data directory drives the data; the others
 * wait for its "done" (or "failed") file.
 */
async function oncePerRun(run: () => Promise<void>) {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) return run();
  const [lock, done, failed] = ['lock', 'done', 'failed'].map((end) => path.join(dir, `a11y-states.${end}`));
  let mine = false;
  try {
    closeSync(openSync(lock!, 'wx'));
    mine = true;
  } catch {
    // Another worker holds it.
  }
  if (mine) {
    try {
      await run();
      writeFileSync(done!, '');
    } catch (error) {
      writeFileSync(failed!, String(error));
      throw error;
    }
    return;
  }
  const until = Date.now() + 150_000;
  while (!existsSync(done!)) {
    if (existsSync(failed!)) throw new Error(`the data for the walk failed: ${readFileSync(failed!, 'utf8')}`);
    if (Date.now() > until) throw new Error('the data for the walk took over 150 s');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

let prepared: Promise<void> | null = null;

/** Drives the data into the states above, once per run (every worker waits for it). */
export function prepareStates(browser: Browser, baseURL: string): Promise<void> {
  prepared ??= oncePerRun(() => drive(browser, baseURL));
  return prepared;
}
