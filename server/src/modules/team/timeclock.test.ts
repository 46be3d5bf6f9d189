import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { sql } from 'kysely';
import { isoDay } from '@hive/shared/schemas/backoffice/reports';
import { CONFIG_CACHE_MS } from '../device-api/config';
import { localStamp, localTime } from '../../platform/time';
import { api, assertValidation, companyId, db, signedIn, userId, type ApiResult } from '../../../test/admin-helpers';
import { Client, databaseTargets, startTestServer, type Json, type TestServer } from '../../../test/helpers';

/*
 * The time clock (issue 20): the registers' clock_in / clock_out / break_start / break_end events
 * (state across batches, idempotency, every refused transition, break minutes), and the attendance
 * API behind /attendancer (entries matched to scheduled shifts with their flags, missing punches,
 * manual entries and corrections, approval, tenancy, the page rule, and two requests racing for
 * one employee).
 */

const DEVICE = '/api/device/v1';
const A = '/api/backoffice/team/attendance';
const MIN = 60_000;
const HOUR = 3_600_000;

interface Reply {
  status: number;
  body: Json;
}

class Register {
  constructor(
    readonly url: string,
    readonly token: string,
  ) {}

  async send(events: unknown[]): Promise<Reply> {
    const response = await fetch(`${this.url}${DEVICE}/events`, {
      method: 'POST',
      headers: { authorization: `Bearer ${this.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ events }),
    });
    return { status: response.status, body: await response.json() };
  }

  async config(): Promise<Reply> {
    const response = await fetch(`${this.url}${DEVICE}/config`, { headers: { authorization: `Bearer ${this.token}` } });
    return { status: response.status, body: await response.json() };
  }
}

type ClockType = 'clock_in' | 'clock_out' | 'break_start' | 'break_end';
const punch = (type: ClockType, employeeId: number, at: number) => ({ id: randomUUID(), type, at, employeeId });

for (const target of databaseTargets()) {
  describe(`time clock and attendance [${target.name}]`, () => {
    let server: TestServer;
    let owner: Client; // owner@bluedoor.test (the Scheduling add-on)
    let manager: Client; // manager@bluedoor.test
    let corner: Client; // owner@cornermarket.test (no Scheduling)
    let bistro: number;
    let cornerId: number;
    let floor: Register;
    let bar: Register;
    let terminalId: number;
    let locationId: number;
    let zone: string;
    let serverPosition: { id: number; rate: number };
    let ajv: Ajv2020;
    let seq = 0;

    const now = () => server.clock.now();
    /** A local `YYYY-MM-DDTHH:MM` of the Blue Door location (what the form sends). */
    const local = (at: number) => localStamp(at, zone).replace(' ', 'T');
    const minute = (at: number) => Math.floor(at / MIN) * MIN;
    const ok = (result: ApiResult | Reply, status = 200) =>
      assert.equal(result.status, status, `${status} expected, got ${result.status}: ${JSON.stringify(result.body)}`);
    const conforms = (reply: Reply, schema: string) => {
      const validate = ajv.getSchema(`api#/components/schemas/${schema}`)!;
      assert.ok(validate(reply.body), `${schema}: ${JSON.stringify(validate.errors)}`);
    };

    /** An employee of Blue Door (or `company`) of their own, so no test shares one. */
    async function newEmployee(
      extra: { rate?: number | null; positionId?: number | null; active?: boolean; company?: number } = {},
    ) {
      seq += 1;
      const at = now();
      const row = await db(server)
        .insertInto('employees')
        .values({
          company_id: extra.company ?? bistro,
          name: `Clock tester ${seq}`,
          pin_hash: 'scrypt$1024$8$1$x$y',
          user_id: null,
          position_id: extra.positionId === undefined ? serverPosition.id : extra.positionId,
          hourly_rate_cents: extra.rate ?? null,
          active: extra.active === false ? 0 : 1,
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    }

    const entriesOf = (employeeId: number) =>
      db(server)
        .selectFrom('time_entries')
        .selectAll()
        .where('employee_id', '=', employeeId)
        .orderBy('clock_in_at')
        .execute();
    const breaksOf = (entryId: number) =>
      db(server).selectFrom('time_breaks').selectAll().where('entry_id', '=', entryId).orderBy('start_at').execute();
    const count = async (table: 'time_entries' | 'time_breaks' | 'device_events') =>
      Number(
        (
          await db(server)
            .selectFrom(table)
            .select(sql<number>`count(*)`.as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );

    /** A planned shift inserted directly (the schedule's API is another page's). */
    async function shift(employeeId: number, startsAt: number, minutes: number) {
      const start = localTime(startsAt, zone);
      // The end on the wall clock, as the schedule stores it: over a clock change, 3 hours from 00:30
      // end at 04:30, not 03:30 (the night of 28 March 2027 in London, where the location was).
      const end = localTime(startsAt + minutes * MIN, zone);
      const at = now();
      const row = await db(server)
        .insertInto('schedule_shifts')
        .values({
          company_id: bistro,
          location_id: locationId,
          employee_id: employeeId,
          position_id: null,
          day: start.day,
          start_minute: start.hour * 60 + start.minute,
          end_minute: (end.day - start.day) * 1440 + end.hour * 60 + end.minute,
          starts_at: startsAt,
          ends_at: startsAt + minutes * MIN,
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    }

    /** The attendance list over the last three days and tomorrow (whatever the weekday). */
    const list = (client: Client, query: Record<string, string> = {}) => {
      const today = localTime(now(), zone).day;
      const params = new URLSearchParams({
        period: 'custom',
        from: isoDay(today - 3),
        to: isoDay(today + 1),
        ...query,
      });
      return api(client, 'GET', `${A}?${params}`);
    };

    const manual = (employeeId: number, inAt: number, outAt: number | null, extra: Record<string, unknown> = {}) => ({
      employeeId,
      locationId,
      clockIn: local(inAt),
      clockOut: outAt === null ? '' : local(outAt),
      breakMinutes: 0,
      reason: 'Forgot to clock in',
      ...extra,
    });

    before(async () => {
      server = await startTestServer(target, {
        deviceRateLimits: { pair: { limit: 10_000, windowMs: 60_000 }, requests: { limit: 100_000, windowMs: 60_000 } },
      });
      [owner, manager, corner] = await Promise.all(
        ['owner@bluedoor.test', 'manager@bluedoor.test', 'owner@cornermarket.test'].map((email) =>
          signedIn(server, email),
        ),
      );
      bistro = await companyId(server, 'blue-door-bistro');
      cornerId = await companyId(server, 'corner-market');
      const position = await db(server)
        .selectFrom('job_positions')
        .select(['id', 'hourly_rate_cents'])
        .where('company_id', '=', bistro)
        .where('name', '=', 'Server')
        .executeTakeFirstOrThrow();
      serverPosition = { id: position.id, rate: Number(position.hourly_rate_cents) };
      const pair = async (name: string) => {
        const terminal = await db(server)
          .selectFrom('terminals')
          .select(['id', 'location_id'])
          .where('company_id', '=', bistro)
          .where('name', '=', name)
          .executeTakeFirstOrThrow();
        const code = await api(owner, 'POST', `/api/backoffice/terminals/${terminal.id}/pairing_code`, {});
        const response = await fetch(`${server.url}${DEVICE}/pair`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ code: code.body.pairingCode }),
        });
        const paired = (await response.json()) as Json;
        assert.equal(response.status, 200, JSON.stringify(paired));
        return { register: new Register(server.url, paired.token), terminal };
      };
      const f = await pair('Floor');
      floor = f.register;
      terminalId = f.terminal.id;
      locationId = f.terminal.location_id!;
      bar = (await pair('Bar')).register;
      // A zone away from UTC (by 5 h 30) that never changes its clocks: the entries typed in below
      // are local times, and on the night London's clocks go back one hour of them names two
      // instants, whichever hour the test runs at.
      zone = 'Asia/Kolkata';
      await db(server).updateTable('locations').set({ timezone: zone }).where('id', '=', locationId).execute();
      const doc = await (await fetch(`${server.url}${DEVICE}/openapi.json`)).json();
      ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
      ajv.addSchema({ $id: 'api', components: doc.components });
    });
    after(async () => {
      await server?.close();
    });

    describe('clock events from the registers', () => {
      it('clock_in, a break and clock_out in one batch make one closed entry with its break', async () => {
        const lena = await newEmployee({ rate: 1300 });
        const t0 = now() - 6 * HOUR;
        const events = [
          punch('clock_in', lena, t0),
          punch('break_start', lena, t0 + 2 * HOUR),
          punch('break_end', lena, t0 + 2 * HOUR + 29 * MIN + 40_000),
          punch('clock_out', lena, t0 + 4 * HOUR),
        ];
        const reply = await floor.send(events);
        ok(reply);
        conforms(reply, 'EventBatchResult');
        assert.equal(reply.body.stored, 4, JSON.stringify(reply.body));
        const [entry, ...others] = await entriesOf(lena);
        assert.equal(others.length, 0);
        assert.deepEqual(
          reply.body.results.map((r: Json) => [r.status, r.timeEntryId]),
          events.map(() => ['stored', entry!.id]),
        );
        assert.equal(entry!.source, 'register');
        assert.equal(entry!.location_id, locationId);
        assert.equal(entry!.terminal_id, terminalId);
        assert.equal(entry!.position_id, serverPosition.id);
        assert.equal(Number(entry!.rate_cents), 1300, 'the own rate wins over the position');
        assert.equal(entry!.client_id, events[0]!.id);
        assert.equal(entry!.status, 'pending');
        assert.deepEqual([Number(entry!.clock_in_at), Number(entry!.clock_out_at)], [t0, t0 + 4 * HOUR]);
        assert.equal(entry!.break_minutes, 30, '29 min 40 s rounds to 30');
        const breaks = await breaksOf(entry!.id);
        assert.deepEqual(
          breaks.map((b) => [Number(b.start_at), Number(b.end_at)]),
          [[t0 + 2 * HOUR, t0 + 2 * HOUR + 29 * MIN + 40_000]],
        );

        // Sent again (a register that lost the answer): duplicates with the same outcome, nothing new.
        const before = [await count('time_entries'), await count('time_breaks'), await count('device_events')];
        const again = await floor.send(events);
        ok(again);
        assert.equal(again.body.duplicate, 4);
        assert.deepEqual(
          again.body.results.map((r: Json) => [r.status, r.timeEntryId]),
          events.map(() => ['duplicate', entry!.id]),
        );
        assert.deepEqual(
          [await count('time_entries'), await count('time_breaks'), await count('device_events')],
          before,
        );
        assert.deepEqual(await entriesOf(lena), [entry]);
      });

      it('keeps the state across batches and terminals; break minutes round the sum of the breaks', async () => {
        const ben = await newEmployee();
        const t0 = now() - 8 * HOUR;
        const first = await floor.send([punch('clock_in', ben, t0)]);
        ok(first);
        const entryId = first.body.results[0].timeEntryId as number;
        ok(await floor.send([punch('break_start', ben, t0 + HOUR)]));
        // On the break: the attendance list says so.
        const during = await list(owner, { employee: String(ben) });
        ok(during);
        assert.deepEqual(during.body.entries[0].flags, ['on_break', 'unscheduled']);
        assert.equal(during.body.entries[0].clockOut, null);
        assert.equal(during.body.entries[0].workedMinutes, null);
        // The break ends at the other register; a second one follows; 10:20 + 10:20 = 20:40 -> 21.
        ok(await bar.send([punch('break_end', ben, t0 + HOUR + 10 * MIN + 20_000)]));
        ok(
          await bar.send([
            punch('break_start', ben, t0 + 2 * HOUR),
            punch('break_end', ben, t0 + 2 * HOUR + 10 * MIN + 20_000),
          ]),
        );
        let [entry] = await entriesOf(ben);
        assert.equal(entry!.break_minutes, 21, 'rounded once over the sum, not per break (20)');
        assert.equal(entry!.clock_out_at, null);
        const out = await floor.send([punch('clock_out', ben, t0 + 5 * HOUR)]);
        ok(out);
        assert.equal(out.body.results[0].timeEntryId, entryId);
        [entry] = await entriesOf(ben);
        assert.equal(Number(entry!.clock_out_at), t0 + 5 * HOUR);
        assert.equal(entry!.terminal_id, terminalId, 'the entry stays the clock-in terminal’s');
        assert.equal(Number(entry!.rate_cents), serverPosition.rate, 'no own rate: the position’s');
        assert.equal((await breaksOf(entryId)).length, 2);
        const shown = (await list(owner, { employee: String(ben) })).body.entries[0];
        assert.equal(shown.breakMinutes, 21);
        assert.equal(shown.workedMinutes, 300 - 21);

        // A clock-out during a break ends the break at the same instant; clock in again in the same batch.
        const t1 = t0 + 6 * HOUR;
        const reply = await floor.send([
          punch('clock_in', ben, t1),
          punch('break_start', ben, t1 + 30 * MIN),
          punch('clock_out', ben, t1 + 45 * MIN),
          punch('clock_in', ben, t1 + 50 * MIN),
        ]);
        ok(reply);
        assert.equal(reply.body.stored, 4, JSON.stringify(reply.body));
        const entries = await entriesOf(ben);
        assert.equal(entries.length, 3);
        assert.equal(Number(entries[1]!.clock_out_at), t1 + 45 * MIN);
        assert.equal(entries[1]!.break_minutes, 15);
        assert.deepEqual(
          (await breaksOf(entries[1]!.id)).map((b) => Number(b.end_at)),
          [t1 + 45 * MIN],
        );
        assert.equal(entries[2]!.clock_out_at, null, 'the last clock-in is open');
        ok(await floor.send([punch('clock_out', ben, t1 + 60 * MIN)]));
      });

      it('refuses each transition the state does not allow, with its code; a refused event changes nothing', async () => {
        const ivy = await newEmployee();
        const t0 = now() - 5 * HOUR;
        const codes = async (events: unknown[]) => {
          const reply = await floor.send(events);
          assert.ok(reply.status === 200 || reply.status === 422, JSON.stringify(reply.body));
          return reply.body.results.map((r: Json) => (r.status === 'rejected' ? r.errors[0].code : r.status));
        };
        assert.deepEqual(await codes([punch('clock_out', ivy, t0)]), ['not_clocked_in']);
        assert.deepEqual(await codes([punch('break_start', ivy, t0)]), ['not_clocked_in']);
        assert.deepEqual(await codes([punch('break_end', ivy, t0)]), ['not_clocked_in']);
        assert.deepEqual(await codes([punch('clock_in', ivy, t0), punch('clock_in', ivy, t0 + MIN)]), [
          'stored',
          'already_clocked_in',
        ]);
        assert.deepEqual(await codes([punch('clock_in', ivy, t0 + 2 * MIN)]), ['already_clocked_in']);
        assert.deepEqual(await codes([punch('break_end', ivy, t0 + 3 * MIN)]), ['not_on_break']);
        assert.deepEqual(await codes([punch('clock_out', ivy, t0 - MIN)]), ['bad_time']);
        assert.deepEqual(await codes([punch('break_start', ivy, t0 - MIN)]), ['bad_time']);
        assert.deepEqual(
          await codes([punch('break_start', ivy, t0 + HOUR), punch('break_start', ivy, t0 + HOUR + MIN)]),
          ['stored', 'already_on_break'],
        );
        assert.deepEqual(await codes([punch('break_end', ivy, t0 + HOUR - MIN)]), ['bad_time']);
        assert.deepEqual(await codes([punch('clock_out', ivy, t0 + HOUR - MIN)]), ['bad_time']);
        assert.deepEqual(await codes([punch('break_end', ivy, t0 + HOUR + 10 * MIN)]), ['stored']);
        // A new break cannot start before the last one ended.
        assert.deepEqual(await codes([punch('break_start', ivy, t0 + HOUR + 5 * MIN)]), ['bad_time']);
        const [entry] = await entriesOf(ivy);
        assert.equal(entry!.clock_out_at, null);
        assert.equal(entry!.break_minutes, 10);
        assert.equal((await breaksOf(entry!.id)).length, 1);

        // Another company's employee, an inactive one, or none at all.
        const theirs = await newEmployee({ company: cornerId, positionId: null });
        const gone = await newEmployee({ active: false });
        const rejected = await floor.send([
          punch('clock_in', theirs, t0),
          punch('clock_in', gone, t0),
          { id: randomUUID(), type: 'clock_in', at: t0 },
        ]);
        ok(rejected, 422);
        conforms(rejected, 'EventBatchRejected');
        assert.deepEqual(
          rejected.body.results.map((r: Json) => [r.errors[0].field, r.errors[0].code]),
          [
            ['employeeId', 'unknown_employee'],
            ['employeeId', 'unknown_employee'],
            ['employeeId', 'invalid'],
          ],
        );
        assert.deepEqual([await entriesOf(theirs), await entriesOf(gone)], [[], []]);
        ok(await floor.send([punch('clock_out', ivy, t0 + 3 * HOUR)]));
      });

      it('two registers clocking one employee in at once: one entry, the other event refused', async () => {
        const kai = await newEmployee();
        const at = now() - HOUR;
        const [a, b] = await Promise.all([
          floor.send([punch('clock_in', kai, at)]),
          bar.send([punch('clock_in', kai, at + 1000)]),
        ]);
        const outcomes = [a, b].map((r) => r.body.results[0]);
        assert.deepEqual(outcomes.map((r) => r.status).sort(), ['rejected', 'stored']);
        assert.equal(outcomes.find((r) => r.status === 'rejected').errors[0].code, 'already_clocked_in');
        assert.equal((await entriesOf(kai)).length, 1);
        ok(await floor.send([punch('clock_out', kai, at + 30 * MIN)]));
      });

      it('tells every register of the location who is on the clock, since when and where (config.clockedIn)', async () => {
        const lea = await newEmployee();
        const at = now() - HOUR;
        ok(await floor.send([punch('clock_in', lea, at)]));
        // A configuration is kept up to CONFIG_CACHE_MS; a punch does not drop it.
        server.clock.advance(CONFIG_CACHE_MS);
        const seen = await bar.config();
        ok(seen);
        conforms(seen, 'Config');
        const of = (reply: Reply) => (reply.body.clockedIn as Json[]).filter((c) => c.employeeId === lea);
        assert.deepEqual(of(seen), [{ employeeId: lea, since: at, terminalId }]);
        ok(await bar.send([punch('clock_out', lea, at + HOUR)]));
        server.clock.advance(CONFIG_CACHE_MS);
        assert.deepEqual(of(await floor.config()), []);
      });
    });

    describe('the attendance list', () => {
      it('matches entries to scheduled shifts: late, missing clock-out, unscheduled, missing punches', async () => {
        const [late, punctual, absent, forgetful] = [
          await newEmployee(),
          await newEmployee(),
          await newEmployee(),
          await newEmployee(),
        ];
        const start = minute(now()) - 7 * HOUR;
        const lateShift = await shift(late, start, 4 * 60);
        const onTimeShift = await shift(punctual, start, 4 * 60);
        const missedShift = await shift(absent, minute(now()) - HOUR, 3 * 60);
        await shift(absent, minute(now()) + HOUR, 3 * 60); // not started: not missing yet
        await shift(absent, minute(now()) - 2 * MIN, 60); // within the grace minutes: not missing yet
        // 12 min late and never clocked out (now is past the end + 2 h); 3 min late and closed.
        ok(await floor.send([punch('clock_in', late, start + 12 * MIN + 30_000)]));
        ok(
          await floor.send([
            punch('clock_in', punctual, start + 3 * MIN),
            punch('clock_out', punctual, start + 4 * HOUR),
          ]),
        );
        // Unscheduled and open for 17 hours.
        ok(await floor.send([punch('clock_in', forgetful, now() - 17 * HOUR)]));

        const answer = await list(owner);
        ok(answer);
        const byEmployee = (id: number) => answer.body.entries.find((e: Json) => e.employeeId === id);
        const l = byEmployee(late);
        assert.deepEqual(l.scheduled, {
          shiftId: lateShift,
          start: localStamp(start, zone),
          end: localStamp(start + 4 * HOUR, zone),
        });
        assert.equal(l.lateMinutes, 12);
        assert.deepEqual(l.flags, ['late', 'missing_clock_out']);
        const p = byEmployee(punctual);
        assert.equal(p.scheduled.shiftId, onTimeShift);
        assert.equal(p.lateMinutes, 3);
        assert.deepEqual(p.flags, []);
        assert.equal(p.workedMinutes, 4 * 60 - 3);
        assert.equal(p.clockIn, localStamp(start + 3 * MIN, zone));
        const f = byEmployee(forgetful);
        assert.equal(f.scheduled, null);
        assert.equal(f.lateMinutes, null);
        assert.deepEqual(f.flags, ['missing_clock_out', 'unscheduled']);
        const missing = answer.body.missing.filter((m: Json) => m.employeeId === absent);
        const startOf = localTime(minute(now()) - HOUR, zone);
        assert.deepEqual(missing, [
          {
            shiftId: missedShift,
            employeeId: absent,
            employeeName: missing[0]?.employeeName,
            locationName: missing[0]?.locationName,
            date: isoDay(startOf.day),
            start: `${String(startOf.hour).padStart(2, '0')}:${String(startOf.minute).padStart(2, '0')}`,
            end: localStamp(minute(now()) + 2 * HOUR, zone).slice(11),
          },
        ]);
        assert.match(missing[0].employeeName, /^Clock tester/);
        assert.equal(typeof missing[0].locationName, 'string');
        assert.ok(!answer.body.missing.some((m: Json) => [late, punctual].includes(m.employeeId)));

        // Newest first; the frame of the reports (the company's locations and employees to filter by).
        const times = answer.body.entries.map((e: Json) => e.clockInAt);
        assert.deepEqual(
          times,
          [...times].sort((a: number, b: number) => b - a),
        );
        assert.ok(answer.body.filters.locations.some((x: Json) => x.id === locationId));
        assert.ok(answer.body.filters.employees.some((x: Json) => x.id === late));
        assert.equal(answer.body.period.preset, 'custom');
        assert.equal(
          answer.body.pendingCount,
          answer.body.entries.filter((e: Json) => e.status === 'pending' && e.clockOut !== null).length,
        );
        // Filters: one employee, one status, the location.
        const one = await list(owner, { employee: String(punctual), location: String(locationId) });
        assert.deepEqual(
          one.body.entries.map((e: Json) => e.employeeId),
          [punctual],
        );
        const approved = await list(owner, { status: 'approved', employee: String(punctual) });
        assert.deepEqual(approved.body.entries, []);
        ok(await floor.send([punch('clock_out', forgetful, now() - MIN)]));
        ok(await floor.send([punch('clock_out', late, now() - MIN)]));
      });

      it('answers 400 naming the field for a bad query', async () => {
        assertValidation(await api(owner, 'GET', `${A}?status=done`), 'status');
        assertValidation(await api(owner, 'GET', `${A}?period=custom&from=2026-01-01`), 'to');
        assertValidation(await api(owner, 'GET', `${A}?period=custom&from=2026-01-01&to=2026-03-31`), 'to');
        assertValidation(await api(owner, 'GET', `${A}?from=2026-01-02&to=2026-01-01`), 'to');
        assertValidation(await api(owner, 'GET', `${A}?period=today&from=2026-01-01`), 'period');
        assertValidation(await api(owner, 'GET', `${A}?group=day`), 'group');
        assertValidation(await api(owner, 'GET', `${A}?location=999999`), 'location');
        const theirs = await newEmployee({ company: cornerId, positionId: null });
        assertValidation(await api(owner, 'GET', `${A}?employee=${theirs}`), 'employee');
        ok(await api(owner, 'GET', `${A}?period=this_week`));
      });
    });

    describe('manual entries, corrections and approval', () => {
      it('a manual entry: 201 with the rate snapshot; 400 naming the field; 409 for an overlap or a second open entry', async () => {
        const mia = await newEmployee({ rate: 1500 });
        const inAt = minute(now()) - 30 * HOUR;
        const created = await api(owner, 'POST', A, manual(mia, inAt, inAt + 8 * HOUR, { breakMinutes: 30 }));
        ok(created, 201);
        assert.equal(created.body.source, 'manual');
        assert.equal(created.body.reason, 'Forgot to clock in');
        assert.equal(created.body.clockIn, localStamp(inAt, zone));
        assert.deepEqual([created.body.clockInAt, created.body.clockOutAt], [inAt, inAt + 8 * HOUR]);
        assert.equal(created.body.breakMinutes, 30);
        assert.equal(created.body.workedMinutes, 450);
        assert.deepEqual(created.body.flags, ['manual', 'unscheduled']);
        assert.equal(created.body.status, 'pending');
        assert.equal(created.body.locationId, locationId);
        assert.equal(created.body.positionName, 'Server');
        const [row] = await entriesOf(mia);
        assert.equal(Number(row!.rate_cents), 1500);
        assert.equal(row!.client_id, null);
        const breaks = await breaksOf(row!.id);
        assert.equal(breaks.length, 1);
        assert.equal(Number(breaks[0]!.end_at) - Number(breaks[0]!.start_at), 30 * MIN);

        const theirs = await newEmployee({ company: cornerId, positionId: null });
        const gone = await newEmployee({ active: false });
        const theirLocation = await db(server)
          .selectFrom('locations')
          .select('id')
          .where('company_id', '=', cornerId)
          .executeTakeFirstOrThrow();
        const later = inAt + 48 * HOUR;
        const bad: [Record<string, unknown>, string][] = [
          [manual(theirs, later - 20 * HOUR, later - 19 * HOUR), 'employeeId'],
          [manual(gone, later - 20 * HOUR, later - 19 * HOUR), 'employeeId'],
          [manual(mia, later - 20 * HOUR, later - 19 * HOUR, { locationId: theirLocation.id }), 'locationId'],
          [manual(mia, later - 20 * HOUR, later - 21 * HOUR), 'clockOut'],
          [manual(mia, later - 20 * HOUR, later - 19 * HOUR, { reason: '' }), 'reason'],
          [manual(mia, later - 20 * HOUR, later - 19 * HOUR, { breakMinutes: 60 }), 'breakMinutes'],
          [manual(mia, now() + HOUR, null), 'clockIn'],
          [manual(mia, now() - HOUR, now() + HOUR), 'clockOut'],
          [manual(mia, now() - 10 * MIN, null, { breakMinutes: 20 }), 'breakMinutes'],
          [{ ...manual(mia, later - 20 * HOUR, null), clockIn: '2026-02-30T09:00' }, 'clockIn'],
          [{ ...manual(mia, later - 20 * HOUR, null), employeeId: 'x' }, 'employeeId'],
        ];
        for (const [body, field] of bad) {
          assertValidation(await api(owner, 'POST', A, body), field, JSON.stringify(body));
        }

        const overlap = await api(owner, 'POST', A, manual(mia, inAt + 7 * HOUR, inAt + 9 * HOUR));
        ok(overlap, 409);
        assert.equal(overlap.body.error, 'entry_overlaps');
        assert.equal(overlap.body.entryId, row!.id);
        // Touching is not overlapping.
        const next = await api(owner, 'POST', A, manual(mia, inAt + 8 * HOUR, inAt + 9 * HOUR));
        ok(next, 201);
        // Still clocked in (no clock-out): open from then on, so a later entry overlaps it, and a
        // second open one is refused.
        const open = await api(owner, 'POST', A, manual(mia, now() - 2 * HOUR, null));
        ok(open, 201);
        assert.deepEqual(open.body.flags, ['manual', 'unscheduled']);
        assert.equal(open.body.clockOut, null);
        const second = await api(owner, 'POST', A, manual(mia, now() - 20 * HOUR, null));
        ok(second, 409);
        assert.equal(second.body.error, 'already_clocked_in');
        const inside = await api(owner, 'POST', A, manual(mia, now() - 90 * MIN, now() - 60 * MIN));
        ok(inside, 409);
        assert.equal(inside.body.error, 'entry_overlaps');
        // The register sees the open manual entry.
        const reply = await floor.send([punch('clock_in', mia, now() - MIN)]);
        assert.equal(reply.body.results[0].errors[0].code, 'already_clocked_in');
        // ... and closes it.
        const out = now() - MIN;
        ok(await floor.send([punch('clock_out', mia, out)]));
        const closed = (await entriesOf(mia)).at(-1)!;
        assert.deepEqual([closed.source, Number(closed.clock_out_at)], ['manual', out]);
      });

      it('approves one entry, then a correction sends it back to pending with the reason and who edited it', async () => {
        const noah = await newEmployee();
        const inAt = minute(now()) - 50 * HOUR;
        const entry = (await api(owner, 'POST', A, manual(noah, inAt, inAt + 6 * HOUR))).body;
        const approved = await api(manager, 'POST', `${A}/${entry.id}/approve`, {});
        ok(approved);
        assert.equal(approved.body.status, 'approved');
        assert.equal(approved.body.approvedBy, 'manager@bluedoor.test');
        assert.equal(typeof approved.body.approvedAt, 'number');
        // Again: nothing changes.
        const again = await api(owner, 'POST', `${A}/${entry.id}/approve`, {});
        assert.deepEqual(again.body, approved.body);

        const edited = await api(
          owner,
          'PUT',
          `${A}/${entry.id}`,
          manual(noah, inAt + 15 * MIN, inAt + 6 * HOUR, { breakMinutes: 45, reason: 'Arrived late, said so' }),
        );
        ok(edited);
        assert.equal(edited.body.status, 'pending');
        assert.equal(edited.body.approvedBy, null);
        assert.equal(edited.body.approvedAt, null);
        assert.equal(edited.body.reason, 'Arrived late, said so');
        assert.deepEqual(edited.body.flags, ['manual', 'edited', 'unscheduled']);
        assert.equal(edited.body.breakMinutes, 45);
        assert.equal(edited.body.workedMinutes, 6 * 60 - 15 - 45);
        const [row] = await entriesOf(noah);
        assert.equal(row!.edited_by, await userId(server, 'owner@bluedoor.test'));
        const breaks = await breaksOf(row!.id);
        assert.equal(breaks.length, 1, 'the breaks are replaced by one of the given total');
        assert.equal(Number(breaks[0]!.end_at) - Number(breaks[0]!.start_at), 45 * MIN);
        assert.ok(Number(breaks[0]!.start_at) > inAt + 15 * MIN, 'centred in the entry');

        assertValidation(
          await api(owner, 'PUT', `${A}/${entry.id}`, manual(noah, inAt, inAt + HOUR, { reason: ' ' })),
          'reason',
        );
        // A register entry is corrected the same way (its breaks replaced), and cannot be deleted.
        const t0 = minute(now()) - 40 * HOUR;
        const punched = await floor.send([
          punch('clock_in', noah, t0),
          punch('break_start', noah, t0 + HOUR),
          punch('break_end', noah, t0 + HOUR + 5 * MIN),
          punch('break_start', noah, t0 + 2 * HOUR),
          punch('break_end', noah, t0 + 2 * HOUR + 5 * MIN),
          punch('clock_out', noah, t0 + 3 * HOUR),
        ]);
        const registerId = punched.body.results[0].timeEntryId as number;
        assert.equal((await breaksOf(registerId)).length, 2);
        const overlapping = await api(owner, 'PUT', `${A}/${registerId}`, manual(noah, inAt, inAt + 7 * HOUR));
        ok(overlapping, 409);
        assert.equal(overlapping.body.error, 'entry_overlaps');
        const fixed = await api(
          owner,
          'PUT',
          `${A}/${registerId}`,
          manual(noah, t0, t0 + 3 * HOUR, { breakMinutes: 0, reason: 'No breaks taken' }),
        );
        ok(fixed);
        assert.deepEqual(fixed.body.flags, ['edited', 'unscheduled']);
        assert.equal(fixed.body.source, 'register');
        assert.deepEqual(await breaksOf(registerId), []);
        const refused = await api(owner, 'DELETE', `${A}/${registerId}`);
        ok(refused, 409);
        assert.equal(refused.body.error, 'register_entry');
        ok(await api(owner, 'DELETE', `${A}/${entry.id}`), 204);
        assert.deepEqual(
          (await entriesOf(noah)).map((e) => e.id),
          [registerId],
        );
        ok(await api(owner, 'GET', `${A}/${entry.id}`), 404);
      });

      it('approves in bulk: open entries are skipped; an id of another company is 404 and approves nothing', async () => {
        const zoe = await newEmployee();
        const inAt = minute(now()) - 70 * HOUR;
        const a = (await api(owner, 'POST', A, manual(zoe, inAt, inAt + HOUR))).body.id as number;
        const b = (await api(owner, 'POST', A, manual(zoe, inAt + 2 * HOUR, inAt + 3 * HOUR))).body.id as number;
        const open = (await api(owner, 'POST', A, manual(zoe, now() - HOUR, null))).body.id as number;
        const refusedOpen = await api(owner, 'POST', `${A}/${open}/approve`, {});
        ok(refusedOpen, 409);
        assert.equal(refusedOpen.body.error, 'entry_open');

        const stranger = await newEmployee({ company: cornerId, positionId: null });
        const theirs = await db(server)
          .insertInto('time_entries')
          .values({
            company_id: cornerId,
            employee_id: stranger,
            location_id: null,
            clock_in_at: inAt,
            clock_out_at: inAt + HOUR,
            source: 'manual',
            created_at: inAt,
            updated_at: inAt,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        ok(await api(owner, 'POST', `${A}/approve`, { ids: [a, theirs.id] }), 404);
        assert.deepEqual(
          (await entriesOf(zoe)).map((e) => e.status),
          ['pending', 'pending', 'pending'],
        );
        assertValidation(await api(owner, 'POST', `${A}/approve`, { ids: [] }), 'ids');

        const bulk = await api(owner, 'POST', `${A}/approve`, { ids: [a, b, open, a] });
        ok(bulk);
        assert.deepEqual(bulk.body, { approved: 2, skipped: 1 });
        const rows = await entriesOf(zoe);
        assert.deepEqual(
          rows.map((e) => e.status),
          ['approved', 'approved', 'pending'],
        );
        assert.equal(rows[0]!.approved_by, await userId(server, 'owner@bluedoor.test'));
        assert.deepEqual((await api(owner, 'POST', `${A}/approve`, { ids: [a, b] })).body, { approved: 0, skipped: 2 });
        const listed = await list(owner, { employee: String(zoe) });
        assert.equal(listed.body.pendingCount, 0, 'open entries are not waiting for approval');
        assert.deepEqual(
          (await list(owner, { employee: String(zoe), status: 'approved' })).body.entries.map((e: Json) => e.id),
          [b, a],
        );

        // Another company's entry: 404 on every route, and it is unchanged.
        for (const [method, path, body] of [
          ['GET', `${A}/${theirs.id}`, undefined],
          ['PUT', `${A}/${theirs.id}`, manual(zoe, inAt + 5 * HOUR, inAt + 6 * HOUR)],
          ['DELETE', `${A}/${theirs.id}`, undefined],
          ['POST', `${A}/${theirs.id}/approve`, {}],
        ] as const) {
          ok(await api(owner, method, path, body), 404);
        }
        const after = await entriesOf(stranger);
        assert.deepEqual(
          after.map((e) => [e.status, Number(e.clock_in_at)]),
          [['pending', inAt]],
        );
        ok(await api(owner, 'DELETE', `${A}/${open}`), 204);
      });

      it('two manual entries for one employee sent at once: exactly one is stored', async () => {
        const sol = await newEmployee();
        const inAt = minute(now()) - 90 * HOUR;
        const results = await Promise.all(
          [0, 1, 2, 3].map((k) => api(owner, 'POST', A, manual(sol, inAt + k * 10 * MIN, inAt + 4 * HOUR))),
        );
        assert.deepEqual(
          results.map((r) => r.status).sort(),
          [201, 409, 409, 409],
          JSON.stringify(results.map((r) => r.body)),
        );
        const opens = await Promise.all(
          [0, 1, 2].map((k) => api(owner, 'POST', A, manual(sol, now() - (k + 1) * HOUR, null))),
        );
        assert.deepEqual(opens.map((r) => r.status).sort(), [201, 409, 409]);
        assert.equal((await entriesOf(sol)).length, 2);
      });
    });

    describe('the page rule', () => {
      it('a user without view_attendancer_menu gets 403; a company without Scheduling too', async () => {
        ok(await api(manager, 'GET', A));
        const managerId = await userId(server, 'manager@bluedoor.test');
        const current = (await api(owner, 'GET', `/api/backoffice/team/permissions/${managerId}`)).body;
        ok(
          await api(owner, 'PUT', `/api/backoffice/team/permissions/${managerId}`, {
            granted: current.granted,
            revoked: [...current.revoked, 'view_attendancer_menu'],
          }),
        );
        const refused = await api(manager, 'GET', A);
        ok(refused, 403);
        ok(await api(manager, 'POST', `${A}/approve`, { ids: [1] }), 403);
        ok(await api(corner, 'GET', A), 403);
        ok(
          await api(owner, 'PUT', `/api/backoffice/team/permissions/${managerId}`, {
            granted: current.granted,
            revoked: current.revoked,
          }),
        );
        ok(await api(manager, 'GET', A));
      });
    });
  });
}
