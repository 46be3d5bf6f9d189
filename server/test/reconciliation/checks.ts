import type { Json } from '../helpers';
import {
  categoryRows,
  employeeRows,
  figures,
  orderTypeRows,
  groupBy,
  itemRows,
  modifierRows,
  paymentRows,
  shiftRows,
  taxRows,
  type Figures,
} from './expected';
import { checkQuickBooks, checkStock } from './books';
import { cents, Differences, get } from './differences';
import type { Fixture } from './fixture';
import { TYPED_IN, type Ledger, type LedgerReceipt } from './generator';
import { localDay, localHour } from './model';

/*
 * Every place a figure shows, read through the back-office API and compared with the model. All
 * differences of a run are collected and reported together, each named by its figure.
 */

const FIGURE_KEYS: (keyof Figures)[] = [
  'receipts',
  'refundReceipts',
  'grossSalesCents',
  'discountsCents',
  'refundsCents',
  'netSalesCents',
  'taxesCents',
  'tipsCents',
  'totalCollectedCents',
  'costOfGoodsCents',
  'grossProfitCents',
  'averageSaleCents',
];

function compareFigures(d: Differences, figure: string, actual: Json, expected: Figures): void {
  for (const key of FIGURE_KEYS) d.eq(`${figure}.${key}`, actual?.[key], expected[key]);
}

function compareRows<T extends object>(
  d: Differences,
  figure: string,
  rows: Json[],
  keyOf: (row: Json) => string,
  expected: Map<string, T>,
): void {
  const seen = new Set<string>();
  for (const row of rows) {
    const key = keyOf(row);
    seen.add(key);
    const want = expected.get(key);
    if (!want) {
      d.eq(`${figure}[${key}]`, row, 'no such row');
      continue;
    }
    for (const [field, value] of Object.entries(want)) d.eq(`${figure}[${key}].${field}`, row[field], value);
  }
  for (const key of expected.keys()) if (!seen.has(key)) d.eq(`${figure}[${key}]`, 'missing', expected.get(key));
}

