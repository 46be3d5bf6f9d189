import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { randomUUID } from 'node:crypto';
import { POSTING_STEPS } from '../../modules';
import { ingestEvents, postEvents, refundEvent, saleEvent, type PostingStep } from './';
import { addTerminal, companyId, db, paymentTypeId } from '../../../test/admin-helpers';
import { databaseTargets, startTestServer, type TestServer } from '../../../test/helpers';

/*
 * The posting pipeline's contract (src/modules/receipts/posting.ts): the steps run in order on the whole
 * batch once the receipts are written, sales before refunds; a step that rejects a receipt rejects
 * the event whole and the earlier steps put back what they moved; an event type the receipts do
 * not own is planned only by a step that claims it. The steps themselves are tested by their areas'
 * tests (loyalty, giftcards, timeclock, reports, inventory, device-api).
 */

for (const target of databaseTargets()) {
  describe(`posting pipeline [${target.name}]`, () => {
    let server: TestServer;
    let device: { companyId: number; terminalId: number; locationId: number };
    let cash: number;
    const line = (unitPriceCents: number) => ({ itemId: null, name: 'Probe', quantity: 2, unitPriceCents, taxes: [] });

    before(async () => {
      server = await startTestServer(target);
      const company = await companyId(server, 'corner-market');
      const { id: locationId } = await db(server)
        .selectFrom('locations')
        .select('id')
        .where('company_id', '=', company)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      device = {
        companyId: company,
        terminalId: await addTerminal(db(server), company, locationId, 'Probe'),
        locationId,
      };
      cash = await paymentTypeId(db(server), company, 'cash');
    });
    after(async () => {
      await server?.close();
    });

    it('composes the modules’ steps in module order (a sale’s points are checked before its gift cards)', () => {
      assert.deepEqual(
        POSTING_STEPS.map((s) => s.name),
        ['kitchen tickets', 'stock', 'report roll-ups', 'time clock', 'loyalty points', 'gift cards'],
      );
    });

    it('runs each step once on the whole batch, after the receipts are written, sales before refunds', async () => {
      const seen: string[] = [];
      const probe = (name: string): PostingStep => ({
        name,
        async post(trx, batch) {
          const ids = batch.receipts.map((r) => r.dbId!);
          const rows = await trx.selectFrom('receipts').select(['id', 'kind']).where('id', 'in', ids).execute();
          assert.equal(rows.length, ids.length, 'the receipts are written before the steps run');
          seen.push(`${name}: ${batch.receipts.map((r) => r.kind).join(', ')}`);
        },
      });
      const sale = saleEvent({
        at: Date.now() - 60_000,
        lines: [line(300)],
        payments: [{ paymentTypeId: cash, amountCents: 600 }],
      });
      const refund = refundEvent(sale, { at: Date.now() - 30_000, lines: [{ line: 1, quantity: 1 }], refundTo: cash });
      const other = saleEvent({
        at: Date.now() - 20_000,
        lines: [line(100)],
        payments: [{ paymentTypeId: cash, amountCents: 200 }],
      });
      const result = await ingestEvents(db(server), device, [sale, refund, other], {
        now: Date.now(),
        steps: [probe('first'), probe('second')],
      });
      assert.equal(result.stored, 3);
      assert.deepEqual(seen, ['first: sale, sale, refund', 'second: sale, sale, refund']);
    });

    it('a step refusing a receipt rejects the event whole; the earlier steps put their books back', async () => {
      let posted: number | null = null;
      const counter: PostingStep<{ moved: number }> = {
        name: 'counter',
        async load() {
          return { moved: 0 };
        },
        checkReceipt(book) {
          book.moved += 1;
          return null;
        },
        undoReceipt(book) {
          book.moved -= 1;
        },
        async post(_trx, _batch, book) {
          posted = book.moved;
        },
      };
      const refuser: PostingStep = {
        name: 'refuser',
        checkReceipt: (_book, receipt) =>
          receipt.totals.totalCents > 1000
            ? [{ field: 'payments', code: 'payments_mismatch', message: 'payments: too much for the probe' }]
            : null,
        async post() {},
      };
      const small = saleEvent({
        at: Date.now() - 60_000,
        lines: [line(250)],
        payments: [{ paymentTypeId: cash, amountCents: 500 }],
      });
      const big = saleEvent({
        at: Date.now() - 50_000,
        lines: [line(2500)],
        payments: [{ paymentTypeId: cash, amountCents: 5000 }],
      });
      const result = await ingestEvents(db(server), device, [small, big], {
        now: Date.now(),
        steps: [counter, refuser],
      });
      assert.deepEqual(
        result.results.map((r) => r.status),
        ['stored', 'rejected'],
      );
      assert.equal(result.results[1]!.errors![0]!.message, 'payments: too much for the probe');
      assert.equal(posted, 1, 'the counter counts the stored sale only');
      const written = await db(server)
        .selectFrom('receipts')
        .select('client_id')
        .where('client_id', 'in', [small.id, big.id])
        .execute();
      assert.deepEqual(
        written.map((r) => r.client_id),
        [small.id],
      );
    });

    it('an event type the receipts do not own is planned by the step that claims it, else rejected', async () => {
      const clockIn = { id: randomUUID(), type: 'clock_in', at: Date.now() - 60_000, employeeId: 1 };
      const result = await ingestEvents(db(server), device, [clockIn], { now: Date.now(), steps: [] });
      assert.equal(result.results[0]!.status, 'rejected');
      assert.equal(result.results[0]!.errors![0]!.code, 'unknown_type');
    });

    it('postEvents stores events as the terminal’s register, and throws on one not stored', async () => {
      const sale = saleEvent({
        at: Date.now() - 60_000,
        lines: [line(100)],
        payments: [{ paymentTypeId: cash, amountCents: 200 }],
      });
      const { ids } = await postEvents(db(server), device, [sale]);
      const stored = await db(server)
        .selectFrom('receipts')
        .select(['terminal_id', 'location_id', 'total_cents'])
        .where('id', '=', ids[0]!)
        .executeTakeFirstOrThrow();
      assert.deepEqual(
        [stored.terminal_id, stored.location_id, Number(stored.total_cents)],
        [device.terminalId, device.locationId, 200],
      );
      const whole = refundEvent(sale, { at: Date.now() - 30_000, lines: [{ line: 1, quantity: 2 }], refundTo: cash });
      await postEvents(db(server), device, [whole]);
      // The same refund again under another id: nothing is left to return (refund_exceeds_sale).
      await assert.rejects(postEvents(db(server), device, [{ ...whole, id: randomUUID() }]), /refund_exceeds_sale/);
    });
  });
}
