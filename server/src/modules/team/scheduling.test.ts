import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { dayNumber, isoDay } from '@hive/shared/schemas/backoffice/reports';
import { postEvents, saleAmounts, saleEvent } from '../receipts';
import { today } from '../../platform/time';
import { costOfMinutes, mondayOf } from './time';
import {
  addTerminal,
  api,
  assertValidation,
  companyId,
  db,
  paymentTypeId,
  signedIn,
  userId,
  type ApiResult,
} from '../../../test/admin-helpers';
import { databaseTargets, outbox, startTestServer, type Client, type Json, type TestServer } from '../../../test/helpers';

/*
 * The weekly schedule and the team sheet (issue 20): one location's week in its own days, shifts
 * with their wall-clock times kept through clock changes, the conflicts it shows (never refuses),
 * the labour projection against the net sales of the reports, copying last week, publishing with
 * one e-mail per employee, time off, and the tenancy and page rules of each route.
 * Each test plans its own week, so none sees another's shifts.
 */

const T = '/api/backoffice/team';
const S = `${T}/schedule`;
const LONDON = 'Europe/London';
const utc = (iso: string) => Date.parse(`${iso}Z`);

const newEmployee = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  email: '',
  phone: '',
  positionId: null,
  hourlyRateCents: null,
  role: 'user',
  allLocations: true,
  locationIds: [],
  active: true,
  ...extra,
});

