import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Kysely } from 'kysely';
import { permissionForPath } from '@hive/shared/menu';
import { dayNumber, isoDay } from '@hive/shared/schemas/backoffice/reports';
import { minuteOfDay } from '@hive/shared/schemas/backoffice/scheduling';
import type { Database } from '../../database';
import { postEvents, refundEvent, saleEvent } from '../receipts';
import { today } from '../../platform/time';
import { PAYROLL_CSV_HEADERS } from './labor';
import { localInstant } from './time';
import {
  addTerminal,
  api,
  assertValidation,
  db,
  paymentTypeId,
  signedIn,
  userId,
  type ApiResult,
  parseCsv,
} from '../../../test/admin-helpers';
import { databaseTargets, startTestServer, type Client, type Json, type TestServer } from '../../../test/helpers';

/*
 * The labour report, payroll (JSON and CSV) and the daily tip-out form against a week of time-clock
 * entries, planned shifts and receipts at Blue Door Bistro (the Scheduling add-on), every figure
 * worked out by hand below. The week is Monday 4 to Sunday 10 March 2030 at two locations: Soho
 * (New York, whose clocks go forward on that Sunday) and Porto (Lisbon, UTC then). Corner Market
 * gets an entry, a shift and a tipped receipt in the same week that must never be counted.
 *
 * Ana (Server): Mon-Thu 510 min a day at 15.00/h (approved), Fri 510 min at 18.00/h (a raise), Sat
 *   240 min at Porto at 18.00/h; 2790 min: 40 h regular, 390 min overtime (150 on Friday, 240 on
 *   Saturday). Regular 2040 x 15.00 / 60 + 360 x 18.00 / 60 = 510.00 + 108.00 = 618.00; overtime
 *   390 x 27.00 / 60 = 175.50; gross 793.50. Still clocked in on Sunday evening (open).
 * Ben (Cook): Mon 22:00 - Tue 06:30 less 30 min (480, Monday's), Wed 247 min without a position, Sun
 *   23:00 - Mon 01:00 across the DST change (120 min real, Sunday's); 847 min at 17.30/h = 244.218..
 *   -> 244.22. His Sunday 3 March entry belongs to the week before and is not counted.
 * Cy (no position, own rate 11.00/h): no hours, tips on his receipts.
 */

const T = '/api/backoffice/team/reports';
const NY = 'America/New_York';
const LISBON = 'Europe/Lisbon';
const WEEK = 'period=custom&from=2030-03-04&to=2030-03-10';
const day = (iso: string) => dayNumber(iso)!;
const at = (date: string, time: string, zone: string) => localInstant(day(date), minuteOfDay(time)!, zone);

interface Fixture {
  bistro: number;
  soho: number;
  porto: number;
  cornerLocation: number;
  cornerEmployee: number;
  ana: number;
  ben: number;
  cy: number;
  server: number;
  cook: number;
}

