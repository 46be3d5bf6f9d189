import assert from 'node:assert/strict';
import { api, db, device } from '../admin-helpers';
import { Client, nextAddress, signUpAndActivate, type Json, type TestServer } from '../helpers';
import type { Catalog } from './generator';
import type { TaxRate } from './model';

/*
 * A fresh company for each run, set up through the back-office API as a merchant would: two
 * locations in zones far apart, a till at each (paired through the device API), three tax rates,
 * five items (one tracking stock), a QuickBooks account per payment type. A fresh company means the
 * model sees every receipt: no demo data to subtract.
 */

const B = '/api/backoffice';
const PASSWORD = 'reconcile-2026';

export const ZONES = ['America/New_York', 'Asia/Tokyo'] as const;
export const ACCOUNTS = { cash: 'Recon Cash Drawer', card: 'Recon Card Clearing' } as const;
export const QB = {
  income: 'Recon Sales',
  taxPayable: 'Recon Tax Payable',
  tipsPayable: 'Recon Tips Payable',
  receivable: 'Recon Receivable',
  otherPayments: 'Recon Other',
} as const;

/** How many items and tax sets the fixture's catalog has (the plan is drawn before it exists). */
export const CATALOG = { items: 6, taxSets: 6 } as const;

export interface Fixture {
  owner: Client;
  companyId: number;
  catalog: Catalog;
  locations: { id: number; name: string; timezone: string; warehouseId: number }[];
  terminals: { id: number; name: string; token: string }[];
  giftCardId: number;
}

async function ok(promise: Promise<{ status: number; body: Json }>, what: string, status = 201): Promise<Json> {
  const result = await promise;
  assert.equal(result.status, status, `${what}: ${JSON.stringify(result.body)}`);
  return result.body;
}

let companies = 0;

/** A till at `locationId`, created in the back-office and paired through the device API. */
export async function pairedTill(
  server: TestServer,
  owner: Client,
  name: string,
  locationId: number,
): Promise<Fixture['terminals'][number]> {
  const created = await ok(api(owner, 'POST', `${B}/terminals`, { name, locationId }), name);
  const id = (created.terminal ?? created).id as number;
  const code = await ok(api(owner, 'POST', `${B}/terminals/${id}/pairing_code`, {}), `${name} code`, 200);
  const paired = await fetch(`${server.url}/api/device/v1/pair`, {
    method: 'POST',
    // Its own address: pairing is limited per address, and a shrinking run pairs many tills.
    headers: { 'content-type': 'application/json', 'x-forwarded-for': nextAddress() },
    body: JSON.stringify({ code: code.pairingCode }),
  });
  const token = ((await paired.json()) as Json).token as string;
  assert.ok(token, `${name} pairs`);
  return { id, name, token };
}

