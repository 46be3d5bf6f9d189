import { expect, type Page } from '@playwright/test';
import {
  type CashMovementEvent,
  type DeviceConfig,
  type EventResult,
  type ReceiptEvent,
  type RefundEvent,
  type ShiftCloseEvent,
  type ShiftOpenEvent,
} from '@hive/shared/schemas/device';
import { computeRefund, computeSale, type RefundableLine } from '@hive/register-sdk/money';
import { uuidFrom } from '@hive/shared/simulation/register';
import { DeviceClient } from '../../simulator/src/clients';

/*
 * A register played by a test: it rings up exactly the receipts a test describes (items by SKU,
 * people by name, payments by kind), computes their totals by the device API's money rules as a
 * real register does, and sends them through POST /api/device/v1/events. Event ids follow from the
 * test's keys, so sending the same script again stores nothing new.
 */

type Pay = { type: 'cash' | 'card'; amountCents?: number; tipCents?: number };

export interface ScriptedSale {
  key: string;
  at: string;
  shift?: string;
  employee?: string;
  lines: { sku: string; quantity: number }[];
  payments: Pay[];
  changeCents?: number;
}

export interface ScriptedRefund {
  key: string;
  at: string;
  refundOf: string;
  lines: { line: number; quantity: number }[];
  payment: 'cash' | 'card';
  employee?: string;
  shift?: string;
}

export interface Script {
  shifts: {
    key: string;
    employee?: string;
    openedAt: string;
    floatCents: number;
    closedAt?: string;
    countedCents?: number;
  }[];
  receipts: (ScriptedSale | ScriptedRefund)[];
  movements: { shift: string; kind: 'pay_in' | 'pay_out'; amountCents: number; reason: string; at: string }[];
}

/**
 * Adds (or finds) the company's terminal `name` at `location` through the back-office API of the
 * signed-in page, and pairs a register with its one-time code.
 */
export async function pairTerminal(page: Page, name: string, location: string): Promise<DeviceClient> {
  const origin = new URL(page.url()).origin;
  const headers = { Origin: origin };
  const options = (await (await page.request.get('/api/backoffice/terminals/options')).json()) as {
    locations: { id: number; name: string }[];
  };
  const locationId = options.locations.find((l) => l.name === location)!.id;
  const list = (await (await page.request.get('/api/backoffice/terminals')).json()) as {
    rows: { id: number; name: string }[];
  };
  const found = list.rows.find((t) => t.name === name);
  const answer = found
    ? await page.request.post(`/api/backoffice/terminals/${found.id}/pairing_code`, { headers, data: {} })
    : await page.request.post('/api/backoffice/terminals', { headers, data: { name, locationId } });
  expect(answer.ok(), await answer.text()).toBe(true);
  const { pairingCode } = (await answer.json()) as { pairingCode: string };
  const paired = await DeviceClient.pair(origin, pairingCode, 'Hive Register T3');
  return new DeviceClient(origin, paired.token);
}