for (const target of databaseTargets()) {
  describe(`scheduling: the weekly schedule and the team sheet [${target.name}]`, () => {
    let server: TestServer;
    let owner: Client; // owner@bluedoor.test (Sam Okafor), admin of Blue Door Bistro (Scheduling add-on)
    let manager: Client; // manager@bluedoor.test (Chloe Martin)
    let cornerOwner: Client; // Corner Market: no Scheduling add-on
    let bluedoor: number;
    let canal: number; // Canal Walk, Europe/London (the demo's location)
    let harbour: number; // a second location, America/New_York (added here)
    const people: Record<string, number> = {};
    const positions: Record<string, number> = {};
    let cornerShift: number;
    let cornerTimeOff: number;
    let cornerEmployee: number;
    let cornerLocation: number;

    const ok = (result: ApiResult, status = 200) =>
      assert.equal(result.status, status, `${status} expected, got ${result.status}: ${JSON.stringify(result.body)}`);
    const shift = (name: string, date: string, start: string, end: string, extra: Record<string, unknown> = {}) => ({
      locationId: canal,
      employeeId: people[name],
      positionId: null,
      date,
      start,
      end,
      breakMinutes: 0,
      note: '',
      ...extra,
    });
    const addShift = async (body: Record<string, unknown>) => {
      const result = await api(owner, 'POST', `${S}/shifts`, body);
      ok(result, 201);
      return result.body as Json;
    };
    const week = async (query: string, client = owner) => {
      const result = await api(client, 'GET', `${S}?${query}`);
      ok(result);
      return result.body as Json;
    };
    const row = (id: number) =>
      db(server).selectFrom('schedule_shifts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const kinds = (w: Json, shiftId: number) =>
      w.conflicts.filter((c: Json) => c.shiftId === shiftId).map((c: Json) => [c.kind, c.otherId]);

    let demo: Record<'shifts' | 'weeks' | 'entries' | 'timeOff', number>;
    const countWhere = async (
      database: ReturnType<typeof db>,
      table: 'schedule_shifts' | 'schedule_weeks' | 'time_entries' | 'time_off',
      company: number,
    ) =>
      Number(
        (
          await database
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('company_id', '=', company)
            .executeTakeFirstOrThrow()
        ).n,
      );

    before(async () => {
      server = await startTestServer(target);
      [owner, manager, cornerOwner] = await Promise.all(
        ['owner@bluedoor.test', 'manager@bluedoor.test', 'owner@cornermarket.test'].map((e) => signedIn(server, e)),
      );
      bluedoor = await companyId(server, 'blue-door-bistro');
      const corner = await companyId(server, 'corner-market');
      const database = db(server);
      const now = Date.now();
      // The demo's weeks (checked below), then a blank schedule for these tests.
      demo = {
        shifts: await countWhere(database, 'schedule_shifts', bluedoor),
        weeks: await countWhere(database, 'schedule_weeks', bluedoor),
        entries: await countWhere(database, 'time_entries', bluedoor),
        timeOff: await countWhere(database, 'time_off', bluedoor),
      };
      for (const table of ['time_entries', 'time_off', 'schedule_weeks', 'schedule_shifts'] as const) {
        await database.deleteFrom(table).where('company_id', '=', bluedoor).execute();
      }
      canal = (
        await database.selectFrom('locations').select('id').where('company_id', '=', bluedoor).executeTakeFirstOrThrow()
      ).id;
      harbour = (
        await database
          .insertInto('locations')
          .values({
            company_id: bluedoor,
            name: 'Harbour',
            timezone: 'America/New_York',
            active: 1,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
      for (const p of await database
        .selectFrom('job_positions')
        .select(['id', 'name'])
        .where('company_id', '=', bluedoor)
        .execute()) {
        positions[p.name] = p.id;
      }
      const extra = [
        newEmployee('Hana Harbour', { allLocations: false, locationIds: [harbour] }),
        newEmployee('Ivy Inactive', { active: false }),
        newEmployee('Omar Leaver'),
        newEmployee('Yusuf Mover'),
      ];
      for (const body of extra) ok(await api(owner, 'POST', `${T}/employees`, body), 201);
      for (const e of await database
        .selectFrom('employees')
        .select(['id', 'name'])
        .where('company_id', '=', bluedoor)
        .execute()) {
        people[e.name] = e.id;
      }
      // Another company's shift and time off (Corner Market has no Scheduling: written directly).
      cornerEmployee = (
        await database.selectFrom('employees').select('id').where('company_id', '=', corner).executeTakeFirstOrThrow()
      ).id;
      cornerLocation = (
        await database.selectFrom('locations').select('id').where('company_id', '=', corner).executeTakeFirstOrThrow()
      ).id;
      const day = dayNumber('2027-01-05')!;
      cornerShift = (
        await database
          .insertInto('schedule_shifts')
          .values({
            company_id: corner,
            location_id: cornerLocation,
            employee_id: cornerEmployee,
            position_id: null,
            day,
            start_minute: 540,
            end_minute: 1020,
            starts_at: utc('2027-01-05T15:00:00'),
            ends_at: utc('2027-01-05T23:00:00'),
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
      cornerTimeOff = (
        await database
          .insertInto('time_off')
          .values({
            company_id: corner,
            employee_id: cornerEmployee,
            first_day: day,
            last_day: day,
            created_by: null,
            created_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    });
    after(async () => {
      await server?.close();
    });

    it('the demo plans Blue Door Bistro: six weeks of shifts, published weeks, clock entries and time off', () => {
      // Four weeks back to next week, four people; published up to this week (next week is a draft).
      assert.ok(demo.shifts >= 6 * 15, `demo shifts: ${demo.shifts}`);
      assert.equal(demo.weeks, 5);
      assert.ok(demo.entries > 0, 'demo clock entries');
      assert.equal(demo.timeOff, 1);
    });

    it('answers this week at the first location by default: its days, people, positions and nothing planned', async () => {
      const w = await week('');
      assert.equal(w.locationId, canal);
      assert.equal(w.locationName, 'Canal Walk');
      assert.equal(w.timeZone, LONDON);
      assert.equal(w.currency, 'USD');
      assert.deepEqual(
        w.locations.map((l: Json) => l.name),
        ['Canal Walk', 'Harbour'],
      );
      const monday = mondayOf(today(server.clock.now(), LONDON));
      assert.equal(w.week, isoDay(monday));
      assert.deepEqual(
        w.days,
        Array.from({ length: 7 }, (_, i) => isoDay(monday + i)),
      );
      // Active people who work here, by name; not Hana (Harbour only) nor Ivy (inactive).
      const names = w.employees.map((e: Json) => e.name);
      assert.deepEqual(names, [
        'Ben Adeyemi',
        'Chloe Martin',
        'Lena Vogel',
        'Omar Leaver',
        'Sam Okafor',
        'Yusuf Mover',
      ]);
      const byName = Object.fromEntries(w.employees.map((e: Json) => [e.name, e]));
      assert.equal(byName['Lena Vogel'].rateCents, 1300, 'her own rate');
      assert.equal(byName['Ben Adeyemi'].rateCents, 1900, "the Cook's rate");
      assert.equal(byName['Ben Adeyemi'].positionId, positions.Cook);
      assert.equal(byName['Yusuf Mover'].rateCents, 0, 'no rate, no position');
      assert.equal(byName['Chloe Martin'].hasEmail, true);
      assert.equal(byName['Ben Adeyemi'].hasEmail, false);
      assert.deepEqual(
        w.positions.map((p: Json) => p.name),
        ['Cook', 'Host', 'Manager', 'Server'],
      );
      assert.equal(w.positions.find((p: Json) => p.name === 'Cook').color, '#dc2626');
      assert.deepEqual(w.shifts, []);
      assert.deepEqual(w.labour, {
        paidMinutes: 0,
        costCents: 0,
        basis: 'last_4_weeks',
        salesCents: 0,
        labourPercentBp: null,
      });
      assert.equal(w.published, null);
      assert.equal(w.unpublishedCount, 0);

      // Any date finds its Monday; the other location answers its own people.
      const other = await week(`location=${harbour}&week=2027-01-07`);
      assert.equal(other.week, '2027-01-04');
      assert.equal(other.timeZone, 'America/New_York');
      assert.ok(other.employees.some((e: Json) => e.name === 'Hana Harbour'));
    });

    it('creates, edits and deletes a shift; its cost is the paid minutes at the rate', async () => {
      const created = await addShift(
        shift('Lena Vogel', '2027-01-05', '09:30', '17:00', {
          positionId: positions.Server,
          breakMinutes: 30,
          note: 'Patio',
        }),
      );
      assert.deepEqual(
        { ...created, id: 0 },
        {
          id: 0,
          locationId: canal,
          employeeId: people['Lena Vogel'],
          positionId: positions.Server,
          date: '2027-01-05',
          start: '09:30',
          end: '17:00',
          overnight: false,
          breakMinutes: 30,
          paidMinutes: 420,
          costCents: costOfMinutes(420, 1300),
          note: 'Patio',
          unpublished: true,
        },
      );
      const stored = await row(created.id);
      assert.equal(Number(stored.company_id), bluedoor);
      assert.equal(Number(stored.starts_at), utc('2027-01-05T09:30:00'));
      assert.equal(Number(stored.ends_at), utc('2027-01-05T17:00:00'));

      let w = await week('week=2027-01-05');
      assert.deepEqual(w.shifts, [created]);
      assert.equal(w.employees.find((e: Json) => e.name === 'Lena Vogel').weekMinutes, 420);
      assert.equal(w.labour.paidMinutes, 420);
      assert.equal(w.labour.costCents, created.costCents);
      assert.equal(w.unpublishedCount, 1);

      const edited = await api(
        owner,
        'PUT',
        `${S}/shifts/${created.id}`,
        shift('Ben Adeyemi', '2027-01-06', '12:00', '20:00', { breakMinutes: 60 }),
      );
      ok(edited);
      assert.equal(edited.body.id, created.id);
      assert.equal(edited.body.employeeId, people['Ben Adeyemi']);
      assert.equal(edited.body.date, '2027-01-06');
      assert.equal(edited.body.paidMinutes, 420);
      assert.equal(edited.body.costCents, costOfMinutes(420, 1900));
      assert.equal(Number((await row(created.id)).starts_at), utc('2027-01-06T12:00:00'));

      ok(await api(owner, 'DELETE', `${S}/shifts/${created.id}`), 204);
      w = await week('week=2027-01-05');
      assert.deepEqual(w.shifts, []);
      assert.equal((await api(owner, 'DELETE', `${S}/shifts/${created.id}`)).status, 404);
      assert.equal(
        (await api(owner, 'PUT', `${S}/shifts/${created.id}`, shift('Ben Adeyemi', '2027-01-06', '12:00', '20:00')))
          .status,
        404,
      );
    });

    it('refuses bad input with a 400 naming the field, and writes nothing', async () => {
      const before = await db(server).selectFrom('schedule_shifts').select('id').execute();
      const cases: [string, Record<string, unknown>][] = [
        ['end', shift('Ben Adeyemi', '2027-01-12', '06:00', '23:00')], // 17 h
        ['end', shift('Ben Adeyemi', '2027-01-12', '06:00', '6:00')],
        ['breakMinutes', shift('Ben Adeyemi', '2027-01-12', '09:00', '10:00', { breakMinutes: 60 })],
        ['breakMinutes', shift('Ben Adeyemi', '2027-01-12', '09:00', '17:00', { breakMinutes: -5 })],
        ['date', shift('Ben Adeyemi', '2027-02-30', '09:00', '17:00')],
        ['employeeId', shift('Ben Adeyemi', '2027-01-12', '09:00', '17:00', { employeeId: cornerEmployee })],
        ['employeeId', shift('Ivy Inactive', '2027-01-12', '09:00', '17:00')],
        ['employeeId', shift('Hana Harbour', '2027-01-12', '09:00', '17:00')],
        ['locationId', shift('Ben Adeyemi', '2027-01-12', '09:00', '17:00', { locationId: cornerLocation })],
        ['locationId', shift('Ben Adeyemi', '2027-01-12', '09:00', '17:00', { locationId: 999_999 })],
        ['positionId', shift('Ben Adeyemi', '2027-01-12', '09:00', '17:00', { positionId: 999_999 })],
      ];
      for (const [field, body] of cases) {
        assertValidation(await api(owner, 'POST', `${S}/shifts`, body), field, `${field} ${JSON.stringify(body)}`);
      }
      const inactive = await api(owner, 'POST', `${S}/shifts`, shift('Ivy Inactive', '2027-01-12', '09:00', '17:00'));
      assert.match(inactive.body.fields.employeeId, /inactive/);
      const elsewhere = await api(owner, 'POST', `${S}/shifts`, shift('Hana Harbour', '2027-01-12', '09:00', '17:00'));
      assert.match(elsewhere.body.fields.employeeId, /does not work at Canal Walk/);
      // Hana may be planned where she works.
      ok(
        await api(
          owner,
          'POST',
          `${S}/shifts`,
          shift('Hana Harbour', '2027-01-12', '09:00', '17:00', { locationId: harbour }),
        ),
        201,
      );

      assertValidation(await api(owner, 'GET', `${S}?location=${cornerLocation}`), 'location');
      assertValidation(await api(owner, 'GET', `${S}?location=abc`), 'location');
      assertValidation(await api(owner, 'GET', `${S}?week=2027-13-01`), 'week');
      assertValidation(await api(owner, 'GET', `${S}?basis=monthly`), 'basis');
      assertValidation(
        await api(owner, 'POST', `${S}/copy`, { locationId: cornerLocation, week: '2027-01-12' }),
        'locationId',
      );
      assertValidation(await api(owner, 'POST', `${S}/publish`, { locationId: canal, week: 'soon' }), 'week');
      assertValidation(
        await api(owner, 'POST', `${S}/time_off`, {
          employeeId: cornerEmployee,
          from: '2027-01-12',
          to: '2027-01-12',
          reason: '',
        }),
        'employeeId',
      );
      assertValidation(
        await api(owner, 'POST', `${S}/time_off`, {
          employeeId: people['Ben Adeyemi'],
          from: '2027-01-12',
          to: '2027-01-11',
          reason: '',
        }),
        'to',
      );
      const after = await db(server).selectFrom('schedule_shifts').select('id').execute();
      assert.equal(after.length, before.length + 1, 'only the valid Harbour shift was written');
    });

    it('shows overlaps (at this location and another) and time off as conflicts, and still saves the shifts', async () => {
      // Lena: 10-14 and 13-17 on Monday overlap; 17-19 only touches the second.
      const a = await addShift(shift('Lena Vogel', '2027-05-03', '10:00', '14:00'));
      const b = await addShift(shift('Lena Vogel', '2027-05-03', '13:00', '17:00'));
      const c = await addShift(shift('Lena Vogel', '2027-05-03', '17:00', '19:00'));
      // Wednesday 09:00-11:00 in New York is 14:00-16:00 in London.
      const ny = await addShift(shift('Lena Vogel', '2027-05-05', '09:00', '11:00', { locationId: harbour }));
      const d = await addShift(shift('Lena Vogel', '2027-05-05', '12:00', '15:00'));
      const e = await addShift(shift('Lena Vogel', '2027-05-05', '16:00', '18:00'));
      // Time off Thursday and Friday: the Thursday shift is a conflict, Wednesday's is not.
      const away = await api(owner, 'POST', `${S}/time_off`, {
        employeeId: people['Lena Vogel'],
        from: '2027-05-06',
        to: '2027-05-07',
        reason: 'Wedding',
      });
      ok(away, 201);
      assert.deepEqual(
        { ...away.body, id: 0 },
        {
          id: 0,
          employeeId: people['Lena Vogel'],
          employeeName: 'Lena Vogel',
          from: '2027-05-06',
          to: '2027-05-07',
          reason: 'Wedding',
        },
      );
      const f = await addShift(shift('Lena Vogel', '2027-05-06', '10:00', '14:00'));
      // Time off of another week is not listed.
      ok(
        await api(owner, 'POST', `${S}/time_off`, {
          employeeId: people['Lena Vogel'],
          from: '2027-05-10',
          to: '2027-05-10',
          reason: '',
        }),
        201,
      );

      const w = await week('week=2027-05-03');
      assert.equal(w.shifts.length, 6, 'the Harbour shift is not on the Canal Walk week');
      assert.deepEqual(kinds(w, a.id), [['overlap', b.id]]);
      assert.deepEqual(kinds(w, b.id), [['overlap', a.id]]);
      assert.deepEqual(kinds(w, c.id), [], 'touching is not overlapping');
      assert.deepEqual(kinds(w, d.id), [['overlap', ny.id]]);
      assert.deepEqual(kinds(w, e.id), []);
      assert.deepEqual(kinds(w, f.id), [['time_off', away.body.id]]);
      assert.ok(w.conflicts.every((x: Json) => x.employeeId === people['Lena Vogel']));
      assert.deepEqual(w.timeOff, [away.body]);
      // Her week counts the Harbour shift too.
      assert.equal(
        w.employees.find((x: Json) => x.name === 'Lena Vogel').weekMinutes,
        (4 + 4 + 2 + 2 + 3 + 2 + 4) * 60,
      );

      // Deleting the time off clears the conflict; another company's time off is not found.
      ok(await api(owner, 'DELETE', `${S}/time_off/${away.body.id}`), 204);
      assert.deepEqual(kinds(await week('week=2027-05-03'), f.id), []);
      assert.equal((await api(owner, 'DELETE', `${S}/time_off/${away.body.id}`)).status, 404);
    });

    it('flags the shift during which the week passes 40 paid hours, and every later one, counting every location', async () => {
      // Monday at Harbour (09:00-18:00 New York), Tuesday to Saturday at Canal Walk: 9 h each.
      await addShift(shift('Ben Adeyemi', '2027-05-10', '09:00', '18:00', { locationId: harbour }));
      const canalShifts = [];
      for (const date of ['2027-05-11', '2027-05-12', '2027-05-13', '2027-05-14', '2027-05-15']) {
        canalShifts.push(await addShift(shift('Ben Adeyemi', date, '09:00', '18:00')));
      }
      const w = await week('week=2027-05-10');
      // 9, 18, 27, 36, then 45 h on Friday: Friday and Saturday are over.
      assert.deepEqual(
        canalShifts.map((s) => kinds(w, s.id)),
        [[], [], [], [['over_40', null]], [['over_40', null]]],
      );
      const ben = w.employees.find((x: Json) => x.name === 'Ben Adeyemi');
      assert.equal(ben.weekMinutes, 54 * 60);
      assert.equal(ben.weekCostCents, 6 * costOfMinutes(540, 1900));
      assert.equal(w.labour.paidMinutes, 45 * 60, 'the location counts its own shifts only');
    });

    it('keeps an overnight shift on the day it starts, ending the next day', async () => {
      const night = await addShift(shift('Ben Adeyemi', '2027-06-13', '22:00', '06:00', { breakMinutes: 30 }));
      assert.equal(night.date, '2027-06-13');
      assert.equal(night.start, '22:00');
      assert.equal(night.end, '06:00');
      assert.equal(night.overnight, true);
      assert.equal(night.paidMinutes, 450);
      const stored = await row(night.id);
      assert.equal(Number(stored.end_minute), 30 * 60);
      assert.equal(Number(stored.ends_at), utc('2027-06-14T05:00:00'), '06:00 BST on Monday');
      const midnight = await addShift(shift('Lena Vogel', '2027-06-13', '18:00', '00:00'));
      assert.equal(midnight.overnight, true);
      assert.equal(midnight.paidMinutes, 360);
      // The Sunday night shift belongs to that week.
      const w = await week('week=2027-06-13');
      assert.deepEqual(
        w.shifts.map((s: Json) => s.id),
        [midnight.id, night.id],
      );
      assert.deepEqual((await week('week=2027-06-14')).shifts, []);
    });

    it('keeps wall-clock times on clock-change days, and plans a night over the change by its times', async () => {
      // London moves to BST on Sunday 28 March 2027.
      const sunday = await addShift(shift('Ben Adeyemi', '2027-03-28', '09:00', '17:00'));
      assert.deepEqual([sunday.start, sunday.end, sunday.paidMinutes], ['09:00', '17:00', 480]);
      assert.equal(Number((await row(sunday.id)).starts_at), utc('2027-03-28T08:00:00'));
      const beforeChange = await addShift(shift('Ben Adeyemi', '2027-03-23', '09:00', '17:00'));
      assert.equal(Number((await row(beforeChange.id)).starts_at), utc('2027-03-23T09:00:00'), 'GMT still');
      // 22:00 GMT to 06:00 BST is 7 real hours, planned as the 8 its times say (as the labour report).
      const spring = await addShift(shift('Lena Vogel', '2027-03-27', '22:00', '06:00'));
      assert.equal(spring.paidMinutes, 8 * 60);
      assert.equal(Number((await row(spring.id)).ends_at) - Number((await row(spring.id)).starts_at), 7 * 3_600_000);

      // Copied a week later, 09:00 on Tuesday stays 09:00 (08:00 UTC now), not 09:00 UTC.
      const copy = await api(owner, 'POST', `${S}/copy`, { locationId: canal, week: '2027-03-29' });
      ok(copy);
      assert.equal(copy.body.copied, 3);
      const next = await week('week=2027-03-29');
      const tuesday = next.shifts.find((s: Json) => s.date === '2027-03-30');
      assert.deepEqual([tuesday.start, tuesday.end], ['09:00', '17:00']);
      assert.equal(Number((await row(tuesday.id)).starts_at), utc('2027-03-30T08:00:00'));
      const night = next.shifts.find((s: Json) => s.date === '2027-04-03');
      assert.deepEqual([night.start, night.end, night.overnight], ['22:00', '06:00', true]);
      assert.equal(Number((await row(night.id)).ends_at) - Number((await row(night.id)).starts_at), 8 * 3_600_000);
    });

    it("copies last week's shifts onto the same days and times, skipping leavers, movers and clashes; twice copies nothing", async () => {
      const last = [
        await addShift(shift('Ben Adeyemi', '2027-07-05', '09:00', '17:00')),
        await addShift(
          shift('Lena Vogel', '2027-07-06', '10:00', '18:00', {
            positionId: positions.Server,
            breakMinutes: 30,
            note: 'Patio',
          }),
        ),
        // Overlaps her shift before: once that one is copied, this one would clash with it.
        await addShift(shift('Lena Vogel', '2027-07-06', '17:00', '20:00')),
        await addShift(shift('Omar Leaver', '2027-07-07', '09:00', '17:00')),
        await addShift(shift('Yusuf Mover', '2027-07-08', '09:00', '17:00')),
        await addShift(shift('Chloe Martin', '2027-07-09', '12:00', '20:00')),
        await addShift(shift('Ben Adeyemi', '2027-07-11', '22:00', '06:00')),
      ];
      // Not this location's: never copied here.
      await addShift(shift('Ben Adeyemi', '2027-07-10', '09:00', '17:00', { locationId: harbour }));
      // Omar leaves, Yusuf moves to Harbour, Chloe is at Harbour on Friday 09:00-13:00 New York (14-18 London).
      const omar = await api(owner, 'GET', `${T}/employees/${people['Omar Leaver']}`);
      ok(
        await api(
          owner,
          'PUT',
          `${T}/employees/${people['Omar Leaver']}`,
          newEmployee('Omar Leaver', { active: false }),
        ),
      );
      assert.equal(omar.body.active, true);
      ok(
        await api(
          owner,
          'PUT',
          `${T}/employees/${people['Yusuf Mover']}`,
          newEmployee('Yusuf Mover', { allLocations: false, locationIds: [harbour] }),
        ),
      );
      await addShift(shift('Chloe Martin', '2027-07-16', '09:00', '13:00', { locationId: harbour }));

      const first = await api(owner, 'POST', `${S}/copy`, { locationId: canal, week: '2027-07-14' });
      ok(first);
      assert.deepEqual(first.body, { copied: 3, skipped: 4 });
      const w = await week('week=2027-07-12');
      const plan = w.shifts.map((s: Json) => [
        s.employeeId,
        s.date,
        s.start,
        s.end,
        s.positionId,
        s.breakMinutes,
        s.note,
      ]);
      assert.deepEqual(plan, [
        [people['Ben Adeyemi'], '2027-07-12', '09:00', '17:00', null, 0, ''],
        [people['Lena Vogel'], '2027-07-13', '10:00', '18:00', positions.Server, 30, 'Patio'],
        [people['Ben Adeyemi'], '2027-07-18', '22:00', '06:00', null, 0, ''],
      ]);
      assert.ok(w.shifts.every((s: Json) => s.unpublished));
      assert.ok(!w.shifts.some((s: Json) => last.some((l) => l.id === s.id)));

      const second = await api(owner, 'POST', `${S}/copy`, { locationId: canal, week: '2027-07-12' });
      ok(second);
      assert.deepEqual(second.body, { copied: 0, skipped: 7 });
      assert.equal((await week('week=2027-07-12')).shifts.length, 3);
      // Omar's shift of last week keeps him on that week's page, inactive as he is now.
      assert.ok((await week('week=2027-07-05')).employees.some((e: Json) => e.name === 'Omar Leaver'));
      assert.ok(!(await week('week=2027-07-12')).employees.some((e: Json) => e.name === 'Omar Leaver'));
    });

    it('publishes the week: one e-mail per employee with an address and a shift, unpublished cleared until the next edit', async () => {
      const chloe1 = await addShift(
        shift('Chloe Martin', '2027-08-02', '09:00', '17:00', { positionId: positions.Manager, breakMinutes: 30 }),
      );
      const chloe2 = await addShift(shift('Chloe Martin', '2027-08-07', '18:00', '01:00', { note: 'Close up' }));
      await addShift(shift('Ben Adeyemi', '2027-08-03', '09:00', '17:00')); // no e-mail address
      await addShift(shift('Sam Okafor', '2027-08-04', '09:00', '17:00', { locationId: harbour })); // not here
      let w = await week('week=2027-08-04');
      assert.equal(w.published, null);
      assert.equal(w.unpublishedCount, 3);
      const before = (await outbox(server, 'manager@bluedoor.test')).length;
      const ownerMails = (await outbox(server, 'owner@bluedoor.test')).length;

      server.clock.advance(1000);
      const published = await api(owner, 'POST', `${S}/publish`, { locationId: canal, week: '2027-08-05' });
      ok(published);
      assert.equal(published.body.emailed, 1);
      const mails = await outbox(server, 'manager@bluedoor.test');
      assert.equal(mails.length, before + 1);
      const [mail] = mails;
      assert.match(mail!.subject, /Canal Walk/);
      assert.match(mail!.body, /Monday 2027-08-02: 09:00-17:00, Manager, 30 min break/);
      assert.match(mail!.body, /Saturday 2027-08-07: 18:00-01:00 \(ends the next day\), no position, no break/);
      assert.match(mail!.body, /Note: Close up/);
      assert.match(mail!.body, /Canal Walk \(Blue Door Bistro\)/);
      assert.doesNotMatch(mail!.body, /2027-08-03/, "only Chloe's shifts");
      assert.equal((await outbox(server, 'owner@bluedoor.test')).length, ownerMails, "Sam's shift is at Harbour");

      w = await week('week=2027-08-02');
      assert.deepEqual(w.published, { at: published.body.publishedAt, by: 'Sam Okafor' });
      assert.equal(w.unpublishedCount, 0);
      assert.ok(w.shifts.every((s: Json) => !s.unpublished));
      const stored = await db(server)
        .selectFrom('schedule_weeks')
        .selectAll()
        .where('location_id', '=', canal)
        .where('week_start', '=', dayNumber('2027-08-02')!)
        .executeTakeFirstOrThrow();
      assert.equal(Number(stored.published_by), await userId(server, 'owner@bluedoor.test'));

      // A later edit and a new shift are unpublished again; the others stay published.
      server.clock.advance(1000);
      ok(
        await api(
          owner,
          'PUT',
          `${S}/shifts/${chloe2.id}`,
          shift('Chloe Martin', '2027-08-07', '17:00', '01:00', { note: 'Close up' }),
        ),
      );
      const added = await addShift(shift('Lena Vogel', '2027-08-05', '09:00', '12:00'));
      w = await week('week=2027-08-02');
      assert.equal(w.unpublishedCount, 2);
      const flag = (id: number) => w.shifts.find((s: Json) => s.id === id).unpublished;
      assert.deepEqual([flag(chloe1.id), flag(chloe2.id), flag(added.id)], [false, true, true]);

      // Publishing again (by the manager) clears them and sends the week again.
      server.clock.advance(1000);
      ok(await api(manager, 'POST', `${S}/publish`, { locationId: canal, week: '2027-08-02' }));
      w = await week('week=2027-08-02');
      assert.equal(w.unpublishedCount, 0);
      assert.equal(w.published.by, 'Chloe Martin');
      const again = await outbox(server, 'manager@bluedoor.test');
      assert.equal(again.length, before + 2);
      assert.match(again[0]!.body, /Saturday 2027-08-07: 17:00-01:00/);
    });

    it('projects labour against the net sales of the last four weeks, or of the same week last year', async () => {
      // The sales come from a register at each location, sent on 6 September 2027 (the server's time then).
      const database = db(server);
      const stamp = { created_at: Date.now(), updated_at: Date.now() };
      const tax = await database
        .insertInto('tax_rates')
        .values({
          company_id: bluedoor,
          name: 'Test tax',
          rate_bp: 1000,
          type: 'added',
          applies_to_new_items: 0,
          archived_at: null,
          ...stamp,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const cash = await paymentTypeId(database, bluedoor, 'cash');
      const tills = new Map([
        [canal, await addTerminal(database, bluedoor, canal, 'Test till Canal')],
        [harbour, await addTerminal(database, bluedoor, harbour, 'Test till Harbour')],
      ]);
      const sale = (date: string, locationId: number, unitPriceCents: number, quantity = 1, discount = 0) => {
        const base = {
          lines: [
            {
              itemId: null,
              name: 'Test dish',
              quantity,
              unitPriceCents,
              taxes: [{ taxRateId: tax.id, rateBp: 1000, type: 'added' as const }],
            },
          ],
          discounts: discount > 0 ? [{ name: 'Test discount', amountCents: discount }] : [],
        };
        return {
          locationId,
          event: saleEvent({
            at: utc(`${date}T12:00:00`),
            ...base,
            payments: [{ paymentTypeId: cash, amountCents: saleAmounts(base).totalCents }],
          }),
        };
      };
      for (const { locationId, event } of [
        // The four weeks before 6 September 2027: 9 August to 5 September. Net 100000 + 40000.
        sale('2027-08-09', canal, 10_000, 10),
        sale('2027-09-05', canal, 50_000, 1, 10_000),
        // Outside them, or elsewhere.
        sale('2027-08-08', canal, 7_000),
        sale('2027-09-06', canal, 9_000),
        sale('2027-08-20', harbour, 11_000),
        // The same week a year (52 weeks) before: 7 to 13 September 2026. Net 81000.
        sale('2026-09-08', canal, 80_000),
        sale('2026-09-13', canal, 1_000),
        sale('2026-09-06', canal, 5_000),
      ]) {
        await postEvents(database, { companyId: bluedoor, terminalId: tills.get(locationId)! }, [event], {
          now: utc('2027-09-06T13:00:00'),
        });
      }
      await addShift(shift('Ben Adeyemi', '2027-09-06', '09:00', '17:00', { breakMinutes: 30 }));
      await addShift(shift('Lena Vogel', '2027-09-07', '10:00', '16:00'));
      const cost = costOfMinutes(450, 1900) + costOfMinutes(360, 1300);

      const recent = (await week('week=2027-09-08')).labour;
      assert.deepEqual(recent, {
        paidMinutes: 810,
        costCents: cost,
        basis: 'last_4_weeks',
        salesCents: 35_000,
        labourPercentBp: Math.round((cost * 10_000) / 35_000),
      });
      const lastYear = (await week('week=2027-09-08&basis=last_year')).labour;
      assert.equal(lastYear.basis, 'last_year');
      assert.equal(lastYear.salesCents, 81_000);
      assert.equal(lastYear.labourPercentBp, Math.round((cost * 10_000) / 81_000));
    });

    it('prints the team sheet of a day: shifts by start then name, phones, time off, the locations', async () => {
      const chloe = await addShift(shift('Chloe Martin', '2027-10-04', '07:00', '12:00'));
      const lena = await addShift(
        shift('Lena Vogel', '2027-10-04', '09:00', '15:00', {
          positionId: positions.Server,
          note: 'Opens the terrace',
        }),
      );
      const ben = await addShift(
        shift('Ben Adeyemi', '2027-10-04', '09:00', '17:00', { positionId: positions.Cook, breakMinutes: 30 }),
      );
      await addShift(shift('Ben Adeyemi', '2027-10-05', '09:00', '17:00'));
      await addShift(shift('Hana Harbour', '2027-10-04', '09:00', '17:00', { locationId: harbour }));
      ok(
        await api(owner, 'POST', `${S}/time_off`, {
          employeeId: people['Sam Okafor'],
          from: '2027-10-03',
          to: '2027-10-05',
          reason: 'Holiday',
        }),
        201,
      );
      ok(
        await api(owner, 'POST', `${S}/time_off`, {
          employeeId: people['Hana Harbour'],
          from: '2027-10-04',
          to: '2027-10-04',
          reason: '',
        }),
        201,
      );

      const sheet = await api(owner, 'GET', `${T}/teamsheet?date=2027-10-04&location=${canal}&rule=equal`);
      ok(sheet);
      assert.equal(sheet.body.date, '2027-10-04');
      assert.equal(sheet.body.locationName, 'Canal Walk');
      assert.deepEqual(sheet.body.rows, [
        {
          shiftId: chloe.id,
          employeeId: people['Chloe Martin'],
          name: 'Chloe Martin',
          positionName: null,
          color: null,
          start: '07:00',
          end: '12:00',
          breakMinutes: 0,
          paidMinutes: 300,
          note: '',
          phone: '',
        },
        {
          shiftId: ben.id,
          employeeId: people['Ben Adeyemi'],
          name: 'Ben Adeyemi',
          positionName: 'Cook',
          color: '#dc2626',
          start: '09:00',
          end: '17:00',
          breakMinutes: 30,
          paidMinutes: 450,
          note: '',
          phone: '+44 20 7946 0321',
        },
        {
          shiftId: lena.id,
          employeeId: people['Lena Vogel'],
          name: 'Lena Vogel',
          positionName: 'Server',
          color: '#059669',
          start: '09:00',
          end: '15:00',
          breakMinutes: 0,
          paidMinutes: 360,
          note: 'Opens the terrace',
          phone: '',
        },
      ]);
      assert.deepEqual(sheet.body.timeOff, [
        { employeeId: people['Sam Okafor'], name: 'Sam Okafor', reason: 'Holiday' },
      ]);
      assert.deepEqual(
        sheet.body.locations.map((l: Json) => l.id),
        [canal, harbour],
      );

      // Defaults: the first location, today there.
      const todays = await api(owner, 'GET', `${T}/teamsheet`);
      ok(todays);
      assert.equal(todays.body.locationId, canal);
      assert.equal(todays.body.date, isoDay(today(server.clock.now(), LONDON)));
      assertValidation(await api(owner, 'GET', `${T}/teamsheet?location=${cornerLocation}`), 'location');
      assertValidation(await api(owner, 'GET', `${T}/teamsheet?date=2027-02-29`), 'date');
    });

    it("answers 404 for another company's shift and time off, and changes nothing", async () => {
      const body = shift('Ben Adeyemi', '2027-01-05', '09:00', '17:00');
      assert.equal((await api(owner, 'PUT', `${S}/shifts/${cornerShift}`, body)).status, 404);
      assert.equal((await api(owner, 'DELETE', `${S}/shifts/${cornerShift}`)).status, 404);
      assert.equal((await api(owner, 'DELETE', `${S}/time_off/${cornerTimeOff}`)).status, 404);
      const stored = await row(cornerShift);
      assert.equal(Number(stored.employee_id), cornerEmployee);
      assert.equal(Number(stored.day), dayNumber('2027-01-05'));
      assert.ok(
        await db(server).selectFrom('time_off').select('id').where('id', '=', cornerTimeOff).executeTakeFirst(),
      );
      // Nor does it show on this company's week, where Ben has nothing that week.
      const w = await week('week=2027-01-05');
      assert.ok(!w.shifts.some((s: Json) => s.id === cornerShift));
    });

    it('follows the page rules: no Scheduling add-on or no view_scheduling_menu is 403', async () => {
      assert.equal((await api(cornerOwner, 'GET', S)).status, 403);
      assert.equal((await api(cornerOwner, 'GET', `${T}/teamsheet`)).status, 403);
      const managerId = await userId(server, 'manager@bluedoor.test');
      ok(await api(owner, 'PUT', `${T}/permissions/${managerId}`, { granted: [], revoked: ['view_scheduling_menu'] }));
      try {
        assert.equal((await api(manager, 'GET', S)).status, 403);
        assert.equal(
          (await api(manager, 'POST', `${S}/shifts`, shift('Ben Adeyemi', '2027-11-01', '09:00', '17:00'))).status,
          403,
        );
        assert.equal(
          (await api(manager, 'POST', `${S}/publish`, { locationId: canal, week: '2027-11-01' })).status,
          403,
        );
        // The team sheet is a page of its own.
        ok(await api(manager, 'GET', `${T}/teamsheet`));
      } finally {
        ok(await api(owner, 'PUT', `${T}/permissions/${managerId}`, { granted: [], revoked: [] }));
      }
      ok(await api(manager, 'GET', S));
    });
  });
}