export async function checkEverything(
  fixture: Fixture,
  ledger: Ledger,
  options: { label: string; now: number; from: string; to: string },
): Promise<void> {
  const d = new Differences(options.label);
  const period = `period=custom&from=${options.from}&to=${options.to}`;
  const receipts = ledger.receipts;
  const all = figures(receipts);

  // Overview: the business's days (its time zone), figures in currency units.
  const business = await get(fixture, '/business');
  const today = localDay(options.now, business.timezone);
  const overview = await get(fixture, '/overview');
  const dayMs = 86_400_000;
  const daysBack = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) - n * dayMs).toISOString().slice(0, 10);
  // "Previous" is the same span just before, its last day only until the hour it is now.
  const hourNow = localHour(options.now, business.timezone);
  const hourOf = (r: LedgerReceipt) => localHour(r.at, fixture.locations[r.location]!.timezone);
  for (const [period, days] of [
    ['today', 1],
    ['7d', 7],
    ['30d', 30],
  ] as const) {
    const inPeriod = figures(receipts.filter((r) => r.day >= daysBack(days - 1) && r.day <= today));
    const before = figures(
      receipts.filter(
        (r) =>
          r.day >= daysBack(2 * days - 1) &&
          r.day <= daysBack(days) &&
          (r.day !== daysBack(days) || hourOf(r) <= hourNow),
      ),
    );
    const kpis = overview.periods[period];
    for (const [kpi, now, previous] of [
      ['netSales', inPeriod.netSalesCents, before.netSalesCents],
      ['receipts', inPeriod.receipts, before.receipts],
      ['refunds', inPeriod.refundsCents, before.refundsCents],
      ['averageTicket', inPeriod.averageSaleCents, before.averageSaleCents],
    ] as const) {
      const scale = kpi === 'receipts' ? (x: number) => x : cents;
      d.eq(`overview.${period}.${kpi}`, scale(kpis[kpi].value), now);
      d.eq(`overview.${period}.${kpi}.previous`, scale(kpis[kpi].previous), previous);
    }
  }
  const byDay = groupBy(receipts, (r) => r.day);
  for (const point of overview.salesPerDay as Json[]) {
    const f = figures(byDay.get(point.date) ?? []);
    d.eq(`overview.salesPerDay[${point.date}].netSales`, cents(point.netSales), f.netSalesCents);
    d.eq(`overview.salesPerDay[${point.date}].receipts`, point.receipts, f.receipts);
  }
  const items = itemRows(receipts);
  const nameOf = new Map<string, string>([
    ...fixture.catalog.items.map((i) => [`item:${i.id}`, i.name] as const),
    [`name:${TYPED_IN.name}`, TYPED_IN.name] as const,
  ]);
  // The best sellers of the chart's 30 days: days local to each location, up to the business's
  // today (a Tokyo sale already on tomorrow's date there waits for tomorrow).
  const chart = receipts.filter((r) => r.day >= daysBack(29) && r.day <= today);
  const top = [...itemRows(chart).entries()]
    .map(([key, f]) => ({
      name: nameOf.get(key)!,
      quantity: f.soldQuantity - f.refundedQuantity,
      revenue: f.netSalesCents,
    }))
    .sort((a, b) => b.revenue - a.revenue || a.name.localeCompare(b.name))
    .slice(0, 5);
  d.eq(
    'overview.topItems',
    (overview.topItems as Json[]).map((t) => ({ name: t.name, quantity: t.quantity, revenue: cents(t.revenue) })),
    top,
  );

  // Sales per day and the sales summary.
  const perDay = await get(fixture, `/reports/sales_per_day?${period}`);
  compareFigures(d, 'salesPerDay.totals', perDay.totals.current, all);
  for (const row of perDay.rows as Json[])
    compareFigures(d, `salesPerDay[${row.date}]`, row, figures(byDay.get(row.date) ?? []));
  for (const day of byDay.keys()) {
    if (!(perDay.rows as Json[]).some((r) => r.date === day)) d.eq(`salesPerDay[${day}]`, 'missing', 'a row');
  }
  // By the hour: each receipt in its location's local hour (a 25-hour day has its 01:00 twice).
  const hourly = await get(fixture, `/reports/sales_per_day?${period}&group=hour`);
  const byHour = groupBy(receipts, (r) => `${r.day} ${hourOf(r)}`);
  for (const row of hourly.rows as Json[]) {
    compareFigures(
      d,
      `salesPerHour[${row.date} ${row.hour}]`,
      row,
      figures(byHour.get(`${row.date} ${row.hour}`) ?? []),
    );
  }
  for (const key of byHour.keys()) {
    if (!(hourly.rows as Json[]).some((r) => `${r.date} ${r.hour}` === key))
      d.eq(`salesPerHour[${key}]`, 'missing', 'a row');
  }
  for (const [k, location] of fixture.locations.entries()) {
    const one = await get(fixture, `/reports/sales_per_day?${period}&location=${location.id}`);
    const mine = groupBy(
      receipts.filter((r) => r.location === k),
      (r) => r.day,
    );
    for (const row of one.rows as Json[]) {
      compareFigures(d, `salesPerDay(${location.name})[${row.date}]`, row, figures(mine.get(row.date) ?? []));
    }
  }
  const summary = await get(fixture, `/reports/sales?${period}`);
  compareFigures(d, 'salesSummary.totals', summary.totals.current, all);
  compareRows(d, 'salesSummary.payments', summary.payments, (r) => r.name, paymentRows(receipts));
  compareRows(d, 'salesSummary.orderTypes', summary.orderTypes, (r) => r.key, orderTypeRows(receipts));
  compareRows(d, 'salesSummary.categories', summary.categories, (r) => r.key, categoryRows(receipts));
  compareRows(d, 'salesSummary.employees', summary.employees, (r) => r.key, employeeRows(receipts));
  for (const employee of fixture.catalog.employees) {
    const theirs = receipts.filter((r) => r.employee?.id === employee.id);
    const one = await get(fixture, `/reports/sales?${period}&employee=${employee.id}`);
    compareFigures(d, `salesSummary(${employee.name}).totals`, one.totals.current, figures(theirs));
  }
  const gift = await get(fixture, `/giftcards/${fixture.giftCardId}`);
  d.eq('giftCard.balanceCents', gift.balanceCents, ledger.giftCardCents);
  const customer = await get(fixture, `/customers/${fixture.catalog.customer.id}`);
  d.eq('customer.points', customer.points, ledger.points);
  const spent = receipts
    .filter((r) => r.customer)
    .reduce((t, r) => t + (r.kind === 'sale' ? 1 : -1) * r.figures.total, 0);
  d.eq('customer.totalSpent', cents(customer.totalSpent), spent);

  // Devices › Terminals: each till's sales since midnight (the business's) and its open shift.
  const tills = (await get(fixture, '/terminals')).rows as Json[];
  for (const [k, terminal] of fixture.terminals.entries()) {
    const row = tills.find((t) => t.id === terminal.id);
    const todays = receipts.filter(
      (r) => r.kind === 'sale' && r.terminal === k && localDay(r.at, business.timezone) === today,
    );
    d.eq(`terminals[${terminal.name}].receiptsToday`, row?.receiptsToday, todays.length);
    const open = ledger.shifts.find((x) => x.terminal === k && x.closedAt === null);
    d.eq(
      `terminals[${terminal.name}].openShift`,
      // The fields the model knows (the page may carry more: its id, who opened it).
      row?.openShift ? { number: row.openShift.number, openedAt: row.openShift.openedAt } : null,
      open ? { number: open.number, openedAt: open.openedAt } : null,
    );
  }
  // Offers › Discounts: the receipts of the last 30 days that applied each, and what it took off.
  const offered = await get(fixture, '/discounts');
  for (const discount of Object.values(fixture.catalog.discounts)) {
    const row = ((offered.rows ?? offered) as Json[]).find((x) => x.id === discount.id);
    const used = receipts.filter((r) => r.kind === 'sale' && r.named.has(discount.id));
    d.eq(`discounts[${discount.name}].uses30d`, row?.uses30d, used.length);
    d.eq(
      `discounts[${discount.name}].amount30dCents`,
      row?.amount30dCents,
      used.reduce((t, r) => t + r.named.get(discount.id)!, 0),
    );
  }
  // Products › Modifiers: units sold over 30 days on lines naming one of the group's modifiers.
  const groups = await get(fixture, '/modifier_groups');
  const group = ((groups.rows ?? groups) as Json[]).find((g) => g.id === fixture.catalog.modifierGroup.id);
  const withModifier = receipts
    .filter((r) => r.kind === 'sale')
    .flatMap((r) => r.lines.filter((l) => l.modifiers.some((m) => m.modifierId !== undefined)));
  d.eq(
    'modifierGroups.soldLast30Days',
    group?.soldLast30Days,
    withModifier.reduce((t, l) => t + l.quantity, 0),
  );
  const promotions = await get(fixture, '/promotions');
  const promoted = receipts.filter((r) => r.promotionCents > 0);
  const rule = ((promotions.rows ?? promotions) as Json[]).find((x) => x.id === fixture.catalog.promotion.id);
  d.eq('promotions.uses30d', rule?.uses30d, promoted.length);
  d.eq(
    'promotions.amount30dCents',
    rule?.amount30dCents,
    promoted.reduce((t, r) => t + r.promotionCents, 0),
  );
  for (const [k, location] of fixture.locations.entries()) {
    const one = await get(fixture, `/reports/sales?${period}&location=${location.id}`);
    compareFigures(
      d,
      `salesSummary(${location.name}).totals`,
      one.totals.current,
      figures(receipts.filter((r) => r.location === k)),
    );
  }

  // Item sales.
  const itemSales = await get(fixture, `/reports/item_sales?${period}`);
  compareRows(d, 'itemSales.items', itemSales.items, (r) => r.key, items);
  compareRows(d, 'itemSales.categories', itemSales.categories, (r) => r.key, categoryRows(receipts));
  compareRows(d, 'itemSales.modifiers', itemSales.modifiers, (r) => r.name, modifierRows(receipts));
  const itemTotals = [...items.values()].reduce(
    (t, f) => ({
      soldQuantity: t.soldQuantity + f.soldQuantity,
      refundedQuantity: t.refundedQuantity + f.refundedQuantity,
      netSalesCents: t.netSalesCents + f.netSalesCents,
      costOfGoodsCents: t.costOfGoodsCents + f.costOfGoodsCents,
    }),
    { soldQuantity: 0, refundedQuantity: 0, netSalesCents: 0, costOfGoodsCents: 0 },
  );
  for (const [field, value] of Object.entries(itemTotals))
    d.eq(`itemSales.totals.${field}`, itemSales.totals.current[field], value);

  // Taxes.
  const taxes = await get(fixture, `/reports/taxes?${period}`);
  const wantTaxes = taxRows(receipts);
  compareRows(d, 'taxReport.rows', taxes.rows, (r) => r.name, wantTaxes);
  const taxTotals = [...wantTaxes.values()].reduce(
    (t, r) => ({
      taxableSalesCents: t.taxableSalesCents + r.taxableSalesCents,
      taxCollectedCents: t.taxCollectedCents + r.taxCollectedCents,
      taxableRefundedCents: t.taxableRefundedCents + r.taxableRefundedCents,
      taxRefundedCents: t.taxRefundedCents + r.taxRefundedCents,
      netTaxableCents: t.netTaxableCents + r.netTaxableCents,
      netTaxCents: t.netTaxCents + r.netTaxCents,
    }),
    {
      taxableSalesCents: 0,
      taxCollectedCents: 0,
      taxableRefundedCents: 0,
      taxRefundedCents: 0,
      netTaxableCents: 0,
      netTaxCents: 0,
    },
  );
  d.eq('taxReport.totals', taxes.totals.current, taxTotals);
  d.eq('taxReport.totals.netTaxCents = salesSummary.taxesCents', taxTotals.netTaxCents, all.taxesCents);

  await checkTransactions(d, fixture, ledger, period);
  await checkClosings(d, fixture, ledger, period);
  await checkStock(d, fixture, receipts, period);
  await checkQuickBooks(d, fixture, receipts, options);
  d.throwIfAny();
}