/** Plays `script` on `device`; answers each key's outcome (receipt numbers, shift numbers). */
export async function playScript(
  device: DeviceClient,
  seed: string,
  script: Script,
): Promise<Map<string, EventResult>> {
  const reply = await device.config();
  expect(reply.status).toBe(200);
  const config = reply.body as DeviceConfig;
  const id = (key: string) => uuidFrom(`${seed}:${key}`);
  const time = (iso: string) => Date.parse(iso);
  const employee = (name?: string) => {
    if (!name) return null;
    const found = config.employees.find((e) => e.name === name);
    if (!found) throw new Error(`no employee ${name} in the register's config`);
    return found.id;
  };
  const payType = (kind: 'cash' | 'card') => config.paymentTypes.find((p) => p.builtin === kind)!.id;
  const taxOf = new Map(config.taxRates.map((t) => [t.id, { rateBp: t.rateBp, type: t.type }]));
  const sold = new Map<string, RefundableLine[]>();

  const events: {
    key: string;
    event: ShiftOpenEvent | ShiftCloseEvent | ReceiptEvent | RefundEvent | CashMovementEvent;
  }[] = [];
  for (const s of script.shifts) {
    events.push({
      key: s.key,
      event: {
        id: id(s.key),
        type: 'shift_open',
        at: time(s.openedAt),
        employeeId: employee(s.employee),
        openingFloatCents: s.floatCents,
      },
    });
  }
  for (const r of script.receipts) {
    if ('refundOf' in r) {
      const saleLines = sold.get(r.refundOf)!;
      const computed = computeRefund(r.lines.map((l) => ({ sale: saleLines[l.line - 1]!, quantity: l.quantity })));
      if (!('amounts' in computed)) throw new Error(`refund ${r.key}: more than was sold`);
      const a = computed.amounts;
      events.push({
        key: r.key,
        event: {
          id: id(r.key),
          type: 'refund',
          at: time(r.at),
          receiptId: id(r.refundOf),
          shiftId: r.shift ? id(r.shift) : null,
          employeeId: employee(r.employee),
          lines: r.lines,
          payments: [{ paymentTypeId: payType(r.payment), amountCents: a.totalCents }],
          totals: {
            subtotalCents: a.subtotalCents,
            discountCents: a.discountCents,
            taxCents: a.taxCents,
            totalCents: a.totalCents,
          },
        },
      });
      continue;
    }
    const lines = r.lines.map(({ sku, quantity }) => {
      const item = config.items.find((i) => i.sku === sku);
      if (!item) throw new Error(`no item ${sku} in the register's config`);
      return {
        itemId: item.id,
        name: item.name,
        quantity,
        unitPriceCents: item.priceCents,
        taxRateIds: item.taxRateIds,
      };
    });
    const taxed = lines.map((l) => ({ ...l, taxes: l.taxRateIds.map((t) => taxOf.get(t)!) }));
    const computed = computeSale(taxed, 0);
    if (!('amounts' in computed)) throw new Error(`sale ${r.key}: impossible amounts`);
    const a = computed.amounts;
    sold.set(
      r.key,
      taxed.map((l, i) => ({
        quantity: l.quantity,
        grossCents: a.lines[i]!.grossCents,
        discountCents: a.lines[i]!.discountCents,
        taxes: l.taxes.map((t, k) => ({ ...t, taxCents: a.lines[i]!.taxCents[k]! })),
        refunded: { quantity: 0, grossCents: 0, discountCents: 0, taxCents: l.taxes.map(() => 0) },
      })),
    );
    events.push({
      key: r.key,
      event: {
        id: id(r.key),
        type: 'receipt',
        at: time(r.at),
        shiftId: r.shift ? id(r.shift) : null,
        employeeId: employee(r.employee),
        lines,
        payments: r.payments.map((p) => ({
          paymentTypeId: payType(p.type),
          amountCents: p.amountCents ?? a.totalCents,
          ...(p.tipCents ? { tipCents: p.tipCents } : {}),
        })),
        ...(r.changeCents ? { changeCents: r.changeCents } : {}),
        totals: {
          subtotalCents: a.subtotalCents,
          discountCents: a.discountCents,
          taxCents: a.taxCents,
          totalCents: a.totalCents,
          tipCents: r.payments.reduce((s, p) => s + (p.tipCents ?? 0), 0),
        },
      },
    });
  }
  script.movements.forEach((m, k) =>
    events.push({
      key: `movement-${k}`,
      event: {
        id: id(`movement-${k}`),
        type: 'cash_movement',
        at: time(m.at),
        shiftId: id(m.shift),
        kind: m.kind,
        amountCents: m.amountCents,
        reason: m.reason,
      },
    }),
  );
  for (const s of script.shifts) {
    if (!s.closedAt) continue;
    events.push({
      key: `${s.key}-close`,
      event: {
        id: id(`${s.key}-close`),
        type: 'shift_close',
        at: time(s.closedAt),
        shiftId: id(s.key),
        employeeId: employee(s.employee),
        countedCashCents: s.countedCents ?? 0,
      },
    });
  }
  // In the order a register would have sent them.
  events.sort((x, y) => x.event.at - y.event.at);
  const sent = await device.send(events.map((e) => e.event));
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  const outcomes = new Map<string, EventResult>();
  sent.body.results.forEach((r, i) => {
    expect(r.status, JSON.stringify(r)).not.toBe('rejected');
    outcomes.set(events[i]!.key, r);
  });
  return outcomes;
}

/**
 * A configuration to sell from while other tests run beside it: they create and delete this
 * company's "E2E ..." items, and a sale of one deleted in between is rightly rejected
 * (unknown_item). The seeded catalog only.
 */
export function seededCatalog(config: DeviceConfig): DeviceConfig {
  return { ...config, items: config.items.filter((i) => !/^E2E/i.test(i.name) && !/^E2E/i.test(i.sku)) };
}
