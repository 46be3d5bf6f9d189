import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { device } from './admin-helpers';
import { databaseTargets, startTestServer, type TestServer } from './helpers';
import { checkEverything } from './reconciliation/checks';
import { CATALOG, freshCompany } from './reconciliation/fixture';
import { ringUp, type Outgoing } from './reconciliation/generator';
import { dayPlan, type DayPlan, type SalePlan } from './reconciliation/plan';

/*
 * Reconciliation: random trading days rung up through the device API, then every figure the
 * back-office shows (overview, reports, closings and Z reports, stock, the QuickBooks journal)
 * compared to the cent with a reference model written from docs/device-api.md and behaviour.md.
 *
 * RECON_RUNS=200 runs longer; a failure prints its seed and path: replay it with
 * RECON_SEED=<seed> RECON_PATH=<path> (server/README.md, "Reconciliation").
 */

const RUNS = Number(process.env.RECON_RUNS ?? 10);
/** Random unless given, and always named in the failure: any run can be replayed. */
const SEED = process.env.RECON_SEED === undefined ? (Math.random() * 2 ** 31) | 0 : Number(process.env.RECON_SEED);
const PATH = process.env.RECON_PATH;

/**
 * The days traded: fixed dates, never the wall clock. Each window runs from `start` and dates
 * nothing after `latest`; the server's clock reads `now` (just after the last event: the
 * overview's today and yesterday both hold some); the reports are read `from`-`to`. New York
 * changes its clocks inside the first two (8 March: 23 hours; 1 November: 25 hours), Tokyo never.
 */
const WINDOWS = [
  ['2026-03-06T12:00', '2026-03-09T20:00', '2026-03-09T20:15', '2026-03-04', '2026-03-12'],
  ['2026-10-30T12:00', '2026-11-02T20:00', '2026-11-02T20:15', '2026-10-28', '2026-11-05'],
  ['2026-06-10T00:00', '2026-06-13T20:00', '2026-06-13T20:15', '2026-06-08', '2026-06-16'],
].map(([start, latest, now, from, to]) => ({
  start: Date.parse(`${start}:00Z`),
  latest: Date.parse(`${latest}:00Z`),
  now: Date.parse(`${now}:00Z`),
  from: from!,
  to: to!,
}));

/**
 * Days every run starts with (fast-check's examples), before the random ones: the bugs found so
 * far, shrunk. Change taken off the card when the card was paid after the cash (e886a12): 0.01
 * cash and 3.49 card with 0.01 change and a tip showed Cash 0.02 and Card 3.48.
 */
const REGRESSIONS: DayPlan[] = [
  {
    window: 0,
    startMinutes: [0, 0],
    shifts: [
      [
        {
          floatCents: 0,
          actions: [
            {
              kind: 'sale',
              gapMinutes: 1,
              lines: [
                {
                  item: 0,
                  quantity: 1,
                  priceCents: null,
                  modifiers: [],
                  discountPermille: 0,
                  taxSet: 0,
                  namedDiscount: false,
                  namedModifiers: false,
                },
              ],
              receiptDiscounts: [],
              tender: 'cash_card',
              splitPermille: 0,
              changeCents: 1,
              tipCents: 1,
              orderType: 3,
              employee: 2,
              customer: false,
              redeemPoints: 0,
              promotion: false,
              namedDiscount: false,
              edge: 0,
              turnMinutes: 0,
              badChangeCents: 0,
              outsideShift: false,
            },
          ],
          close: true,
          countedOffCents: 0,
        },
      ],
      [{ floatCents: 0, actions: [], close: false, countedOffCents: 0 }],
    ],
    crossRefunds: [],
    batchSize: 1,
    resend: [],
    repeatInside: [],
  },
];

/** One sale of 8.00 (an item typed in), rung up as `sale` says: the start of the examples below. */
function oneSale(sale: Partial<SalePlan>): SalePlan {
  return {
    kind: 'sale',
    gapMinutes: 1,
    lines: [
      {
        item: CATALOG.items,
        quantity: 1,
        priceCents: 800,
        modifiers: [],
        discountPermille: 0,
        taxSet: 0,
        namedDiscount: false,
        namedModifiers: false,
      },
    ],
    receiptDiscounts: [],
    tender: 'card',
    splitPermille: 0,
    changeCents: 0,
    tipCents: 0,
    orderType: 3,
    employee: 3,
    customer: false,
    redeemPoints: 0,
    promotion: false,
    namedDiscount: false,
    edge: 0,
    turnMinutes: 0,
    badChangeCents: 0,
    outsideShift: false,
    ...sale,
  };
}

/** A day of one shift on the New York till (terminal 0) holding `sales`. */
function newYorkDay(window: number, sales: SalePlan[]): DayPlan {
  return {
    window,
    startMinutes: [0, 0],
    shifts: [
      [{ floatCents: 0, actions: sales, close: true, countedOffCents: 0 }],
      [{ floatCents: 0, actions: [], close: false, countedOffCents: 0 }],
    ],
    crossRefunds: [],
    batchSize: 3,
    resend: [],
    repeatInside: [],
  };
}

/**
 * The cases of issue 43 that no test reached (the generator makes them too, these every run):
 * change off a card refused (a card-only sale with change; cash 2.00 + card 10.00 with change
 * 4.00 on 8.00) while cash 5.00 + card 8.00 with change 5.00 is stored; and sales near midnight
 * on New York's 25-hour day (23:30 on 1 November) and after its 23-hour day (00:30 on 9 March).
 */
