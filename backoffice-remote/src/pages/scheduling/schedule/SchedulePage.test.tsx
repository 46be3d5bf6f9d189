import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ScheduleShift, ScheduleWeek } from '@hive/shared/schemas/backoffice/scheduling';
import App from '../../../App';
import { OWNER, on, renderInShell, type FakeRoute } from '../../../testing/harness';

const WITH_SCHEDULING = { ...OWNER, addons: [...(OWNER.addons ?? []), 'Scheduling'] };
const DAYS = ['2026-07-06', '2026-07-07', '2026-07-08', '2026-07-09', '2026-07-10', '2026-07-11', '2026-07-12'];
const URL_WEEK = '/api/backoffice/team/schedule';

const shift = (id: number, extra: Partial<ScheduleShift>): ScheduleShift => ({
  id,
  locationId: 1,
  employeeId: 1,
  positionId: 1,
  date: DAYS[0]!,
  start: '09:00',
  end: '17:00',
  overnight: false,
  breakMinutes: 30,
  paidMinutes: 450,
  costCents: 6975,
  note: '',
  unpublished: false,
  ...extra,
});

const WEEK: ScheduleWeek = {
  locations: [
    { id: 1, name: 'Main Street' },
    { id: 2, name: 'Harbour' },
  ],
  locationId: 1,
  locationName: 'Main Street',
  timeZone: 'America/Chicago',
  currency: 'USD',
  week: DAYS[0]!,
  days: DAYS,
  employees: [
    {
      id: 1,
      name: 'Ana Ruiz',
      positionId: 1,
      rateCents: 1550,
      hasEmail: true,
      weekMinutes: 2520,
      weekCostCents: 65100,
    },
    {
      id: 2,
      name: 'Leo Park',
      positionId: 2,
      rateCents: 1800,
      hasEmail: false,
      weekMinutes: 480,
      weekCostCents: 14400,
    },
  ],
  positions: [
    { id: 1, name: 'Cashier', color: '#2563eb' },
    { id: 2, name: 'Cook', color: '#16a34a' },
  ],
  shifts: [
    shift(11, {}),
    shift(12, { start: '16:00', end: '22:00', breakMinutes: 0, paidMinutes: 360, costCents: 5580 }),
    shift(13, {
      employeeId: 2,
      positionId: 2,
      date: DAYS[1],
      start: '22:00',
      end: '06:00',
      overnight: true,
      breakMinutes: 0,
      paidMinutes: 480,
      costCents: 14400,
      unpublished: true,
    }),
    shift(14, { date: DAYS[2] }),
  ],
  timeOff: [{ id: 5, employeeId: 1, employeeName: 'Ana Ruiz', from: DAYS[2]!, to: DAYS[2]!, reason: 'Doctor' }],
  conflicts: [
    { shiftId: 11, employeeId: 1, kind: 'overlap', otherId: 12 },
    { shiftId: 12, employeeId: 1, kind: 'overlap', otherId: 11 },
    { shiftId: 14, employeeId: 1, kind: 'time_off', otherId: 5 },
    { shiftId: 14, employeeId: 1, kind: 'over_40', otherId: null },
  ],
  labour: {
    paidMinutes: 1740,
    costCents: 33930,
    basis: 'last_4_weeks',
    salesCents: 125000,
    labourPercentBp: 2714,
  },
  published: { at: Date.UTC(2026, 6, 3, 14, 5), by: 'Maria Lopez' },
  unpublishedCount: 1,
};

function renderSchedule(routes: FakeRoute[] = [], path = '/scheduling', language: 'en' | 'es' = 'en') {
  return renderInShell(<App />, {
    path,
    language,
    userData: WITH_SCHEDULING,
    routes: [...routes, on('GET', URL_WEEK, WEEK)],
  });
}

const bodyOf = (calls: { method?: string; url?: string; data?: unknown }[], method: string, url: string) =>
  JSON.parse(String(calls.find((c) => c.method === method && c.url === url)!.data)) as unknown;

