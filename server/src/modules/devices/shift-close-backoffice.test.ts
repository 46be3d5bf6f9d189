import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { TERMINAL_ONLINE_WINDOW_MS } from '@hive/shared/schemas/backoffice/devices';
import {
  cashMovementEvent,
  ingestEvents,
  postEvents,
  refundEvent,
  saleEvent,
  shiftCloseEvent,
  shiftOpenEvent,
} from '../receipts';
import { addTerminal, paymentTypeId } from '../../../test/admin-helpers';
import { Client, databaseTargets, startTestServer, type Json, type TestServer } from '../../../test/helpers';

/*
 * Issue 43, item 11: a shift a dead register left open, closed from the back-office
 * (POST /api/backoffice/terminals/:id/close_shift). The closing and the Z report are those a
 * closing on the register gives; it is audited; refused while the register is online, for a shift
 * already closed, and for bad counted cash; and the register, when it comes back and closes the
 * shift itself, is answered with the closing that stands and changes nothing.
 */

const API = '/api/backoffice';
const DEVICE = '/api/device/v1';
const MINUTE = 60_000;

async function call(client: Client, method: string, path: string, json?: unknown) {
  const response = await client.request(`${API}${path}`, { method, ...(json === undefined ? {} : { json }) });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as Json };
}

async function device(url: string, token: string, events: unknown[]) {
  const response = await fetch(`${url}${DEVICE}/events`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ events }),
  });
  return { status: response.status, body: (await response.json()) as Json };
}