const ISSUE_43: DayPlan[] = [
  newYorkDay(1, [
    oneSale({ tender: 'card', badChangeCents: 300 }),
    // 2.00 of cash kept: the refused twin pays cash 2.00 + card 10.00 with change 4.00.
    oneSale({ tender: 'cash_card', splitPermille: 250, changeCents: 300, badChangeCents: 200 }),
    oneSale({ tender: 'change_card', changeCents: 500 }),
    oneSale({ edge: 3, turnMinutes: -30, tender: 'cash', changeCents: 200 }),
  ]),
  newYorkDay(0, [oneSale({ edge: 3, turnMinutes: 30 }), oneSale({ gapMinutes: 20 })]),
];

/** Sends a run's events in batches of the plan's size (one terminal per batch), some twice. */
async function send(server: TestServer, tokens: string[], outgoing: Outgoing[], plan: DayPlan, seed: string) {
  const batches: Outgoing[][] = [];
  for (const o of outgoing) {
    const last = batches.at(-1);
    if (last && last[0]!.terminal === o.terminal && last.length < plan.batchSize) last.push(o);
    else batches.push([o]);
  }
  const again = new Set(plan.resend.map((k) => k % batches.length));
  const repeat = new Set(plan.repeatInside.map((k) => k % batches.length));
  for (const [k, batch] of batches.entries()) {
    const token = tokens[batch[0]!.terminal]!;
    const body = { events: batch.map((o) => o.event) };
    // The same event twice in one batch: the second is a duplicate of the first.
    const doubled = repeat.has(k) ? { events: [...body.events, batch[0]!.event] } : body;
    const reply = await device(server.url, token, 'POST', '/events', doubled);
    // A batch of refused events only is answered 422 (with the same results).
    const allRefused = batch.every((o) => o.refusedOn !== undefined);
    assert.equal(
      reply.status,
      allRefused ? 422 : 200,
      `${seed}: batch ${k} answered ${reply.status} ${JSON.stringify(reply.body)}`,
    );
    if (repeat.has(k)) {
      const last = reply.body.results.at(-1);
      const first = batch[0]!.refusedOn === undefined ? 'duplicate' : 'rejected';
      assert.equal(last.status, first, `${seed}: batch ${k}, its first event again`);
      assert.equal(last.receiptNumber, reply.body.results[0].receiptNumber, `${seed}: batch ${k}, the same number`);
    }
    batch.forEach((o, i) => {
      const result = reply.body.results[i];
      if (o.refusedOn !== undefined) {
        assert.equal(
          result.status,
          'rejected',
          `${seed}: event ${JSON.stringify(o.event)} must be refused -> ${JSON.stringify(result)}`,
        );
        assert.ok(
          result.errors.some((e: { field: string }) => e.field === o.refusedOn),
          `${seed}: event ${JSON.stringify(o.event)} refused on ${o.refusedOn} -> ${JSON.stringify(result)}`,
        );
        return;
      }
      assert.equal(result.status, 'stored', `${seed}: event ${JSON.stringify(o.event)} -> ${JSON.stringify(result)}`);
      if (o.receipt) o.receipt.number = result.receiptNumber;
      if (o.shift) o.shift.number = result.shiftNumber;
      if (o.shift && o.event.type === 'shift_close') o.shift.answeredExpected = result.expectedCashCents;
    });
    if (again.has(k)) {
      // A register that lost the answer sends the same batch again: every event is a duplicate.
      const resent = await device(server.url, token, 'POST', '/events', body);
      assert.equal(resent.status, allRefused ? 422 : 200, `${seed}: batch ${k} resent`);
      resent.body.results.forEach((result: { status: string; receiptNumber?: number }, i: number) => {
        const want = batch[i]!.refusedOn === undefined ? 'duplicate' : 'rejected';
        assert.equal(result.status, want, `${seed}: batch ${k} resent, event ${i}`);
        assert.equal(result.receiptNumber, batch[i]!.receipt?.number ?? undefined, `${seed}: the same number`);
      });
    }
  }
}

for (const target of databaseTargets()) {
  describe(`reconciliation (${target.name})`, () => {
    let server: TestServer;

    before(async () => {
      server = await startTestServer(target);
    });

    after(async () => {
      await server?.close();
    });

    it('every figure of the back-office equals the receipts, to the cent', { timeout: 600_000 }, async () => {
      let run = 0;
      await fc.assert(
        fc.asyncProperty(dayPlan(CATALOG.items, CATALOG.taxSets, WINDOWS.length), async (plan) => {
          run += 1;
          const window = WINDOWS[plan.window]!;
          server.clock.offsetMs = window.now - Date.now();
          const fixture = await freshCompany(server);
          const { outgoing, ledger } = ringUp(plan, fixture.catalog, window.start, window.latest);
          const label = `${target.name} run ${run} (RECON_SEED=${SEED})`;
          await send(
            server,
            fixture.terminals.map((t) => t.token),
            outgoing,
            plan,
            label,
          );
          await checkEverything(fixture, ledger, { label, ...window });
        }),
        {
          numRuns: RUNS,
          seed: SEED,
          examples: [...REGRESSIONS, ...ISSUE_43].map((plan) => [plan] as [DayPlan]),
          // A replay shows the counterexample as it is, without shrinking it again.
          ...(PATH === undefined ? {} : { path: PATH, endOnFailure: true }),
          // Shrinking signs up a company per attempt: bounded in time, within the test's timeout.
          includeErrorInReport: true,
          interruptAfterTimeLimit: 540_000,
          markInterruptAsFailure: false,
        },
      );
    });
  });
}
