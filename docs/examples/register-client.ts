/*
 * An example register built on @hive/register-sdk (docs/device-api.md). It does the following:
 *
 * 1. pairs, and opens a shift;
 * 2. sells three kinds of sale, with the SDK's money rules: a split cash + card sale with change, a
 *    sale with modifiers, and a discounted sale;
 * 3. refunds part of the first sale and closes the shift with the drawer it expects;
 * 4. sends every event again, to show that a resend is harmless (all come back `duplicate`).
 *
 * server/test/register-sample.test.ts runs it against a freshly seeded server in `npm test`. By
 * hand, with a pairing code from the back-office (Devices › Terminals):
 *
 *   HIVE_URL=http://localhost:8080 PAIRING_CODE=K7QF-M2XD npx tsx docs/examples/register-client.ts
 */
import { randomUUID } from 'node:crypto';
import {
  MemoryQueue,
  RegisterClient,
  checkModifierChoice,
  computeRefund,
  discountCents,
  discountCovers,
  flushQueue,
  receiptTotals,
  tender,
  type DeviceConfig,
  type DeviceEvent,
  type ReceiptEvent,
} from '@hive/register-sdk';

type Line = ReceiptEvent['lines'][number];
type Item = DeviceConfig['items'][number];

export interface SampleRun {
  terminal: string;
  /** The receipt number the server gave each sale, then the refund's. */
  receiptNumbers: number[];
  /** What the register expects in the drawer, and what the server says the difference is. */
  expectedCashCents: number;
  differenceCents: number | undefined;
  /** The events sent again: how many came back duplicate. */
  resent: { duplicate: number; stored: number; rejected: number };
}