export async function freshCompany(server: TestServer): Promise<Fixture> {
  companies += 1;
  const email = `owner${companies}-${process.pid}@recon.test`;
  await signUpAndActivate(server, {
    company: `Recon Traders ${companies}`,
    email,
    password: PASSWORD,
    license: 'Retail',
  });
  const { company_id: companyId } = await db(server)
    .selectFrom('users')
    .select('company_id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  // The stock pages need the Inventory add-on, the QuickBooks export Invoicing, points Loyalty: the operator's
  // admin console grants them; a fixture writes the same rows.
  await db(server)
    .insertInto('company_addons')
    .values(['Inventory', 'Invoicing', 'Loyalty', 'Item Modifiers'].map((addon) => ({ company_id: companyId!, addon })))
    .execute();
  const owner = new Client(server.url);
  await owner.signIn(email, PASSWORD);

  const locations = [];
  for (const [k, timezone] of ZONES.entries()) {
    const name = `Recon ${timezone.split('/')[1]!.replace('_', ' ')}`;
    const body = await ok(
      api(owner, 'POST', `${B}/locations`, {
        name,
        address: { line1: '', line2: '', city: '', region: '', postalCode: '', country: '' },
        timezone,
        phone: '',
        active: true,
      }),
      `location ${k}`,
    );
    locations.push({ id: body.id as number, name, timezone, warehouseId: 0 });
  }
  const warehouses = (await ok(api(owner, 'GET', `${B}/inventory/warehouses`), 'warehouses', 200)).rows as Json[];
  for (const location of locations) {
    location.warehouseId = warehouses.find((w) => w.locationId === location.id && w.isDefault).id;
  }

  const rates = new Map<number, TaxRate>();
  for (const [name, rate, type] of [
    ['Recon state tax', 8.25, 'added'],
    ['Recon VAT', 10, 'included'],
    ['Recon city tax', 4.5, 'added'],
    ['Recon levy', 2, 'included'],
  ] as const) {
    const body = await ok(api(owner, 'POST', `${B}/tax_rates`, { name, rate, type, appliesToNewItems: false }), name);
    rates.set(body.id, { id: body.id, name, rateBp: Math.round(rate * 100), type });
  }
  const [state, vat, city, levy] = [...rates.keys()] as [number, number, number, number];
  const taxSets = [[], [state], [vat], [state, city], [vat, city], [vat, levy]];

  const categories: number[] = [];
  for (const [position, name] of ['Recon bakery', 'Recon drinks'].entries()) {
    const body = await ok(api(owner, 'POST', `${B}/categories`, { name, color: '#ca8a04', position }), name);
    categories.push(body.id);
  }
  const [bakery, drinks] = categories as [number, number];
  const items: Catalog['items'] = [];
  for (const [name, priceCents, costCents, trackStock, categoryId] of [
    ['Recon bread', 350, 120, true, bakery],
    ['Recon coffee', 275, 60, false, drinks],
    ['Recon cake', 1_299, 400, false, bakery],
    ['Recon wine', 2_450, 900, true, drinks],
    ['Recon soup', 899, 0, false, null],
  ] as const) {
    const body = await ok(
      api(owner, 'POST', `${B}/items`, {
        name,
        sku: '',
        categoryId,
        price: priceCents / 100,
        cost: costCents / 100,
        taxIds: [],
        trackStock,
        active: true,
      }),
      name,
    );
    items.push({ id: body.id, name, priceCents, costCents, trackStock, categoryId });
  }
  // A bundle: sold at its own price, its cost and stock its components' (behaviour.md 15).
  const components = [
    { itemId: items[0]!.id, quantity: 2 },
    { itemId: items[1]!.id, quantity: 1 },
  ];
  const bundle = await ok(
    api(owner, 'POST', `${B}/bundles`, {
      name: 'Recon breakfast',
      sku: '',
      categoryId: null,
      price: 5,
      taxIds: [],
      active: true,
      components,
    }),
    'bundle',
  );
  items.push({
    id: (bundle.bundle ?? bundle).id as number,
    name: 'Recon breakfast',
    priceCents: 500,
    costCents: 2 * items[0]!.costCents + items[1]!.costCents,
    trackStock: false,
    categoryId: null,
    components,
  });

  const terminals = [];
  for (const [k, location] of locations.entries()) {
    terminals.push(await pairedTill(server, owner, `Recon till ${k + 1}`, location.id));
  }

  const employees = [];
  for (const name of ['Recon Ada', 'Recon Bo']) {
    const body = await ok(
      api(owner, 'POST', `${B}/team/employees`, {
        name,
        email: '',
        phone: '',
        positionId: null,
        hourlyRateCents: null,
        role: 'user',
        allLocations: true,
        locationIds: [],
        active: true,
      }),
      name,
    );
    employees.push({ id: (body.employee ?? body).id as number, name });
  }
  const card = await ok(
    api(owner, 'POST', `${B}/giftcards`, { amountCents: 1_000_000, customerId: null, expiresOn: null, note: '' }),
    'gift card',
  );

  const loyalty = { pointsPerUnit: 3, valuePer100Cents: 50, minRedeemPoints: 100 };
  await ok(api(owner, 'PUT', `${B}/loyalty/settings`, { enabled: true, ...loyalty }), 'loyalty', 200);
  const customer = { name: 'Recon Regular', points: 400 };
  const made = await ok(
    api(owner, 'POST', `${B}/customers`, {
      name: customer.name,
      email: '',
      phone: '',
      notes: '',
      points: customer.points,
    }),
    'customer',
  );

  const discount = async (name: string, percentBp: number, scope: 'receipt' | 'items', categoryIds: number[]) => {
    const body = await ok(
      api(owner, 'POST', `${B}/discounts`, {
        name,
        type: 'percent',
        percentBp,
        amountCents: null,
        scope,
        itemIds: [],
        categoryIds,
        restricted: false,
        active: true,
      }),
      name,
    );
    return (body.discount ?? body).id as number;
  };
  const discounts = {
    receipt: { id: await discount('Recon 10 % off', 1_000, 'receipt', []), name: 'Recon 10 % off', percentBp: 1_000 },
    items: {
      id: await discount('Recon bakery 15 % off', 1_500, 'items', [bakery]),
      name: 'Recon bakery 15 % off',
      percentBp: 1_500,
      categoryId: bakery,
    },
  };
  const group = await ok(
    api(owner, 'POST', `${B}/modifier_groups`, {
      name: 'Recon extras',
      minChoices: 0,
      maxChoices: 2,
      modifiers: [
        { id: null, name: 'Extra 1', price: 0.5 },
        { id: null, name: 'Extra 2', price: 1 },
      ],
      itemIds: items.map((i) => i.id),
    }),
    'modifier group',
  );
  const modifierGroup = {
    id: (group.group ?? group).id as number,
    modifierIds: ((group.group ?? group).modifiers as Json[]).map((m) => m.id as number),
  };
  const promotion = { name: 'Recon spend 20 get 3', thresholdCents: 2_000, amountCents: 300 };
  const promoted = await ok(
    api(owner, 'POST', `${B}/promotions`, {
      name: promotion.name,
      kind: 'spend_get',
      priority: 0,
      stackable: true,
      active: true,
      itemIds: [],
      categoryIds: [],
      buyQuantity: 0,
      getQuantity: 0,
      getPercentBp: 0,
      percentBp: 0,
      thresholdCents: promotion.thresholdCents,
      amountCents: promotion.amountCents,
      days: [0, 1, 2, 3, 4, 5, 6],
      startTime: '',
      endTime: '',
      startsOn: null,
      endsOn: null,
    }),
    'promotion',
  );

  const config = (await device(server.url, terminals[0]!.token, 'GET', '/config')).body;
  const type = (builtin: string) => {
    const found = config.paymentTypes.find((p: Json) => p.builtin === builtin);
    return { id: found.id as number, name: found.name as string };
  };
  const cash = type('cash');
  const credit = type('card');
  const gift = { ...type('gift_card'), number: card.number as string, balanceCents: 1_000_000 };
  await ok(
    api(owner, 'PUT', `${B}/quickbooks/settings`, {
      ...QB,
      // The gift card type has no account of its own: it books to "other payments".
      paymentAccounts: { [cash.id]: ACCOUNTS.cash, [credit.id]: ACCOUNTS.card },
    }),
    'QuickBooks accounts',
    200,
  );

  return {
    owner,
    companyId: companyId!,
    locations,
    terminals,
    giftCardId: card.id as number,
    catalog: {
      rates,
      taxSets,
      items,
      orderTypes: (config.orderTypes as Json[]).map((o) => ({ id: o.id as number, name: o.name as string })),
      cash,
      card: credit,
      gift,
      employees,
      customer: { id: made.id as number, ...customer },
      loyalty,
      discounts,
      modifierGroup,
      promotion: { id: (promoted.promotion ?? promoted).id as number, ...promotion },
      terminals: locations.map((l, k) => ({ location: k, timezone: l.timezone })),
    },
  };
}