async function buildFixture(database: Kysely<Database>): Promise<Fixture> {
  const company = async (slug: string) =>
    (await database.selectFrom('companies').select('id').where('slug', '=', slug).executeTakeFirstOrThrow()).id;
  const bistro = await company('blue-door-bistro');
  const corner = await company('corner-market');
  const now = Date.now();
  const stamp = { created_at: now, updated_at: now };
  const location = async (name: string, timezone: string) =>
    (
      await database
        .insertInto('locations')
        .values({ company_id: bistro, name, timezone, active: 1, ...stamp })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const soho = await location('Test Soho', NY);
  const porto = await location('Test Porto', LISBON);
  const position = async (name: string) =>
    (
      await database
        .selectFrom('job_positions')
        .select('id')
        .where('company_id', '=', bistro)
        .where('name', '=', name)
        .executeTakeFirstOrThrow()
    ).id;
  const server = await position('Server');
  const cook = await position('Cook');
  const employee = async (name: string, positionId: number | null, rate: number | null) =>
    (
      await database
        .insertInto('employees')
        .values({
          company_id: bistro,
          name,
          pin_hash: 'x',
          user_id: null,
          position_id: positionId,
          hourly_rate_cents: rate,
          active: 1,
          ...stamp,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const ana = await employee('Test Ana', server, null);
  const ben = await employee('Test Ben', cook, 1730);
  const cy = await employee('Test Cy', null, 1100);

  const entry = (
    employeeId: number,
    locationId: number,
    positionId: number | null,
    rate: number,
    clockIn: number,
    clockOut: number | null,
    breakMinutes: number,
    status: 'pending' | 'approved' = 'pending',
    companyId = bistro,
  ) => ({
    company_id: companyId,
    employee_id: employeeId,
    location_id: locationId,
    position_id: positionId,
    rate_cents: rate,
    clock_in_at: clockIn,
    clock_out_at: clockOut,
    break_minutes: breakMinutes,
    source: 'manual' as const,
    status,
    ...stamp,
  });
  const weekdays = ['2030-03-04', '2030-03-05', '2030-03-06', '2030-03-07', '2030-03-08'];
  const cornerLocation = (
    await database
      .selectFrom('locations')
      .select('id')
      .where('company_id', '=', corner)
      .orderBy('id')
      .executeTakeFirstOrThrow()
  ).id;
  const cornerEmployee = (
    await database
      .selectFrom('employees')
      .select('id')
      .where('company_id', '=', corner)
      .orderBy('id')
      .executeTakeFirstOrThrow()
  ).id;
  await database
    .insertInto('time_entries')
    .values([
      ...weekdays.map((d, i) =>
        entry(
          ana,
          soho,
          server,
          i < 4 ? 1500 : 1800,
          at(d, '09:00', NY),
          at(d, '18:00', NY),
          30,
          i < 4 ? 'approved' : 'pending',
        ),
      ),
      entry(ana, porto, server, 1800, at('2030-03-09', '10:00', LISBON), at('2030-03-09', '14:00', LISBON), 0),
      entry(ana, soho, server, 1800, at('2030-03-10', '18:00', NY), null, 0),
      entry(ben, soho, cook, 1730, at('2030-03-03', '10:00', NY), at('2030-03-03', '18:00', NY), 0, 'approved'),
      entry(ben, soho, cook, 1730, at('2030-03-04', '22:00', NY), at('2030-03-05', '06:30', NY), 30),
      entry(ben, soho, null, 1730, at('2030-03-06', '10:00', NY), at('2030-03-06', '14:07', NY), 0),
      entry(ben, soho, cook, 1730, at('2030-03-10', '23:00', NY), at('2030-03-11', '01:00', NY), 0),
      entry(cy, soho, null, 1100, at('2030-03-12', '09:00', NY), null, 0),
      // Corner Market, the same Monday: never counted at Blue Door.
      entry(
        cornerEmployee,
        cornerLocation,
        null,
        2000,
        at('2030-03-04', '08:00', NY),
        at('2030-03-04', '20:00', NY),
        0,
        'pending',
        corner,
      ),
    ])
    .execute();

  const shift = (
    employeeId: number,
    locationId: number,
    positionId: number | null,
    date: string,
    start: number,
    end: number,
    breakMinutes: number,
    zone: string,
    companyId = bistro,
  ) => ({
    company_id: companyId,
    location_id: locationId,
    employee_id: employeeId,
    position_id: positionId,
    day: day(date),
    start_minute: start,
    end_minute: end,
    break_minutes: breakMinutes,
    starts_at: localInstant(day(date), start, zone),
    ends_at: localInstant(day(date), end, zone),
    ...stamp,
  });
  await database
    .insertInto('schedule_shifts')
    .values([
      // Ana 09:00-17:30 less 30 min on weekdays (480 each), 10:00-14:00 at Porto on Saturday (240).
      ...weekdays.map((d) => shift(ana, soho, server, d, 540, 1050, 30, NY)),
      shift(ana, porto, server, '2030-03-09', 600, 840, 0, LISBON),
      // Ben Monday 22:00-06:00 less 30 min (450).
      shift(ben, soho, cook, '2030-03-04', 1320, 1800, 30, NY),
      shift(cornerEmployee, cornerLocation, null, '2030-03-04', 480, 1200, 0, NY, corner),
    ])
    .execute();

  // The sales come from a register at each location, sent in the week after (the server's time then).
  const sentAt = at('2030-03-11', '12:00', NY);
  const tills = {
    [soho]: await addTerminal(database, bistro, soho, 'Test till Soho'),
    [porto]: await addTerminal(database, bistro, porto, 'Test till Porto'),
    [cornerLocation]: await addTerminal(database, corner, cornerLocation, 'Test till Corner'),
  };
  const cards = {
    [bistro]: await paymentTypeId(database, bistro, 'card'),
    [corner]: await paymentTypeId(database, corner, 'card'),
  };
  const post = (company: number, locationId: number, events: { id: string; type: string }[]) =>
    postEvents(database, { companyId: company, terminalId: tills[locationId]! }, events, { now: sentAt });
  const sale = (
    locationId: number,
    when: number,
    employeeId: number | null,
    quantity: number,
    price: number,
    tip: number,
    company = bistro,
  ) =>
    saleEvent({
      at: when,
      employeeId,
      lines: [{ itemId: null, name: 'Test plate', quantity, unitPriceCents: price, taxes: [] }],
      payments: [{ paymentTypeId: cards[company]!, amountCents: quantity * price, tipCents: tip }],
    });
  const monday = sale(soho, at('2030-03-04', '12:00', NY), ana, 2, 5000, 1500);
  await post(bistro, soho, [
    monday,
    sale(soho, at('2030-03-06', '13:00', NY), cy, 1, 5000, 700),
    sale(soho, at('2030-03-08', '20:00', NY), null, 1, 3000, 300),
  ]);
  await post(bistro, porto, [sale(porto, at('2030-03-09', '13:00', LISBON), ana, 1, 4000, 400)]);
  // 23:30 on Sunday in New York, already Monday in UTC.
  await post(bistro, soho, [sale(soho, at('2030-03-10', '23:30', NY), ana, 1, 2000, 200)]);
  await post(bistro, porto, [sale(porto, at('2030-03-10', '12:00', LISBON), cy, 1, 1000, 250)]);
  // Half of Monday's sale back on Tuesday: Tuesday's net sales are -50.00.
  await post(bistro, soho, [
    refundEvent(monday, {
      at: at('2030-03-05', '12:00', NY),
      lines: [{ line: 1, quantity: 1 }],
      payments: [{ paymentTypeId: cards[bistro]!, amountCents: 5000 }],
    }),
  ]);
  await post(corner, cornerLocation, [
    sale(cornerLocation, at('2030-03-04', '12:00', NY), cornerEmployee, 1, 7777, 999, corner),
  ]);
  return { bistro, soho, porto, cornerLocation, cornerEmployee, ana, ben, cy, server, cook };
}

for (const target of databaseTargets()) {
  describe(`team reports: labour, payroll, tip-out [${target.name}]`, () => {
    let server: TestServer;
    let owner: Client; // owner@bluedoor.test
    let manager: Client; // manager@bluedoor.test
    let cornerOwner: Client;
    let f: Fixture;
    const get = (client: Client, path: string) => api(client, 'GET', `${T}${path}`);
    const ok = (result: ApiResult) => {
      assert.equal(result.status, 200, `200 expected, got ${result.status}: ${JSON.stringify(result.body)}`);
      return result.body as Json;
    };

    before(async () => {
      server = await startTestServer(target);
      f = await buildFixture(db(server));
      [owner, manager, cornerOwner] = await Promise.all(
        ['owner@bluedoor.test', 'manager@bluedoor.test', 'owner@cornermarket.test'].map((email) =>
          signedIn(server, email),
        ),
      );
    });
    after(async () => {
      await server?.close();
    });

    describe('labour', () => {
      it('scheduled vs actual minutes and cost by employee, position and day, with net sales and labour %', async () => {
        const body = ok(await get(owner, `/labor?${WEEK}`));
        assert.deepEqual(body.period, { preset: 'custom', from: '2030-03-04', to: '2030-03-10', days: 7 });
        assert.equal(body.previous, null);
        const pick = (rows: Json[]) =>
          rows.map((r: Json) => [r.key, r.label, r.scheduledMinutes, r.actualMinutes, r.costCents]);
        assert.deepEqual(pick(body.byEmployee), [
          [String(f.ana), 'Test Ana', 2640, 2790, 79_350],
          [String(f.ben), 'Test Ben', 450, 847, 24_422],
        ]);
        // The total (103 772) split by the exact cost of each position's entries:
        // Server 793.50, Cook 600 min x 17.30 = 173.00, none 247 min x 17.30 = 71.218.. (-> 71.22).
        assert.deepEqual(pick(body.byPosition), [
          [String(f.cook), 'Cook', 450, 600, 17_300],
          [String(f.server), 'Server', 2640, 2790, 79_350],
          ['none', '', 0, 247, 7122],
        ]);
        // Day by day: Mon Ana 127.50 + Ben 138.40; Wed Ana 127.50 + Ben 71.218..; Fri 360 min at 18.00
        // + 150 at 27.00; Sat 240 at 27.00; Sun Ben's 120 min (Sunday's, though Monday in UTC).
        assert.deepEqual(
          body.byDay.map((r: Json) => [
            r.key,
            r.scheduledMinutes,
            r.actualMinutes,
            r.costCents,
            r.netSalesCents,
            r.labourPercentBp,
          ]),
          [
            ['2030-03-04', 930, 990, 26_590, 10_000, 26_590], // 265.90 %
            ['2030-03-05', 480, 510, 12_750, -5000, null],
            ['2030-03-06', 480, 757, 19_872, 5000, 39_744],
            ['2030-03-07', 480, 510, 12_750, 0, null],
            ['2030-03-08', 480, 510, 17_550, 3000, 58_500],
            ['2030-03-09', 240, 240, 10_800, 4000, 27_000],
            ['2030-03-10', 0, 120, 3460, 3000, 11_533], // 34.60 / 30.00 = 115.333 %
          ],
        );
        assert.deepEqual(body.totals, {
          key: 'total',
          label: '',
          scheduledMinutes: 3090,
          actualMinutes: 3637,
          costCents: 103_772,
          netSalesCents: 20_000,
          labourPercentBp: 51_886,
        });
        for (const table of [body.byEmployee, body.byPosition, body.byDay]) {
          assert.equal(
            table.reduce((s: number, r: Json) => s + r.costCents, 0),
            body.totals.costCents,
          );
        }
      });

      it('one location: its shifts, entries and sales; overtime still counts the hours worked elsewhere', async () => {
        const soho = ok(await get(owner, `/labor?${WEEK}&location=${f.soho}`));
        assert.deepEqual(
          soho.byEmployee.map((r: Json) => [r.label, r.scheduledMinutes, r.actualMinutes, r.costCents]),
          [
            ['Test Ana', 2400, 2550, 68_550],
            ['Test Ben', 450, 847, 24_422],
          ],
        );
        assert.deepEqual(
          [soho.totals.costCents, soho.totals.netSalesCents, soho.totals.labourPercentBp],
          [92_972, 15_000, 61_981],
        );
        assert.equal(soho.byDay[5].costCents, 0);
        const porto = ok(await get(owner, `/labor?${WEEK}&location=${f.porto}`));
        // Saturday's 4 h at Porto come after 40 h at Soho: all overtime (4 x 27.00).
        assert.deepEqual(
          porto.byEmployee.map((r: Json) => [r.label, r.scheduledMinutes, r.actualMinutes, r.costCents]),
          [['Test Ana', 240, 240, 10_800]],
        );
        assert.deepEqual([porto.totals.netSalesCents, porto.totals.labourPercentBp], [5000, 21_600]);
      });

      it("one employee: their labour against everyone's sales", async () => {
        const body = ok(await get(owner, `/labor?${WEEK}&employee=${f.ben}`));
        assert.deepEqual(
          body.byEmployee.map((r: Json) => r.label),
          ['Test Ben'],
        );
        assert.deepEqual([body.totals.costCents, body.totals.netSalesCents], [24_422, 20_000]);
      });
    });

    describe('payroll', () => {
      const pick = (rows: Json[]) =>
        rows.map((r: Json) => [
          r.name,
          r.positionName,
          r.rateCents,
          r.regularMinutes,
          r.overtimeMinutes,
          r.regularPayCents,
          r.overtimePayCents,
          r.grossPayCents,
          r.tipsCents,
        ]);

      it('pays the period to the cent with weekly overtime, tips from their receipts, pending and open entries counted', async () => {
        const body = ok(await get(owner, `/payroll?${WEEK}`));
        assert.deepEqual(pick(body.rows), [
          // Tips: Monday 15.00 + Porto 4.00 + Sunday night 2.00.
          ['Test Ana', 'Server', 1800, 2400, 390, 61_800, 17_550, 79_350, 2100],
          ['Test Ben', 'Cook', 1730, 847, 0, 24_422, 0, 24_422, 0],
          // Tips only (7.00 + 2.50): listed at his own rate; the receipt of nobody (3.00) is nobody's.
          ['Test Cy', null, 1100, 0, 0, 0, 0, 0, 950],
        ]);
        assert.deepEqual(body.totals, {
          regularMinutes: 3247,
          overtimeMinutes: 390,
          regularPayCents: 86_222,
          overtimePayCents: 17_550,
          grossPayCents: 103_772,
          tipsCents: 3050,
        });
        assert.equal(body.pendingEntries, 5);
        assert.equal(body.openEntries, 1);
      });

      it('the same by location and by employee', async () => {
        const soho = ok(await get(owner, `/payroll?${WEEK}&location=${f.soho}`));
        assert.deepEqual(pick(soho.rows), [
          ['Test Ana', 'Server', 1800, 2400, 150, 61_800, 6750, 68_550, 1700],
          ['Test Ben', 'Cook', 1730, 847, 0, 24_422, 0, 24_422, 0],
          ['Test Cy', null, 1100, 0, 0, 0, 0, 0, 700],
        ]);
        assert.deepEqual([soho.pendingEntries, soho.openEntries], [4, 1]);
        const porto = ok(await get(owner, `/payroll?${WEEK}&location=${f.porto}`));
        assert.deepEqual(pick(porto.rows), [
          ['Test Ana', 'Server', 1800, 0, 240, 0, 10_800, 10_800, 400],
          ['Test Cy', null, 1100, 0, 0, 0, 0, 0, 250],
        ]);
        assert.deepEqual([porto.pendingEntries, porto.openEntries], [1, 0]);
        const ben = ok(await get(owner, `/payroll?${WEEK}&employee=${f.ben}`));
        assert.deepEqual(pick(ben.rows), [['Test Ben', 'Cook', 1730, 847, 0, 24_422, 0, 24_422, 0]]);
      });

      it('a period cut mid-week counts overtime within the week part it covers', async () => {
        // Monday to Thursday only: 4 x 510 = 2040 min, no overtime.
        const body = ok(await get(owner, `/payroll?period=custom&from=2030-03-04&to=2030-03-07`));
        const ana = body.rows.find((r: Json) => r.employeeId === f.ana);
        assert.deepEqual([ana.regularMinutes, ana.overtimeMinutes, ana.grossPayCents], [2040, 0, 51_000]);
      });

      it('downloads as CSV, one row per employee, equal to the JSON figures', async () => {
        const json = ok(await get(owner, `/payroll?${WEEK}`));
        const response = await owner.request(`${T}/payroll?${WEEK}&format=csv`);
        assert.equal(response.status, 200);
        assert.match(response.headers.get('content-type') ?? '', /^text\/csv/);
        assert.equal(
          response.headers.get('content-disposition'),
          'attachment; filename="payroll-2030-03-04-2030-03-10.csv"',
        );
        assert.equal(response.headers.get('cache-control'), 'no-store');
        const [header, ...rows] = parseCsv(await response.text());
        assert.deepEqual(header, [...PAYROLL_CSV_HEADERS]);
        assert.deepEqual(rows[0], [
          String(f.ana),
          'Test Ana',
          'Server',
          '2030-03-04',
          '2030-03-10',
          '18.00',
          '40.00',
          '6.50',
          '618.00',
          '175.50',
          '793.50',
          '21.00',
        ]);
        assert.deepEqual(rows[1]!.slice(5), ['17.30', '14.12', '0.00', '244.22', '0.00', '244.22', '0.00']);
        const cents = (text: string) => {
          assert.match(text, /^\d+\.\d{2}$/);
          return Math.round(Number(text) * 100);
        };
        assert.equal(rows.length, json.rows.length);
        json.rows.forEach((r: Json, i: number) => {
          const row = rows[i]!;
          assert.deepEqual(
            [Number(row[0]), row[1], row[2], ...row.slice(5).map(cents)],
            [
              r.employeeId,
              r.name,
              r.positionName ?? '',
              r.rateCents,
              Math.round((r.regularMinutes * 100) / 60),
              Math.round((r.overtimeMinutes * 100) / 60),
              r.regularPayCents,
              r.overtimePayCents,
              r.grossPayCents,
              r.tipsCents,
            ],
          );
        });
      });

      it('defuses a name a spreadsheet would run as a formula', async () => {
        await db(server).updateTable('employees').set({ name: '=HYPERLINK("x")' }).where('id', '=', f.cy).execute();
        try {
          const response = await owner.request(`${T}/payroll?${WEEK}&format=csv`);
          const rows = parseCsv(await response.text());
          assert.ok(rows.some((r) => r[1] === `'=HYPERLINK("x")`));
        } finally {
          await db(server).updateTable('employees').set({ name: 'Test Cy' }).where('id', '=', f.cy).execute();
        }
      });
    });

    describe('the daily tip-out', () => {
      const sheet = async (date: string, location: number, rule?: string) =>
        ok(await get(owner, `/tipout?date=${date}&location=${location}${rule ? `&rule=${rule}` : ''}`));
      const shares = (body: Json) =>
        body.rows.map((r: Json) => [r.name, r.workedMinutes, r.ownTipsCents, r.shareCents, r.differenceCents]);
      const adds = (body: Json) =>
        assert.equal(
          body.rows.reduce((s: number, r: Json) => s + r.shareCents, 0) + body.undistributedCents,
          body.poolCents,
        );

      it('shares a day pool by hours (the default), equally or by own receipts, to the cent', async () => {
        // Wednesday at Soho: Cy's 7.00 in the pool; Ana 510 min, Ben 247, Cy none.
        const hours = await sheet('2030-03-06', f.soho);
        assert.equal(hours.rule, 'hours');
        assert.deepEqual(
          [hours.date, hours.locationId, hours.locationName, hours.currency],
          ['2030-03-06', f.soho, 'Test Soho', hours.currency],
        );
        assert.deepEqual([hours.poolCents, hours.unassignedTipsCents, hours.undistributedCents], [700, 0, 0]);
        // 700 x 510/757 = 471.60, x 247/757 = 228.40: the cent left goes to the larger remainder.
        assert.deepEqual(shares(hours), [
          ['Test Ana', 510, 0, 472, 472],
          ['Test Ben', 247, 0, 228, 228],
          ['Test Cy', 0, 700, 0, -700],
        ]);
        assert.deepEqual(hours.rows[0].positionName, 'Server');
        const equal = await sheet('2030-03-06', f.soho, 'equal');
        assert.deepEqual(
          equal.rows.map((r: Json) => r.shareCents),
          [350, 350, 0],
        );
        const own = await sheet('2030-03-06', f.soho, 'own');
        assert.deepEqual(
          own.rows.map((r: Json) => r.shareCents),
          [0, 0, 700],
        );
        for (const body of [hours, equal, own]) adds(body);

        // Monday: 15.00 over 510 and 480 min -> 7.7272.. and 7.2727..
        assert.deepEqual(
          (await sheet('2030-03-04', f.soho)).rows.map((r: Json) => [r.name, r.shareCents]),
          [
            ['Test Ana', 773],
            ['Test Ben', 727],
          ],
        );
      });

      it("keeps nobody's tips apart under 'own', and leaves the pool undistributed when nobody worked", async () => {
        // Friday at Soho: 3.00 from a receipt without an employee.
        const friday = await sheet('2030-03-08', f.soho, 'own');
        assert.deepEqual([friday.poolCents, friday.unassignedTipsCents, friday.undistributedCents], [300, 300, 300]);
        assert.deepEqual(shares(friday), [['Test Ana', 510, 0, 0, 0]]);
        const byHours = await sheet('2030-03-08', f.soho, 'hours');
        assert.deepEqual([byHours.undistributedCents, byHours.rows[0].shareCents], [0, 300]);
        // Sunday at Porto: Cy's 2.50, nobody clocked in.
        const sunday = await sheet('2030-03-10', f.porto);
        assert.deepEqual([sunday.poolCents, sunday.undistributedCents], [250, 250]);
        assert.deepEqual(shares(sunday), [['Test Cy', 0, 250, 0, -250]]);
        // Sunday at Soho: Ben's 120 min (clocked in at 23:00, local Sunday); Ana still clocked in, her 2.00 pooled.
        assert.deepEqual(shares(await sheet('2030-03-10', f.soho)), [
          ['Test Ana', 0, 200, 0, -200],
          ['Test Ben', 120, 0, 200, 200],
        ]);
        for (const body of [friday, byHours, sunday]) adds(body);
      });

      it("defaults to the company's first location and its today, and lists the locations", async () => {
        const body = ok(await get(owner, '/tipout'));
        const names = body.locations.map((l: Json) => l.name);
        assert.ok(names.includes('Test Soho') && names.includes('Test Porto'));
        assert.equal(body.locationId, body.locations[0].id);
        const zone = (
          await db(server)
            .selectFrom('locations')
            .select('timezone')
            .where('id', '=', body.locationId)
            .executeTakeFirstOrThrow()
        ).timezone;
        assert.equal(body.date, isoDay(today(server.clock.now(), zone)));
        assert.equal(body.rule, 'hours');
      });
    });

    describe('refusals and tenancy', () => {
      it('bad queries are 400 naming the field', async () => {
        assertValidation(await get(owner, '/labor?period=custom&from=2030-03-04'), 'to', 'labour without to');
        assertValidation(await get(owner, '/labor?period=fortnight'), 'period', 'labour period');
        assertValidation(await get(owner, '/labor?location=abc'), 'location', 'labour location');
        assertValidation(await get(owner, '/labor?group=day'), 'group', 'labour group');
        assertValidation(await get(owner, `/labor?location=${f.cornerLocation}`), 'location', "another's location");
        assertValidation(await get(owner, `/payroll?employee=${f.cornerEmployee}`), 'employee', "another's employee");
        assertValidation(await get(owner, '/payroll?format=xlsx'), 'format', 'payroll format');
        assertValidation(await get(owner, '/payroll?from=2030-03-10&to=2030-03-04'), 'to', 'inverted period');
        assertValidation(await get(owner, '/tipout?date=2030-02-30'), 'date', 'tip-out date');
        assertValidation(await get(owner, '/tipout?rule=split'), 'rule', 'tip-out rule');
        assertValidation(await get(owner, `/tipout?location=${f.cornerLocation}`), 'location', "another's location");
      });

      it("403 without the page's permission; 403 without the add-on", async () => {
        const managerId = await userId(server, 'manager@bluedoor.test');
        const current = ok(await api(owner, 'GET', `/api/backoffice/team/permissions/${managerId}`));
        const revoke = (paths: string[]) =>
          api(owner, 'PUT', `/api/backoffice/team/permissions/${managerId}`, {
            granted: current.granted,
            revoked: [...current.revoked, ...paths.map(permissionForPath)],
          });
        ok(await get(manager, `/payroll?${WEEK}`));
        ok(await revoke(['/payrollreport', '/dailytipoutform']));
        try {
          assert.equal((await get(manager, `/payroll?${WEEK}`)).status, 403);
          assert.equal((await get(manager, `/payroll?${WEEK}&format=csv`)).status, 403);
          assert.equal((await get(manager, '/tipout')).status, 403);
          ok(await get(manager, `/labor?${WEEK}`));
        } finally {
          ok(
            await api(owner, 'PUT', `/api/backoffice/team/permissions/${managerId}`, {
              granted: current.granted,
              revoked: current.revoked,
            }),
          );
        }
        // Corner Market has no Scheduling add-on.
        for (const path of ['/labor', '/payroll', '/tipout']) {
          assert.equal((await get(cornerOwner, path)).status, 403, path);
        }
      });

      it("another company's entries, shifts and receipts are never counted", async () => {
        // The Corner Market rows sit on the same Monday; Blue Door's Monday is exactly its own.
        const labour = ok(await get(owner, `/labor?${WEEK}`));
        assert.ok(!labour.byEmployee.some((r: Json) => r.key === String(f.cornerEmployee)));
        assert.deepEqual(
          [labour.byDay[0].scheduledMinutes, labour.byDay[0].actualMinutes, labour.byDay[0].netSalesCents],
          [930, 990, 10_000],
        );
        const payroll = ok(await get(owner, `/payroll?${WEEK}`));
        assert.ok(!payroll.rows.some((r: Json) => r.employeeId === f.cornerEmployee));
        assert.equal(payroll.totals.tipsCents, 3050);
        assert.ok(!payroll.filters.locations.some((l: Json) => l.id === f.cornerLocation));
        const tipout = await get(owner, `/tipout?date=2030-03-04&location=${f.soho}`);
        assert.equal(ok(tipout).poolCents, 1500);
        assert.ok(!tipout.body.locations.some((l: Json) => l.id === f.cornerLocation));
      });
    });
  });
}