async function checkTransactions(d: Differences, fixture: Fixture, ledger: Ledger, period: string): Promise<void> {
  const receipts = ledger.receipts;
  const list = await get(fixture, `/reports/transactions?${period}&all=1&pageSize=100`);
  d.eq('transactions.total', list.total, receipts.length);
  const sales = receipts.filter((r) => r.kind === 'sale');
  const refunds = receipts.filter((r) => r.kind === 'refund');
  d.eq('transactions.sums', list.sums.current, {
    sales: sales.length,
    refunds: refunds.length,
    salesCents: sales.reduce((s, r) => s + r.figures.total, 0),
    refundsCents: refunds.reduce((s, r) => s + r.figures.total, 0),
  });
  // One day at a time, each day a receipt fell on and the day before: a receipt near midnight on
  // a 23- or 25-hour day is listed on its own day only, with that day's figures.
  const dayMs = 86_400_000;
  const days = new Set(
    receipts.flatMap((r) => [r.day, new Date(Date.parse(`${r.day}T00:00:00Z`) - dayMs).toISOString().slice(0, 10)]),
  );
  for (const day of [...days].sort()) {
    const mine = receipts.filter((r) => r.day === day);
    const one = await get(fixture, `/reports/transactions?period=custom&from=${day}&to=${day}&all=1&pageSize=100`);
    d.eq(`transactions(${day}).total`, one.total, mine.length);
    d.eq(
      `transactions(${day}).rows`,
      (one.rows as Json[]).map((row) => row.number).sort((a, b) => a - b),
      mine.map((r) => r.number).sort((a, b) => a! - b!),
    );
    d.eq(
      `transactions(${day}).salesCents`,
      one.sums.current.salesCents,
      mine.filter((r) => r.kind === 'sale').reduce((s, r) => s + r.figures.total, 0),
    );
    d.eq(
      `transactions(${day}).refundsCents`,
      one.sums.current.refundsCents,
      mine.filter((r) => r.kind === 'refund').reduce((s, r) => s + r.figures.total, 0),
    );
  }
  // The list's filters: kind, terminal, payment type.
  const count = async (filter: string) => (await get(fixture, `/reports/transactions?${period}&${filter}`)).total;
  d.eq('transactions(kind=refund).total', await count('kind=refund'), refunds.length);
  for (const [k, terminal] of fixture.terminals.entries()) {
    const want = receipts.filter((r) => r.terminal === k).length;
    d.eq(`transactions(terminal=${terminal.name}).total`, await count(`terminal=${terminal.id}`), want);
  }
  for (const type of [fixture.catalog.cash, fixture.catalog.card, fixture.catalog.gift]) {
    const want = receipts.filter((r) => r.payments.some((p) => p.typeId === type.id)).length;
    d.eq(`transactions(payment=${type.name}).total`, await count(`payment=${encodeURIComponent(type.name)}`), want);
  }
  const byNumber = new Map(receipts.map((r) => [r.number!, r]));
  const numberOf = new Map(receipts.map((r) => [r.eventId, r.number!]));
  for (const row of list.rows as Json[]) {
    const r = byNumber.get(row.number);
    if (!r) {
      d.eq(`transactions[#${row.number}]`, row, 'no such receipt');
      continue;
    }
    const f = `transactions[#${row.number}]`;
    d.eq(`${f}.kind`, row.kind, r.kind);
    d.eq(`${f}.totalCents`, row.totalCents, r.figures.total);
    d.eq(`${f}.tipCents`, row.tipCents, r.tip);
    d.eq(`${f}.customer`, row.customer, r.customer ? fixture.catalog.customer.name : null);
    d.eq(`${f}.payment`, row.payment, [...new Set(r.payments.map((p) => p.name))].join(' + '));
    d.eq(`${f}.location`, row.location, fixture.locations[r.location]!.name);
    d.eq(`${f}.terminal`, row.terminal, fixture.terminals[r.terminal]!.name);
    const zone = fixture.locations[r.location]!.timezone;
    const minutes = new Intl.DateTimeFormat('en-GB', { timeZone: zone, minute: '2-digit' }).format(new Date(r.at));
    d.eq(
      `${f}.localTime`,
      row.localTime,
      `${r.day} ${String(localHour(r.at, zone)).padStart(2, '0')}:${minutes.padStart(2, '0')}`,
    );
    d.eq(`${f}.refundOf`, row.refundOf, r.refundOf === null ? null : numberOf.get(r.refundOf));
    await checkReceipt(d, fixture, row.id, r, ledger, numberOf);
  }
}