for (const target of databaseTargets()) {
  describe(`closing a shift from the back-office [${target.name}]`, () => {
    let server: TestServer;
    let owner: Client; // Corner Market, admin
    let manager: Client; // Corner Market, manager
    let clerk: Client; // Corner Market, user: no /terminal
    let bistro: Client; // Blue Door Bistro, admin
    let companyId: number;
    let locationId: number;
    let cash: number;
    let card: number;
    const now = () => server.clock.now();
    const db = () => server.running.database.db;

    /** A shift's history as a register sends it: float, cash sale with change, card sale, refund, pay-in, pay-out. */
    const history = (at: number) => {
      const open = shiftOpenEvent({ at, openingFloatCents: 10_000 });
      const sale = saleEvent({
        at: at + MINUTE,
        shiftId: open.id,
        lines: [{ itemId: null, name: 'Coffee beans', quantity: 2, unitPriceCents: 1_250, taxes: [] }],
        payments: [{ paymentTypeId: cash, amountCents: 3_000 }],
        changeCents: 500,
      });
      const other = saleEvent({
        at: at + 2 * MINUTE,
        shiftId: open.id,
        lines: [{ itemId: null, name: 'Mug', quantity: 1, unitPriceCents: 900, taxes: [] }],
        payments: [{ paymentTypeId: card, amountCents: 900, tipCents: 100 }],
      });
      const refund = refundEvent(sale, {
        at: at + 3 * MINUTE,
        shiftId: open.id,
        lines: [{ line: 1, quantity: 1 }],
        refundTo: cash,
      });
      const payIn = cashMovementEvent({
        shiftId: open.id,
        at: at + 4 * MINUTE,
        kind: 'pay_in',
        amountCents: 2_000,
        reason: 'Change',
      });
      const payOut = cashMovementEvent({
        shiftId: open.id,
        at: at + 5 * MINUTE,
        kind: 'pay_out',
        amountCents: 700,
        reason: 'Milk',
      });
      return { open, events: [open, sale, other, refund, payIn, payOut] };
    };

    const shiftRow = (clientId: string) =>
      db().selectFrom('shifts').selectAll().where('client_id', '=', clientId).executeTakeFirstOrThrow();

    /** A Z report without what differs between two shifts of the same history (ids, terminal, times). */
    const zReport = async (id: number) => {
      const { status, body } = await call(owner, 'GET', `/reports/closings/${id}`);
      assert.equal(status, 200, JSON.stringify(body));
      const { id: _id, number: _n, terminal: _t, closedAt: _c, closedLocal: _cl, ...rest } = body;
      return rest;
    };

    before(async () => {
      server = await startTestServer(target);
      owner = new Client(server.url);
      await owner.signIn('owner@cornermarket.test');
      manager = new Client(server.url);
      await manager.signIn('manager@cornermarket.test');
      clerk = new Client(server.url);
      await clerk.signIn('clerk@cornermarket.test');
      bistro = new Client(server.url);
      await bistro.signIn('owner@bluedoor.test');
      const company = await db()
        .selectFrom('companies')
        .select('id')
        .where('slug', '=', 'corner-market')
        .executeTakeFirstOrThrow();
      companyId = company.id;
      const location = await db()
        .selectFrom('locations')
        .select('id')
        .where('company_id', '=', companyId)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      locationId = location.id;
      cash = await paymentTypeId(db(), companyId, 'cash');
      card = await paymentTypeId(db(), companyId, 'card');
    });
    after(async () => {
      await server?.close();
    });

    it('gives the closing and the Z report a closing on the register gives for the same shift, and audits it', async () => {
      const at = now() - 3 * 60 * MINUTE;
      const onRegister = await addTerminal(db(), companyId, locationId, 'Same shift, register');
      const fromOffice = await addTerminal(db(), companyId, locationId, 'Same shift, back-office');
      const a = history(at);
      const b = history(at);
      await postEvents(db(), { companyId, terminalId: onRegister }, a.events, { now: now() });
      await postEvents(db(), { companyId, terminalId: fromOffice }, b.events, { now: now() });
      // The owner's own employee closes it on the register; the back-office names them too.
      const ownerId = (
        await db()
          .selectFrom('users')
          .select('id')
          .where('email', '=', 'owner@cornermarket.test')
          .executeTakeFirstOrThrow()
      ).id;
      const ownEmployee = await db()
        .selectFrom('employees')
        .select('id')
        .where('company_id', '=', companyId)
        .where('user_id', '=', ownerId)
        .executeTakeFirstOrThrow();
      // float 100.00 + cash 25.00 - refund 12.50 + pay-in 20.00 - pay-out 7.00 = 125.50; counted 124.00
      await postEvents(
        db(),
        { companyId, terminalId: onRegister },
        [
          shiftCloseEvent({
            shiftId: a.open.id,
            at: now() - MINUTE,
            countedCashCents: 12_400,
            employeeId: ownEmployee.id,
          }),
        ],
        { now: now() },
      );

      const listed = (await call(owner, 'GET', '/terminals')).body.rows.find((t: Json) => t.id === fromOffice);
      const shift = await shiftRow(b.open.id);
      assert.deepEqual(listed.openShift, { id: shift.id, number: Number(shift.number), openedAt: at, openedBy: null });

      const { status, body } = await call(owner, 'POST', `/terminals/${fromOffice}/close_shift`, {
        shiftId: shift.id,
        countedCashCents: 12_400,
      });
      assert.equal(status, 200, JSON.stringify(body));
      assert.equal(body.shiftId, shift.id);
      assert.equal(body.expectedCashCents, 12_550);
      assert.equal(body.countedCashCents, 12_400);
      assert.equal(body.differenceCents, -150);
      assert.equal(body.terminal.openShift, null);

      // The closing row as the register's: the same figures, stored the same way.
      const registerRow = await shiftRow(a.open.id);
      const officeRow = await shiftRow(b.open.id);
      for (const column of ['expected_cash_cents', 'counted_cash_cents', 'difference_cents'] as const) {
        assert.equal(Number(officeRow[column]), Number(registerRow[column]), column);
      }
      assert.equal(officeRow.status, 'closed');
      assert.equal(registerRow.status, 'closed');
      assert.equal(officeRow.closed_by, registerRow.closed_by);
      assert.equal(Number(officeRow.closed_at), body.closedAt);
      assert.equal(registerRow.closed_by_email, null);
      // The same Z report, figure by figure (who closed it included).
      const office = await zReport(officeRow.id);
      assert.deepEqual(office, await zReport(registerRow.id));
      assert.ok(office.closedBy);

      // Audited: who, when, the counted cash, on the shift and in the terminal's log.
      assert.equal(officeRow.closed_by_user_id, ownerId);
      assert.equal(officeRow.closed_by_email, 'owner@cornermarket.test');
      const log = await call(owner, 'GET', `/terminal_log?terminalId=${fromOffice}&kind=shift`);
      assert.equal(log.status, 200);
      assert.equal(log.body.rows.length, 1);
      const entry = log.body.rows[0];
      assert.equal(entry.level, 'warning');
      assert.equal(entry.at, body.closedAt);
      assert.match(entry.message, /closed from the back-office by owner@cornermarket\.test: counted 124\.00/);
      assert.equal(entry.details.userId, ownerId);
      assert.equal(entry.details.countedCashCents, 12_400);
      assert.equal(entry.details.differenceCents, -150);
    });

    it('is refused while the register is online, saying why; then the register coming back changes nothing', async () => {
      // A register paired through the API: it is online as long as it keeps calling.
      const created = await call(owner, 'POST', '/terminals', { name: 'Dies mid-shift', locationId });
      assert.equal(created.status, 201);
      const terminalId = created.body.terminal.id;
      const pair = await fetch(`${server.url}${DEVICE}/pair`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ code: created.body.pairingCode }),
      });
      const { token } = (await pair.json()) as Json;
      const { open, events } = history(now() - 30 * MINUTE);
      const sent = await device(server.url, token, events);
      assert.equal(sent.body.stored, events.length, JSON.stringify(sent.body));
      const shift = await shiftRow(open.id);

      const online = await call(owner, 'POST', `/terminals/${terminalId}/close_shift`, {
        shiftId: shift.id,
        countedCashCents: 12_550,
      });
      assert.equal(online.status, 409, JSON.stringify(online.body));
      assert.equal(online.body.error, 'terminal_online');
      assert.match(online.body.message, /Dies mid-shift is online .*close it on the register/);
      assert.equal(online.body.terminal, 'Dies mid-shift');
      assert.equal((await shiftRow(open.id)).status, 'open');

      // Silent past the online window: it died. The manager closes its shift.
      server.clock.advance(TERMINAL_ONLINE_WINDOW_MS + 1_000);
      const closed = await call(manager, 'POST', `/terminals/${terminalId}/close_shift`, {
        shiftId: shift.id,
        countedCashCents: 12_600,
        note: 'Register would not start',
      });
      assert.equal(closed.status, 200, JSON.stringify(closed.body));
      assert.equal(closed.body.differenceCents, 50);
      const stored = await shiftRow(open.id);
      assert.equal(stored.closed_by_email, 'manager@cornermarket.test');
      assert.equal(stored.note, 'Register would not start');
      // The register, when it comes back, is no longer offered the shift to carry on.
      const config = await fetch(`${server.url}${DEVICE}/config`, { headers: { authorization: `Bearer ${token}` } });
      assert.equal(((await config.json()) as Json).openShift, null);

      // Twice: refused, the closing stands.
      const again = await call(owner, 'POST', `/terminals/${terminalId}/close_shift`, {
        shiftId: shift.id,
        countedCashCents: 1,
      });
      assert.equal(again.status, 409);
      assert.equal(again.body.error, 'shift_closed');
      assert.match(again.body.message, /already closed \(from the back-office\)/);

      // The register comes back and closes the shift itself: answered with the closing that
      // stands (a duplicate the register drops); nothing of the books changes.
      const before = JSON.stringify(await shiftRow(open.id));
      const movements = await db()
        .selectFrom('cash_movements')
        .select('id')
        .where('company_id', '=', companyId)
        .execute();
      const late = shiftCloseEvent({ shiftId: open.id, at: now() - 10_000, countedCashCents: 9_999 });
      const back = await device(server.url, token, [late]);
      assert.equal(back.status, 200, JSON.stringify(back.body));
      assert.deepEqual(back.body.results, [
        {
          id: late.id,
          status: 'duplicate',
          shiftNumber: Number(stored.number),
          expectedCashCents: 12_550,
          differenceCents: 50,
        },
      ]);
      assert.equal(JSON.stringify(await shiftRow(open.id)), before);
      assert.equal(
        (await db().selectFrom('cash_movements').select('id').where('company_id', '=', companyId).execute()).length,
        movements.length,
      );
      // Sent again: the same answer.
      assert.deepEqual((await device(server.url, token, [late])).body.results, back.body.results);
      // What it rang up in the closed shift is refused, saying why; a new shift opens as usual.
      const orphan = saleEvent({
        at: now() - 5_000,
        shiftId: open.id,
        lines: [{ itemId: null, name: 'Late sale', quantity: 1, unitPriceCents: 100, taxes: [] }],
        payments: [{ paymentTypeId: cash, amountCents: 100 }],
      });
      const next = shiftOpenEvent({ at: now() - 1_000, openingFloatCents: 5_000 });
      const resumed = await device(server.url, token, [orphan, next]);
      assert.equal(resumed.body.results[0].status, 'rejected');
      assert.equal(resumed.body.results[0].errors[0].code, 'shift_closed');
      assert.match(resumed.body.results[0].errors[0].message, /closed \(from the back-office\)/);
      assert.equal(resumed.body.results[1].status, 'stored');
    });

    it('keeps refusing a second closing of a shift closed on the register (a new event id)', async () => {
      const terminalId = await addTerminal(db(), companyId, locationId, 'Closed on the register');
      const { open, events } = history(now() - 60 * MINUTE);
      await postEvents(
        db(),
        { companyId, terminalId },
        [...events, shiftCloseEvent({ shiftId: open.id, at: now() - MINUTE, countedCashCents: 0 })],
        { now: now() },
      );
      const shift = await shiftRow(open.id);
      const office = await call(owner, 'POST', `/terminals/${terminalId}/close_shift`, {
        shiftId: shift.id,
        countedCashCents: 0,
      });
      assert.equal(office.status, 409);
      assert.equal(office.body.error, 'shift_closed');
      assert.match(office.body.message, /on the register/);
      // The register's own second closing stays a rejection: only a back-office closing is answered as one.
      const { results } = await ingestEvents(
        db(),
        { companyId, terminalId, locationId },
        [shiftCloseEvent({ shiftId: open.id, at: now() - 1_000, countedCashCents: 5 })],
        { now: now() },
      );
      assert.equal(results[0]!.status, 'rejected');
      assert.equal(results[0]!.errors![0]!.code, 'shift_closed');
    });

    it('checks the counted cash (400 naming the field), the role and the tenant', async () => {
      const terminalId = await addTerminal(db(), companyId, locationId, 'Checks');
      const { open, events } = history(now() - 60 * MINUTE);
      await postEvents(db(), { companyId, terminalId }, events, { now: now() });
      const shift = await shiftRow(open.id);
      const path = `/terminals/${terminalId}/close_shift`;
      for (const countedCashCents of [-1, 12.5, '12.50', null, 100_000_001]) {
        const bad = await call(owner, 'POST', path, { shiftId: shift.id, countedCashCents });
        assert.equal(bad.status, 400, `${JSON.stringify(countedCashCents)}: ${JSON.stringify(bad.body)}`);
        assert.ok(bad.body.fields.countedCashCents, JSON.stringify(bad.body));
      }
      const missing = await call(owner, 'POST', path, { shiftId: shift.id });
      assert.equal(missing.status, 400);
      assert.ok(missing.body.fields.countedCashCents);
      // A role without the terminals page: 403.
      assert.equal((await call(clerk, 'POST', path, { shiftId: shift.id, countedCashCents: 0 })).status, 403);
      // Another company: 404, as if the terminal did not exist.
      const foreign = await call(bistro, 'POST', path, { shiftId: shift.id, countedCashCents: 0 });
      assert.equal(foreign.status, 404);
      // Another terminal's shift named through this terminal: 404.
      const elsewhere = await addTerminal(db(), companyId, locationId, 'Checks, elsewhere');
      assert.equal(
        (await call(owner, 'POST', `/terminals/${elsewhere}/close_shift`, { shiftId: shift.id, countedCashCents: 0 }))
          .status,
        404,
      );
      assert.equal((await shiftRow(open.id)).status, 'open');
      // Nothing was logged for any refusal.
      const logged = await db()
        .selectFrom('terminal_log')
        .select('id')
        .where('terminal_id', '=', terminalId)
        .where('kind', '=', 'shift')
        .execute();
      assert.equal(logged.length, 0);
      // And the owner may.
      const ok = await call(owner, 'POST', path, { shiftId: shift.id, countedCashCents: 0 });
      assert.equal(ok.status, 200, JSON.stringify(ok.body));
      assert.equal(ok.body.differenceCents, -12_550);
    });

    it('names who opened the shift on the terminals page', async () => {
      const terminalId = await addTerminal(db(), companyId, locationId, 'Opened by someone');
      const employee = await db()
        .selectFrom('employees')
        .select(['id', 'name'])
        .where('company_id', '=', companyId)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      const open = shiftOpenEvent({
        at: now() - MINUTE,
        openingFloatCents: 0,
        employeeId: employee.id,
        id: randomUUID(),
      });
      await postEvents(db(), { companyId, terminalId }, [open], { now: now() });
      const row = (await call(owner, 'GET', `/terminals/${terminalId}`)).body;
      assert.equal(row.openShift.openedBy, employee.name);
    });
  });
}