describe('Team › Scheduling › Schedule', () => {
  it('shows the week as a table: shifts as chips with their conflicts, hours and cost, totals, labour, publication', async () => {
    const { calls } = await renderSchedule();
    expect(await screen.findByRole('heading', { level: 1, name: 'Schedule' })).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Week of Jul 6, 2026 – Jul 12, 2026 at Main Street' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Shifts' })).toBeInTheDocument();
    const grid = screen.getByRole('region', {
      name: 'Shifts at Main Street, Jul 6, 2026 to Jul 12, 2026: one row per employee, one column per day',
    });
    expect(grid).toHaveAttribute('tabindex', '0');
    const table = within(grid).getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      "Employee (week's hours and cost)",
      'Mon Jul 6',
      'Tue Jul 7',
      'Wed Jul 8',
      'Thu Jul 9',
      'Fri Jul 10',
      'Sat Jul 11',
      'Sun Jul 12',
    ]);
    const ana = within(table).getByRole('row', { name: /^Ana Ruiz/ });
    expect(within(ana).getByRole('rowheader')).toHaveTextContent('Ana RuizCashier42 h · $651.00Over 40 h');

    const morning = within(ana).getByRole('button', {
      name: /^Shift of Ana Ruiz, Monday, July 6: 9:00\sAM–5:00\sPM · Cashier/,
    });
    expect(morning).toHaveTextContent('Overlaps another shift');
    expect(morning).toHaveStyle({ borderLeftColor: '#2563eb' });
    const wednesday = within(ana).getByRole('button', { name: /Wednesday, July 8: 9:00\sAM–5:00\sPM · Cashier/ });
    expect(wednesday).toHaveTextContent('During time off');
    expect(wednesday).toHaveTextContent('Over 40 h this week');
    expect(within(ana).getByText('Time off')).toBeInTheDocument();

    const night = within(table).getByRole('button', {
      name: /^Shift of Leo Park, Tuesday, July 7: 10:00\sPM–6:00\sAM · Cook/,
    });
    expect(night).toHaveTextContent('Ends the next day');
    expect(night).toHaveTextContent('Not published');
    expect(night).not.toHaveTextContent('Overlaps');

    const totals = within(table).getByRole('row', { name: /^Day totals/ });
    expect(totals).toHaveTextContent('Day totals29 h · $339.30');
    expect(within(totals).getAllByRole('cell')[0]).toHaveTextContent('13 h 30 min$125.55');
    expect(within(totals).getAllByRole('cell')[3]).toHaveTextContent('0 min$0.00');

    const conflicts = screen.getByRole('region', { name: '4 conflicts' });
    const items = within(conflicts).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent(
      'Ana Ruiz, Mon, Jul 6, 9:00 AM–5:00 PM: overlaps their shift on Mon, Jul 6, 4:00 PM–10:00 PM.',
    );
    expect(items[2]).toHaveTextContent(
      'Ana Ruiz, Wed, Jul 8, 9:00 AM–5:00 PM: falls in their time off (Wed, Jul 8 – Wed, Jul 8: Doctor).',
    );
    expect(items[3]).toHaveTextContent('takes their week over 40 hours (42 h at every location).');

    const labour = screen.getByRole('region', { name: 'Projected labour' });
    expect(within(labour).getByText('Planned hours').nextSibling).toHaveTextContent('29 h');
    expect(within(labour).getByText('Planned cost').nextSibling).toHaveTextContent('$339.30');
    expect(within(labour).getByText('Net sales, average of the last 4 weeks').nextSibling).toHaveTextContent(
      '$1,250.00',
    );
    expect(within(labour).getByText('Labour cost, % of sales').nextSibling).toHaveTextContent('27.1%');

    expect(screen.getByText(/^Published on .* by Maria Lopez\.$/)).toBeInTheDocument();
    expect(screen.getByText('1 change not published')).toBeInTheDocument();
    expect(calls.find((c) => c.url === URL_WEEK)!.params).toEqual({});
  });

  it('a conflict in the summary opens its shift', async () => {
    const user = userEvent.setup();
    await renderSchedule();
    const conflicts = await screen.findByRole('region', { name: '4 conflicts' });
    await user.click(
      within(conflicts).getAllByRole('button', { name: /^Ana Ruiz, Wed, Jul 8, 9:00\sAM–5:00\sPM$/ })[0]!,
    );
    expect(screen.getByRole('dialog', { name: 'Shift of Ana Ruiz, Wednesday, July 8' })).toBeInTheDocument();
  });

  it('adds a shift: the next-day end in words, the body sent, a 400 on its field', async () => {
    const user = userEvent.setup();
    let posts = 0;
    const { calls } = await renderSchedule([
      (config) => {
        if (config.method !== 'post' || config.url !== `${URL_WEEK}/shifts`) return undefined;
        posts += 1;
        return posts === 1
          ? {
              status: 400,
              data: {
                error: 'validation_error',
                message: 'positionId: choose one of the options',
                fields: { positionId: 'choose one of the options' },
              },
            }
          : { status: 201, data: shift(20, { employeeId: 2, positionId: 2 }) };
      },
    ]);
    await user.click(await screen.findByRole('button', { name: 'Add shift for Leo Park on Monday, July 6' }));
    const dialog = screen.getByRole('dialog', { name: 'New shift for Leo Park, Monday, July 6' });
    const position = within(dialog).getByRole('combobox', { name: 'Position' });
    expect(position).toHaveFocus();
    expect(position).toHaveDisplayValue('Cook');
    const start = within(dialog).getByLabelText(/^Start/);
    const end = within(dialog).getByLabelText(/^End/);
    await user.clear(start);
    await user.type(start, '22:00');
    await user.clear(end);
    await user.type(end, '06:00');
    expect(end).toHaveAccessibleDescription('Ends the next day, Tuesday, July 7.');
    const breakField = within(dialog).getByRole('textbox', { name: /^Break \(minutes\)/ });
    await user.clear(breakField);
    await user.type(breakField, '30');
    expect(within(dialog).getByText('Paid time: 7 h 30 min')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Note' }), 'Inventory night');
    await user.click(within(dialog).getByRole('button', { name: 'Add shift' }));

    await waitFor(() => expect(position).toHaveAccessibleDescription('Choose one of the options.'));
    expect(position).toHaveFocus();
    expect(bodyOf(calls, 'post', `${URL_WEEK}/shifts`)).toEqual({
      locationId: 1,
      employeeId: 2,
      positionId: 2,
      date: '2026-07-06',
      start: '22:00',
      end: '06:00',
      breakMinutes: 30,
      note: 'Inventory night',
    });

    const gets = calls.filter((c) => c.url === URL_WEEK).length;
    await user.click(within(dialog).getByRole('button', { name: 'Add shift' }));
    expect(await screen.findByText('Shift of Leo Park added.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(calls.filter((c) => c.url === URL_WEEK).length).toBe(gets + 1));
  });

  it('checks a shift before sending it: a break as long as the shift is refused on its field', async () => {
    const user = userEvent.setup();
    const { calls } = await renderSchedule();
    await user.click(await screen.findByRole('button', { name: 'Add shift for Ana Ruiz on Friday, July 10' }));
    const dialog = screen.getByRole('dialog', { name: 'New shift for Ana Ruiz, Friday, July 10' });
    const end = within(dialog).getByLabelText(/^End/);
    await user.clear(end);
    await user.type(end, '12:00');
    const breakField = within(dialog).getByRole('textbox', { name: /^Break/ });
    await user.clear(breakField);
    await user.type(breakField, '180');
    expect(within(dialog).getByText('Paid time: enter the times and the break.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Add shift' }));
    expect(breakField).toHaveAccessibleDescription(/The break must be shorter than the shift\.$/);
    expect(calls.some((c) => c.method === 'post')).toBe(false);
  });

  it("edits a shift (PUT; a problem with a field it does not show is the dialog's alert) and deletes another", async () => {
    const user = userEvent.setup();
    let puts = 0;
    const { calls } = await renderSchedule([
      (config) => {
        if (config.method !== 'put' || config.url !== `${URL_WEEK}/shifts/11`) return undefined;
        puts += 1;
        return puts === 1
          ? {
              status: 400,
              data: {
                error: 'validation_error',
                message: 'employeeId: this employee is inactive: activate them on Employees first',
                fields: { employeeId: 'this employee is inactive: activate them on Employees first' },
              },
            }
          : { data: shift(11, { breakMinutes: 45 }) };
      },
      on('DELETE', `${URL_WEEK}/shifts/12`, null, 204),
    ]);
    await user.click(
      await screen.findByRole('button', { name: /^Shift of Ana Ruiz, Monday, July 6: 9:00\sAM–5:00\sPM/ }),
    );
    let dialog = screen.getByRole('dialog', { name: 'Shift of Ana Ruiz, Monday, July 6' });
    expect(within(dialog).getByLabelText(/^Start/)).toHaveValue('09:00');
    const breakField = within(dialog).getByRole('textbox', { name: /^Break/ });
    expect(breakField).toHaveValue('30');
    await user.clear(breakField);
    await user.type(breakField, '45');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This employee is inactive: make them active on Employees first.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Shift of Ana Ruiz saved.')).toBeInTheDocument();
    expect(bodyOf(calls, 'put', `${URL_WEEK}/shifts/11`)).toMatchObject({
      breakMinutes: 45,
      start: '09:00',
      end: '17:00',
    });

    await user.click(screen.getByRole('button', { name: /^Shift of Ana Ruiz, Monday, July 6: 4:00\sPM–10:00\sPM/ }));
    dialog = screen.getByRole('dialog', { name: 'Shift of Ana Ruiz, Monday, July 6' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete shift' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete this shift?' });
    expect(confirm).toHaveTextContent('The shift of Ana Ruiz on Monday, July 6, 4:00 PM–10:00 PM, will be removed');
    await user.click(within(confirm).getByRole('button', { name: 'Delete shift' }));
    expect(await screen.findByText('Shift of Ana Ruiz deleted.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'delete' && c.url === `${URL_WEEK}/shifts/12`)).toBe(true);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('copies last week after confirming, with the counts in a toast', async () => {
    const user = userEvent.setup();
    const { calls } = await renderSchedule([on('POST', `${URL_WEEK}/copy`, { copied: 3, skipped: 1 })]);
    await user.click(await screen.findByRole('button', { name: 'Copy last week' }));
    const confirm = screen.getByRole('alertdialog', { name: "Copy last week's shifts?" });
    expect(confirm).toHaveTextContent(
      'The shifts of the week of Jun 29, 2026 at Main Street are copied into this week',
    );
    expect(calls.some((c) => c.method === 'post')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Copy shifts' }));
    expect(
      await screen.findByText('3 shifts copied; 1 skipped (already planned, or the employee left).'),
    ).toBeInTheDocument();
    expect(bodyOf(calls, 'post', `${URL_WEEK}/copy`)).toEqual({ locationId: 1, week: '2026-07-06' });
  });

  it('publishes after confirming and shows who published when', async () => {
    const user = userEvent.setup();
    let published = false;
    const { calls } = await renderInShell(<App />, {
      path: '/scheduling?location=1&week=2026-07-08',
      userData: WITH_SCHEDULING,
      routes: [
        (config) => {
          if (config.method === 'post' && config.url === `${URL_WEEK}/publish`) {
            published = true;
            return { data: { publishedAt: Date.UTC(2026, 6, 5, 9, 30), emailed: 2 } };
          }
          return undefined;
        },
        (config) =>
          config.method === 'get' && config.url === URL_WEEK
            ? {
                data: published
                  ? {
                      ...WEEK,
                      published: { at: Date.UTC(2026, 6, 5, 9, 30), by: 'owner@cornermarket.test' },
                      unpublishedCount: 0,
                    }
                  : { ...WEEK, published: null, unpublishedCount: 4 },
              }
            : undefined,
      ],
    });
    expect(await screen.findByText('Not published yet.')).toBeInTheDocument();
    expect(screen.getByText('4 changes not published')).toBeInTheDocument();
    expect(calls.find((c) => c.url === URL_WEEK)!.params).toEqual({ location: '1', week: '2026-07-08' });
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Publish this week?' });
    expect(confirm).toHaveTextContent('every employee with an e-mail address gets their shifts by e-mail');
    await user.click(within(confirm).getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Schedule published; 2 employees e-mailed.')).toBeInTheDocument();
    expect(await screen.findByText(/^Published on .* by owner@cornermarket\.test\.$/)).toBeInTheDocument();
    expect(screen.queryByText(/not published/)).toBeNull();
    expect(bodyOf(calls, 'post', `${URL_WEEK}/publish`)).toEqual({ locationId: 1, week: '2026-07-06' });
  });

  it('adds time off (employee, from, to, reason) and removes one after confirming', async () => {
    const user = userEvent.setup();
    const { calls } = await renderSchedule([
      on(
        'POST',
        `${URL_WEEK}/time_off`,
        { id: 6, employeeId: 2, employeeName: 'Leo Park', from: DAYS[3], to: DAYS[4], reason: 'Holiday' },
        201,
      ),
      on('DELETE', `${URL_WEEK}/time_off/5`, null, 204),
    ]);
    const section = await screen.findByRole('region', { name: 'Time off this week' });
    expect(within(section).getByRole('listitem')).toHaveTextContent('Ana Ruiz Wed, Jul 8Doctor');
    await user.click(within(section).getByRole('button', { name: 'Add time off' }));
    const dialog = screen.getByRole('dialog', { name: 'Add time off' });
    await user.click(within(dialog).getByRole('button', { name: 'Add time off' }));
    expect(within(dialog).getByRole('combobox', { name: /^Employee/ })).toHaveAccessibleDescription(
      'Choose one of the options.',
    );
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /^Employee/ }), 'Leo Park');
    fireEvent.change(within(dialog).getByLabelText(/^From/), { target: { value: DAYS[3] } });
    fireEvent.change(within(dialog).getByLabelText(/^To/), { target: { value: DAYS[2] } });
    await user.click(within(dialog).getByRole('button', { name: 'Add time off' }));
    expect(within(dialog).getByLabelText(/^To/)).toHaveAccessibleDescription(/Must be after the start\.$/);
    fireEvent.change(within(dialog).getByLabelText(/^To/), { target: { value: DAYS[4] } });
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Holiday');
    await user.click(within(dialog).getByRole('button', { name: 'Add time off' }));
    expect(await screen.findByText('Time off of Leo Park added.')).toBeInTheDocument();
    expect(bodyOf(calls, 'post', `${URL_WEEK}/time_off`)).toEqual({
      employeeId: 2,
      from: '2026-07-09',
      to: '2026-07-10',
      reason: 'Holiday',
    });

    await user.click(within(section).getByRole('button', { name: 'Remove the time off of Ana Ruiz (Wed, Jul 8)' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Remove this time off?' });
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Time off of Ana Ruiz removed.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'delete' && c.url === `${URL_WEEK}/time_off/5`)).toBe(true);
  });

  it('keeps the location, the week and the sales basis in the URL', async () => {
    const user = userEvent.setup();
    const { calls } = await renderSchedule();
    await user.click(await screen.findByRole('button', { name: 'Next week' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/scheduling?week=2026-07-13');
    await user.click(screen.getByRole('button', { name: 'Previous week' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/scheduling?week=2026-06-29');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Location' }), 'Harbour');
    expect(screen.getByTestId('location')).toHaveTextContent('/scheduling?week=2026-06-29&location=2');
    fireEvent.change(screen.getByLabelText(/^Go to the week of/), { target: { value: '2026-08-20' } });
    expect(screen.getByTestId('location')).toHaveTextContent('week=2026-08-17');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Compare with' }), 'Same week last year');
    expect(screen.getByTestId('location')).toHaveTextContent('basis=last_year');
    await user.click(screen.getByRole('button', { name: 'This week' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/scheduling?location=2&basis=last_year');
    await waitFor(() =>
      expect(calls.filter((c) => c.url === URL_WEEK).at(-1)!.params).toEqual({ location: '2', basis: 'last_year' }),
    );
  });

  it('reads in Spanish', async () => {
    await renderSchedule([], '/scheduling', 'es');
    expect(await screen.findByRole('heading', { level: 1, name: 'Horario' })).toBeInTheDocument();
    expect(
      await screen.findByRole('button', { name: 'Añadir turno para Ana Ruiz el lunes, 6 de julio' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('region', { name: '4 conflictos' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copiar la semana pasada' })).toBeInTheDocument();
    expect(screen.getByText('1 cambio sin publicar')).toBeInTheDocument();
  });
});