async function checkReceipt(
  d: Differences,
  fixture: Fixture,
  id: number,
  r: LedgerReceipt,
  ledger: Ledger,
  numberOf: Map<string, number>,
): Promise<void> {
  const detail = await get(fixture, `/reports/transactions/${id}`);
  const f = `receipt[#${r.number}]`;
  d.eq(
    `${f}.lines`,
    (detail.lines as Json[]).map((l) => ({
      name: l.name,
      quantity: l.quantity,
      grossCents: l.grossCents,
      discountCents: l.discountCents,
      totalCents: l.totalCents,
    })),
    r.lines.map((l) => ({
      name: l.name,
      quantity: l.quantity,
      grossCents: l.figures.gross,
      discountCents: l.figures.discount,
      totalCents: l.figures.total,
    })),
  );
  const taxes = taxRows([{ ...r, kind: 'sale' }]);
  d.eq(
    `${f}.taxes`,
    (detail.taxes as Json[])
      .map((t) => ({ name: t.name, taxableCents: t.taxableCents, taxCents: t.taxCents }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    [...taxes.values()]
      .map((t) => ({ name: t.name, taxableCents: t.taxableSalesCents, taxCents: t.taxCollectedCents }))
      .sort((a, b) => a.name.localeCompare(b.name)),
  );
  d.eq(
    `${f}.payments`,
    (detail.payments as Json[]).map((p) => ({ name: p.name, amountCents: p.amountCents, tipCents: p.tipCents })),
    r.payments.map((p) => ({ name: p.name, amountCents: p.amountCents, tipCents: p.tipCents })),
  );
  const net = r.lines.reduce((s, l) => s + l.figures.net, 0);
  d.eq(
    `${f}.totals`,
    {
      grossCents: detail.grossCents,
      discountCents: detail.discountCents,
      netCents: detail.netCents,
      taxCents: detail.taxCents,
      totalCents: detail.totalCents,
      tipCents: detail.tipCents,
      changeCents: detail.changeCents,
    },
    {
      grossCents: r.figures.subtotal,
      discountCents: r.figures.discount,
      netCents: net,
      taxCents: r.figures.tax,
      totalCents: r.figures.total,
      tipCents: r.tip,
      changeCents: r.change,
    },
  );
  d.eq(`${f}.shiftNumber`, detail.shiftNumber, r.shift === null ? null : ledger.shifts[r.shift]!.number);
  d.eq(`${f}.refundOf`, detail.refundOf?.number ?? null, r.refundOf === null ? null : numberOf.get(r.refundOf));
  if (r.kind === 'sale') {
    const refunds = ledger.receipts.filter((x) => x.refundOf === r.eventId);
    d.eq(
      `${f}.refunds`,
      (detail.refunds as Json[]).map((x) => [x.number, x.totalCents]).sort((a, b) => a[0] - b[0]),
      refunds.map((x) => [x.number, x.figures.total]).sort((a, b) => a[0]! - b[0]!),
    );
  }
}

async function checkClosings(d: Differences, fixture: Fixture, ledger: Ledger, period: string): Promise<void> {
  const want = shiftRows(ledger);
  const list = await get(fixture, `/reports/closings?${period}&all=1&pageSize=100`);
  d.eq('closings.total', list.total, want.length);
  const byNumber = new Map(want.map((s) => [String(s.number), s]));
  compareRows(d, 'closings.rows', list.rows, (r) => String(r.number), byNumber);
  for (const row of list.rows as Json[]) {
    const shift = want.find((s) => s.number === row.number);
    if (!shift) continue;
    const index = want.indexOf(shift);
    const f = `zReport[shift ${row.number}]`;
    const answered = ledger.shifts[index]!.answeredExpected;
    if (answered !== null) d.eq(`shiftClose.expectedCashCents[shift ${row.number}]`, answered, shift.expectedCashCents);
    const z = await get(fixture, `/reports/closings/${row.id}`);
    for (const [field, value] of Object.entries(shift)) d.eq(`${f}.${field}`, z[field], value);
    const inShift = ledger.receipts.filter((r) => r.shift === index);
    compareFigures(d, `${f}.totals`, z.totals, figures(inShift));
    compareRows(d, `${f}.payments`, z.payments, (r) => r.name, paymentRows(inShift));
    const taxes = taxRows(inShift);
    d.eq(
      `${f}.taxes`,
      (z.taxes as Json[]).map((t) => [t.name, t.taxCents]).sort(),
      [...taxes.values()].map((t) => [t.name, t.netTaxCents]).sort(),
    );
    d.eq(
      `${f}.movements`,
      (z.movements as Json[]).map((m) => [m.kind, m.amountCents]),
      ledger.shifts[index]!.movements.map((m) => [m.kind, m.amountCents]),
    );
  }

  const closed = want.filter((s) => s.status === 'closed');
  const add = (shifts: typeof want, key: 'expectedCashCents' | 'countedCashCents' | 'differenceCents') =>
    shifts.reduce((t, s) => t + s[key]!, 0);
  d.eq('closings.sums.shifts', list.sums.current.shifts, want.length);
  d.eq('closings.sums.expectedCashCents', list.sums.current.expectedCashCents, add(want, 'expectedCashCents'));
  d.eq('closings.sums.countedCashCents', list.sums.current.countedCashCents, add(closed, 'countedCashCents'));
  d.eq('closings.sums.differenceCents', list.sums.current.differenceCents, add(closed, 'differenceCents'));

  const moves = ledger.shifts.flatMap((s) => s.movements);
  const cash = await get(fixture, `/reports/cash_movements?${period}&all=1&pageSize=100`);
  const total = (kind: string) => moves.filter((m) => m.kind === kind).reduce((s, m) => s + m.amountCents, 0);
  d.eq('cashMovements.sums', cash.sums.current, {
    payIns: moves.filter((m) => m.kind === 'pay_in').length,
    payOuts: moves.filter((m) => m.kind === 'pay_out').length,
    payInsCents: total('pay_in'),
    payOutsCents: total('pay_out'),
    netCents: total('pay_in') - total('pay_out'),
  });
  d.eq('cashMovements.total', cash.total, moves.length);
}