export async function runSampleRegister(opts: {
  baseUrl: string;
  pairingCode: string;
  now?: () => number;
  log?: (line: string) => void;
}): Promise<SampleRun> {
  const now = opts.now ?? Date.now;
  const log = opts.log ?? console.log;
  const options = { baseUrl: opts.baseUrl, appVersion: '1.0.0' };
  const { client, paired } = await RegisterClient.pair(options, {
    code: opts.pairingCode,
    deviceModel: 'Sample register',
  });
  log(`paired as terminal ${paired.terminal.name} of ${paired.company.name}`);
  const { config } = await client.config();

  const cash = config.paymentTypes.find((type) => type.builtin === 'cash');
  const card = config.paymentTypes.find((type) => type.builtin === 'card');
  if (!cash || !card) throw new Error('the configuration has no cash or no card payment type');
  const employeeId = config.employees[0]?.id ?? null;
  const lineOf = (item: Item, quantity: number, extra: Partial<Line> = {}): Line => ({
    itemId: item.id,
    name: item.name,
    quantity,
    unitPriceCents: item.priceCents,
    taxRateIds: item.taxRateIds,
    ...extra,
  });
  const priced = (lines: Line[], discounts: { amountCents: number }[] = []) => {
    const result = receiptTotals(lines, config.taxRates, discounts);
    if ('problems' in result) throw new Error(`cannot price the sale: ${JSON.stringify(result.problems)}`);
    return result.totals;
  };

  const queue = new MemoryQueue();
  const sent: DeviceEvent[] = [];
  const record = (event: DeviceEvent) => {
    queue.add([event]);
    sent.push(event);
  };
  const shiftId = randomUUID();
  /** A sale of this shift, now, by the first employee. */
  const sale = (fields: Omit<ReceiptEvent, 'id' | 'type' | 'at'>): ReceiptEvent => ({
    id: randomUUID(),
    type: 'receipt',
    at: now(),
    shiftId,
    employeeId,
    ...fields,
  });
  const floatCents = 10_000;
  let drawer = floatCents;
  record({ id: shiftId, type: 'shift_open', at: now(), employeeId, openingFloatCents: floatCents });

  // 1. Two items, 10.00 on the card and the rest in cash, rounded up to 5.00: the change comes back in cash.
  const [first, second] = config.items.filter((i) => i.modifierGroupIds.length === 0 && i.priceCents > 0);
  if (!first || !second) throw new Error('the configuration has fewer than two items without modifiers');
  const splitLines = [lineOf(first, 2), lineOf(second, 1)];
  const splitTotals = priced(splitLines);
  const onCard = Math.min(1_000, splitTotals.totalCents);
  const handed = Math.ceil((splitTotals.totalCents - onCard) / 500) * 500;
  const split = [
    { amountCents: onCard, cashLike: false },
    { amountCents: handed, cashLike: true },
  ].filter((p) => p.amountCents > 0);
  const change = tender(splitTotals.totalCents, split);
  if (!('changeCents' in change)) throw new Error(`cannot tender the sale: ${change.problem}`);
  drawer += handed - change.changeCents;
  const splitSale = sale({
    lines: splitLines,
    payments: split.map((p) => ({ paymentTypeId: p.cashLike ? cash.id : card.id, amountCents: p.amountCents })),
    changeCents: change.changeCents,
    totals: splitTotals,
  });
  record(splitSale);

  // 2. An item with modifiers: the fewest each group asks for (at least one), checked as the server will.
  const withGroups = config.items.find((i) => i.modifierGroupIds.length > 0);
  if (withGroups) {
    const groups = config.modifierGroups.filter((g) => withGroups.modifierGroupIds.includes(g.id));
    const chosen = groups.flatMap((g) => g.modifiers.slice(0, Math.max(1, g.minChoices)).slice(0, g.maxChoices));
    const problems = checkModifierChoice(
      groups,
      chosen.map((m) => m.id),
    );
    if (problems.length > 0) throw new Error(`the modifiers break their groups' rules: ${JSON.stringify(problems)}`);
    const lines = [
      lineOf(withGroups, 1, {
        modifiers: chosen.map((m) => ({ modifierId: m.id, name: m.name, priceCents: m.priceCents })),
      }),
    ];
    const totals = priced(lines);
    record(sale({ lines, payments: [{ paymentTypeId: card.id, amountCents: totals.totalCents }], totals }));
  }

  // 3. A discount of the configuration: on the line it covers, or on the whole receipt.
  const discount = config.discounts.find((d) => d.scope === 'receipt') ?? config.discounts[0];
  if (discount) {
    const item =
      config.items.find((i) => discountCovers(discount, { itemId: i.id, categoryId: i.categoryId })) ?? first;
    const gross = item.priceCents * 3;
    const off = discountCents(discount, gross);
    const lines =
      discount.scope === 'items'
        ? [lineOf(item, 3, { discountId: discount.id, discountCents: off })]
        : [lineOf(item, 3)];
    const receiptDiscounts =
      discount.scope === 'receipt' ? [{ name: discount.name, discountId: discount.id, amountCents: off }] : [];
    const totals = priced(lines, receiptDiscounts);
    drawer += totals.totalCents;
    record(
      sale({
        lines,
        discounts: receiptDiscounts,
        payments: [{ paymentTypeId: cash.id, amountCents: totals.totalCents }],
        totals,
      }),
    );
  }

  const sales = await flushQueue(client, queue);
  if (sales.rejected.length > 0) throw new Error(`sales rejected: ${JSON.stringify(sales.rejected)}`);

  // 4. One of the first line of the split sale comes back, in cash: its share of everything, as the server keeps it.
  const stored = await client.receipt(splitSale.id);
  const refund = computeRefund([{ sale: stored.lines[0]!, quantity: 1 }]);
  if ('tooMany' in refund) throw new Error('nothing left to refund on that line');
  const refundTotal = refund.amounts.totalCents;
  drawer -= refundTotal;
  record({
    id: randomUUID(),
    type: 'refund',
    at: now(),
    receiptId: splitSale.id,
    shiftId,
    employeeId,
    reason: 'Changed their mind',
    lines: [{ line: 1, quantity: 1 }],
    payments: [{ paymentTypeId: cash.id, amountCents: refundTotal }],
    totals: {
      subtotalCents: refund.amounts.subtotalCents,
      discountCents: refund.amounts.discountCents,
      taxCents: refund.amounts.taxCents,
      totalCents: refundTotal,
    },
  });
  const closeId = randomUUID();
  record({ id: closeId, type: 'shift_close', at: now(), shiftId, employeeId, countedCashCents: drawer });
  const rest = await flushQueue(client, queue);
  if (rest.rejected.length > 0) throw new Error(`events rejected: ${JSON.stringify(rest.rejected)}`);

  // 5. Everything again, as a register does when it never heard back: nothing is counted twice.
  const again = await client.sendEvents(sent);
  const numbers = [...sales.results, ...rest.results].flatMap((r) => (r.receiptNumber ? [r.receiptNumber] : []));
  const closed = again.results.find((r) => r.id === closeId);
  log(`sent ${sent.length} events; sent again: ${again.duplicate} duplicate, ${again.stored} stored`);
  return {
    terminal: paired.terminal.name,
    receiptNumbers: numbers,
    expectedCashCents: drawer,
    differenceCents: closed?.differenceCents,
    resent: { duplicate: again.duplicate, stored: again.stored, rejected: again.rejected },
  };
}

const isMain = typeof process !== 'undefined' && process.argv[1]?.endsWith('register-client.ts');
if (isMain) {
  const baseUrl = process.env.HIVE_URL;
  const pairingCode = process.env.PAIRING_CODE;
  if (!baseUrl || !pairingCode) {
    console.error('Set HIVE_URL and PAIRING_CODE.');
    process.exit(2);
  }
  runSampleRegister({ baseUrl, pairingCode }).then(
    (run) => console.log(JSON.stringify(run, null, 2)),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
