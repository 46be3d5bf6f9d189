import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, signIn } from './helpers';
import { pairTerminal } from './register';

/*
 * Scheduling (issue 20) in Chromium against the real server and database, as the owner of Blue Door
 * Bistro (add-on Scheduling; one location, Canal Walk, Europe/London): a new employee gets two
 * shifts of the week in the UI, the week is published, a register clocks them in, on a break and out
 * through the device API, the entry shows on /attendancer (late against the plan) and is approved,
 * and its hours and pay show in the labour and payroll reports; the two print views render without
 * the sidebar.
 */

const ZONE = 'Europe/London';
const LOCATION = 'Canal Walk';
const MINUTE = 60_000;

/** Local date `YYYY-MM-DD` and `HH:MM` of an instant at the bistro. */
function local(at: number): { date: string; time: string; minutes: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  const time = `${parts.hour}:${parts.minute}`;
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time,
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

const hhmm = (minutes: number) =>
  `${String(Math.floor(((minutes + 1440) % 1440) / 60)).padStart(2, '0')}:${String(((minutes % 60) + 60) % 60).padStart(2, '0')}`;
/** The grid's English clock time of `minutes` past midnight as a pattern: "9:05\sAM" (Chromium puts a narrow space before AM). */
const clock = (minutes: number) => {
  const m = ((minutes % 1440) + 1440) % 1440;
  const h = Math.floor(m / 60);
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m % 60).padStart(2, '0')}\\s${h < 12 ? 'AM' : 'PM'}`;
};
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
/** "Monday, November 23": how the grid names a day. */
const dayName = (date: string) =>
  new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
const weekdayIndex = (date: string) => (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;

async function axe(page: Page, what: string) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${what}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('a week planned, clocked through the device API, approved, and seen in the labour and payroll reports', async ({
  page,
}) => {
  // 55 s measured on a busy machine (a week planned in the UI, device events, approvals, two reports).
  test.setTimeout(150_000);
  await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': `10.69.${process.pid % 250}.7` });
  await signIn(page, 'owner@bluedoor.test', DEMO_PASSWORD);
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  const origin = new URL(page.url()).origin;
  const headers = { Origin: origin };

  // A new server (rate 12.00 an hour from the position), so the demo's people do not get in the way.
  const answer = await page.request.get('/api/backoffice/team/employees/options');
  expect(answer.status(), await answer.text()).toBe(200);
  const options = await answer.json();
  const server = (options.positions as { id: number; name: string }[]).find((p) => p.name === 'Server')!;
  const name = `Robin Test ${Date.now() % 100_000}`;
  const created = await page.request.post('/api/backoffice/team/employees', {
    headers,
    data: {
      name,
      email: '',
      phone: '',
      positionId: server.id,
      hourlyRateCents: null,
      role: 'user',
      allLocations: true,
      locationIds: [],
      active: true,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const employeeId = ((await created.json()) as { employee: { id: number } }).employee.id;

  const now = Date.now();
  // The shift started 2.5 h ago (on the quarter hour) and lasts 3 h; the clock-in comes 30+ min late.
  const startAt = now - 150 * MINUTE;
  const start = local(startAt);
  const startMinutes = Math.floor(start.minutes / 15) * 15;
  const shiftDate = start.date;
  const weekday = weekdayIndex(shiftDate);
  const otherDate = addDays(shiftDate, weekday >= 3 ? -2 : 2);

  try {
    await page.goto(`/scheduling?week=${shiftDate}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Schedule' })).toBeVisible();
    const grid = page.getByRole('table', { name: /^Shifts at Canal Walk/ });
    await expect(grid).toBeVisible();

    // Two shifts of the week, typed in the shift editor.
    for (const [date, from, to] of [
      [shiftDate, hhmm(startMinutes), hhmm(startMinutes + 180)],
      [otherDate, '10:00', '14:00'],
    ] as const) {
      await grid.getByRole('button', { name: `Add shift for ${name} on ${dayName(date)}` }).click();
      const dialog = page.getByRole('dialog', { name: `New shift for ${name}, ${dayName(date)}` });
      await dialog.getByLabel('Start').fill(from);
      await dialog.getByLabel('End').fill(to);
      await dialog.getByLabel('Break (minutes)').fill('15');
      await dialog.getByRole('button', { name: 'Add shift' }).click();
      await expect(page.getByText(`Shift of ${name} added.`).last()).toBeVisible();
      await expect(dialog).toBeHidden();
    }
    const row = grid.getByRole('row').filter({ hasText: name });
    await expect(row.getByText(new RegExp(`^${clock(startMinutes)}–${clock(startMinutes + 180)}`))).toBeVisible();
    await expect(row.getByText(/^10:00\sAM–2:00\sPM/)).toBeVisible();
    // 2 h 45 min + 3 h 45 min of paid time in the week.
    await expect(row).toContainText('6 h 30 min');

    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page
      .getByRole('alertdialog', { name: 'Publish this week?' })
      .getByRole('button', { name: 'Publish' })
      .click();
    await expect(page.getByText(/^Schedule published; \d+ employees? e-mailed\.$/)).toBeVisible();
    await expect(page.getByText(/^Published on .* by /)).toBeVisible();
    expect(await axe(page, '/scheduling')).toEqual([]);

    // The register: clock in, a 10-minute break, clock out; sent again, nothing changes.
    const device = await pairTerminal(page, 'E2E time clock', LOCATION);
    const events = [
      { id: randomUUID(), type: 'clock_in', at: now - 120 * MINUTE, employeeId },
      { id: randomUUID(), type: 'break_start', at: now - 100 * MINUTE, employeeId },
      { id: randomUUID(), type: 'break_end', at: now - 90 * MINUTE, employeeId },
      { id: randomUUID(), type: 'clock_out', at: now - 60 * MINUTE, employeeId },
    ];
    const sent = await device.send(events);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.results.map((r) => r.status)).toEqual(['stored', 'stored', 'stored', 'stored']);
    const again = await device.send(events);
    expect(again.body.results.map((r) => r.status)).toEqual(['duplicate', 'duplicate', 'duplicate', 'duplicate']);

    // The time clock: 50 minutes worked, late against the plan, waiting for approval; approved.
    const period = `period=custom&from=${addDays(shiftDate, -1)}&to=${local(now).date}`;
    await page.goto(`/attendancer?${period}&employee=${employeeId}`);
    const entries = page.getByRole('table', { name: 'Time entries of the period' });
    const entry = entries.getByRole('row').filter({ hasText: name });
    await expect(entry).toHaveCount(1);
    await expect(entry).toContainText('50 min');
    await expect(entry).toContainText(/Late \d+ min/);
    await expect(entry).toContainText('Pending');
    await entry.getByRole('button', { name: `Approve the entry of ${name}` }).click();
    await expect(page.getByText(new RegExp(`^Entry of ${name}, .* approved\\.$`))).toBeVisible();
    await expect(entry).toContainText('Approved');
    expect(await axe(page, '/attendancer')).toEqual([]);

    // The reports: 0.83 h actual; pay 50 min at $12.00 = $10.00 (the demo bistro counts in USD).
    await page.goto(`/laborreport?${period}&employee=${employeeId}`);
    const byEmployee = page.getByRole('table', { name: /by employee/i });
    await expect(byEmployee.getByRole('row').filter({ hasText: name })).toContainText('0.83');
    expect(await axe(page, '/laborreport')).toEqual([]);

    await page.goto(`/payrollreport?${period}&employee=${employeeId}`);
    const payroll = page.getByRole('table', { name: 'Payroll per employee' });
    const payRow = payroll.getByRole('row').filter({ hasText: name });
    await expect(payRow).toContainText('0.83');
    await expect(payRow).toContainText('$10.00');
    const csv = await page.request.get(
      `/api/backoffice/team/reports/payroll?${period}&employee=${employeeId}&format=csv`,
    );
    expect(csv.headers()['content-type']).toContain('text/csv');
    const line = (await csv.text()).split(/\r?\n/).find((l) => l.includes(name))!;
    expect(line).toContain('0.83');
    expect(line).toContain('10.00');
    expect(await axe(page, '/payrollreport')).toEqual([]);

    // The print views: no sidebar, the day's sheet.
    await page.goto(`/teamsheet?date=${shiftDate}`);
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toHaveCount(0);
    await expect(page.getByRole('table').getByRole('row').filter({ hasText: name })).toContainText(
      new RegExp(`${clock(startMinutes)}–${clock(startMinutes + 180)}`),
    );
    expect(await axe(page, '/teamsheet')).toEqual([]);

    await page.goto(`/dailytipoutform?date=${shiftDate}`);
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toHaveCount(0);
    await expect(page.getByRole('table').first()).toBeVisible();
    expect(await axe(page, '/dailytipoutform')).toEqual([]);
  } finally {
    // The employee leaves (they have history, so they stay, inactive), and their shifts go.
    const week = await (await page.request.get(`/api/backoffice/team/schedule?week=${shiftDate}`)).json();
    for (const s of (week.shifts as { id: number; employeeId: number }[]).filter((s) => s.employeeId === employeeId)) {
      await page.request.delete(`/api/backoffice/team/schedule/shifts/${s.id}`, { headers });
    }
    const current = await (await page.request.get(`/api/backoffice/team/employees/${employeeId}`)).json();
    await page.request.put(`/api/backoffice/team/employees/${employeeId}`, {
      headers,
      data: { ...current, active: false },
    });
  }
});
