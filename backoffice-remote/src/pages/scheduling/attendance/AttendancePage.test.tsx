import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AttendanceAnswer, TimeEntry } from '@hive/shared/schemas/backoffice/scheduling';
import App from '../../../App';
import { OWNER, on, renderInShell, type FakeRoute } from '../../../testing/harness';

const WITH_SCHEDULING = { ...OWNER, addons: [...(OWNER.addons ?? []), 'Scheduling'] };
const URL_LIST = '/api/backoffice/team/attendance';

const entry = (id: number, extra: Partial<TimeEntry>): TimeEntry => ({
  id,
  employeeId: 1,
  employeeName: 'Ana Ruiz',
  locationId: 1,
  locationName: 'Main Street',
  positionName: 'Cashier',
  clockIn: '2026-07-06 09:12',
  clockOut: '2026-07-06 17:30',
  clockInAt: 0,
  clockOutAt: 1,
  breakMinutes: 30,
  workedMinutes: 468,
  source: 'register',
  reason: '',
  status: 'pending',
  approvedBy: null,
  approvedAt: null,
  scheduled: { shiftId: 11, start: '2026-07-06 09:00', end: '2026-07-06 17:00' },
  lateMinutes: 12,
  flags: ['late'],
  ...extra,
});

const LATE = entry(1, {});
const OPEN = entry(2, {
  employeeId: 2,
  employeeName: 'Leo Park',
  positionName: 'Cook',
  clockIn: '2026-07-07 22:05',
  clockOut: null,
  clockOutAt: null,
  breakMinutes: 0,
  workedMinutes: null,
  scheduled: { shiftId: 13, start: '2026-07-07 22:00', end: '2026-07-08 06:00' },
  lateMinutes: 5,
  flags: ['on_break'],
});
const MANUAL = entry(3, {
  clockIn: '2026-07-05 10:00',
  clockOut: '2026-07-05 14:00',
  breakMinutes: 0,
  workedMinutes: 240,
  source: 'manual',
  reason: 'Register was down',
  scheduled: null,
  lateMinutes: null,
  flags: ['manual', 'unscheduled'],
});
const APPROVED = entry(4, {
  employeeId: 2,
  employeeName: 'Leo Park',
  positionName: 'Cook',
  clockIn: '2026-07-04 22:00',
  clockOut: '2026-07-05 06:10',
  breakMinutes: 20,
  workedMinutes: 470,
  reason: 'Forgot to clock out',
  status: 'approved',
  approvedBy: 'owner@cornermarket.test',
  scheduled: { shiftId: 9, start: '2026-07-04 22:00', end: '2026-07-05 06:00' },
  lateMinutes: 0,
  flags: ['edited'],
});
const FORGOTTEN = entry(5, {
  employeeId: 3,
  employeeName: 'Mia Chen',
  positionName: null,
  locationId: null,
  locationName: null,
  clockIn: '2026-07-03 08:00',
  clockOut: null,
  clockOutAt: null,
  breakMinutes: 0,
  workedMinutes: null,
  scheduled: null,
  lateMinutes: null,
  flags: ['missing_clock_out', 'unscheduled'],
});

const ANSWER: AttendanceAnswer = {
  currency: 'USD',
  timezone: 'America/Chicago',
  period: { preset: 'this_week', from: '2026-07-06', to: '2026-07-12', days: 7 },
  previous: null,
  group: null,
  filters: {
    locations: [
      { id: 1, name: 'Main Street', timezone: 'America/Chicago' },
      { id: 2, name: 'Harbour', timezone: 'America/Chicago' },
    ],
    employees: [
      { id: 1, name: 'Ana Ruiz' },
      { id: 2, name: 'Leo Park' },
      { id: 3, name: 'Mia Chen' },
    ],
  },
  entries: [OPEN, LATE, MANUAL, APPROVED, FORGOTTEN],
  missing: [
    {
      shiftId: 30,
      employeeId: 3,
      employeeName: 'Mia Chen',
      locationName: 'Main Street',
      date: '2026-07-06',
      start: '14:00',
      end: '20:00',
    },
  ],
  pendingCount: 2,
};

function renderAttendance(routes: FakeRoute[] = [], path = '/attendancer', language: 'en' | 'es' = 'en') {
  return renderInShell(<App />, {
    path,
    language,
    userData: WITH_SCHEDULING,
    routes: [...routes, on('GET', URL_LIST, ANSWER)],
  });
}

const bodyOf = (calls: { method?: string; url?: string; data?: unknown }[], method: string, url: string) =>
  JSON.parse(String(calls.filter((c) => c.method === method && c.url === url).at(-1)!.data)) as unknown;

async function entriesTable() {
  return screen.findByRole('table', { name: 'Time entries of the period' });
}

describe('Team › Scheduling › Attendance', () => {
  it('lists the entries with their shift, flags in words and status, the pending count and the missing punches', async () => {
    const { calls } = await renderAttendance();
    expect(await screen.findByRole('heading', { level: 1, name: 'Attendance' })).toBeInTheDocument();
    const table = await entriesTable();
    expect(screen.getByRole('region', { name: 'Time entries of the period' })).toHaveAttribute('tabindex', '0');
    const [, open, late, manual, approved, forgotten] = within(table).getAllByRole('row');

    expect(late).toHaveTextContent(
      'Ana RuizCashier · Main StreetMon, Jul 69:12 AM5:30 PM30 min7 h 48 min9:00 AM–5:00 PMLate 12 minPending',
    );
    expect(within(late).getByRole('button', { name: 'Approve the entry of Ana Ruiz, Mon, Jul 6' })).toBeEnabled();
    expect(within(late).queryByRole('button', { name: /^Delete/ })).toBeNull();

    expect(open).toHaveTextContent('Still clocked in');
    expect(open).toHaveTextContent('10:00 PM–6:00 AM');
    expect(open).toHaveTextContent('On break');
    expect(open).not.toHaveTextContent('Late');
    const blocked = within(open).getByRole('button', { name: 'Approve the entry of Leo Park, Tue, Jul 7' });
    expect(blocked).toBeDisabled();
    expect(blocked).toHaveAccessibleDescription('Can be approved after the clock-out.');
    expect(within(open).queryByRole('checkbox')).toBeNull();

    expect(manual).toHaveTextContent('Unscheduled');
    expect(manual).toHaveTextContent('Manual');
    expect(manual).toHaveTextContent('Reason: Register was down');
    expect(
      within(manual).getByRole('button', { name: 'Delete the entry of Ana Ruiz, Sun, Jul 5' }),
    ).toBeInTheDocument();

    expect(approved).toHaveTextContent('6:10 AM (next day)');
    expect(approved).toHaveTextContent('Edited');
    expect(approved).toHaveTextContent('Approved by owner@cornermarket.test');
    expect(within(approved).queryByRole('button', { name: /^Approve/ })).toBeNull();

    expect(forgotten).toHaveTextContent('Missing clock-out');
    expect(forgotten).toHaveTextContent('Mia Chen');

    expect(screen.getByText('2 entries waiting for approval.')).toBeInTheDocument();
    const missing = screen.getByRole('region', { name: 'Missing punches (1)' });
    expect(within(missing).getByRole('table', { name: 'Scheduled shifts with no clock-in' })).toHaveTextContent(
      'Mia ChenMain StreetMon, Jul 62:00 PM–8:00 PM',
    );
    expect(screen.getByText('Jul 6, 2026 – Jul 12, 2026')).toBeInTheDocument();
    expect(calls.find((c) => c.url === URL_LIST)!.params).toEqual({});
  });

  it('keeps the period, location, employee and status in the URL and explains filters the server refuses', async () => {
    const user = userEvent.setup();
    const { calls } = await renderAttendance([
      (config) =>
        config.method === 'get' && config.url === URL_LIST && (config.params as { to?: string }).to === '2026-12-31'
          ? {
              status: 400,
              data: {
                error: 'validation_error',
                message: 'to: the period must be at most 62 days long',
                fields: { to: 'the period must be at most 62 days long' },
              },
            }
          : undefined,
    ]);
    await entriesTable();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Pending');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Employee' }), 'Ana Ruiz');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Location' }), 'Main Street');
    expect(screen.getByTestId('location')).toHaveTextContent('/attendancer?status=pending&employee=1&location=1');
    await waitFor(() =>
      expect(calls.filter((c) => c.url === URL_LIST).at(-1)!.params).toEqual({
        status: 'pending',
        employee: '1',
        location: '1',
      }),
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Period' }), 'Custom range');
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-12-31' } });
    expect(await screen.findByText(/^These filters cannot be used:/)).toHaveTextContent(
      'These filters cannot be used: To: A period can be at most 62 days long.',
    );
    await user.click(screen.getByRole('button', { name: 'Reset the filters' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/attendancer$/);
    expect(await entriesTable()).toBeInTheDocument();
  });

  it('edits an entry: a reason is required, the change needs approval again, the body sent', async () => {
    const user = userEvent.setup();
    const { calls } = await renderAttendance([on('PUT', `${URL_LIST}/1`, entry(1, { flags: ['late', 'edited'] }))]);
    const table = await entriesTable();
    await user.click(within(table).getByRole('button', { name: 'Edit the entry of Ana Ruiz, Mon, Jul 6' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit the entry of Ana Ruiz' });
    expect(dialog).toHaveTextContent('An edited entry needs approval again, even if it was approved.');
    expect(within(dialog).queryByRole('combobox', { name: /^Employee/ })).toBeNull();
    expect(within(dialog).queryByRole('combobox', { name: /^Location/ })).toBeNull();
    const clockIn = within(dialog).getByLabelText(/^Clock in/);
    expect(clockIn).toHaveFocus();
    expect(clockIn).toHaveValue('2026-07-06T09:12');
    fireEvent.change(within(dialog).getByLabelText(/^Clock out/), { target: { value: '2026-07-06T17:00' } });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const reason = within(dialog).getByRole('textbox', { name: /^Reason/ });
    expect(reason).toHaveAccessibleDescription(/This field is required\.$/);
    expect(reason).toHaveFocus();
    expect(calls.some((c) => c.method === 'put')).toBe(false);
    await user.type(reason, 'Left early, agreed');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Entry of Ana Ruiz, Mon, Jul 6 saved; it waits for approval again.'),
    ).toBeInTheDocument();
    expect(bodyOf(calls, 'put', `${URL_LIST}/1`)).toEqual({
      employeeId: 1,
      locationId: 1,
      clockIn: '2026-07-06T09:12',
      clockOut: '2026-07-06T17:00',
      breakMinutes: 30,
      reason: 'Left early, agreed',
    });
  });

  it('an entry without a location asks for one; a server refusal of the times lands on its field', async () => {
    const user = userEvent.setup();
    await renderAttendance([
      on(
        'PUT',
        `${URL_LIST}/5`,
        {
          error: 'validation_error',
          message: 'clockOut: must not be in the future',
          fields: { clockOut: 'must not be in the future' },
        },
        400,
      ),
    ]);
    const table = await entriesTable();
    await user.click(within(table).getByRole('button', { name: 'Edit the entry of Mia Chen, Fri, Jul 3' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit the entry of Mia Chen' });
    const location = within(dialog).getByRole('combobox', { name: /^Location/ });
    await user.selectOptions(location, 'Harbour');
    fireEvent.change(within(dialog).getByLabelText(/^Clock out/), { target: { value: '2026-07-03T16:00' } });
    await user.type(within(dialog).getByRole('textbox', { name: /^Reason/ }), 'Forgot to clock out');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText(/^Clock out/)).toHaveAccessibleDescription(/Must not be in the future\.$/),
    );
  });

  it('approves one entry, then the selected ones', async () => {
    const user = userEvent.setup();
    const { calls } = await renderAttendance([
      on('POST', `${URL_LIST}/1/approve`, entry(1, { status: 'approved', approvedBy: 'owner@cornermarket.test' })),
      on('POST', `${URL_LIST}/approve`, { approved: 1, skipped: 1 }),
    ]);
    const table = await entriesTable();
    await user.click(within(table).getByRole('button', { name: 'Approve the entry of Ana Ruiz, Mon, Jul 6' }));
    expect(await screen.findByText('Entry of Ana Ruiz, Mon, Jul 6 approved.')).toBeInTheDocument();
    // With a JSON body: the API takes JSON only, a bodyless POST is refused (415).
    expect(calls.some((c) => c.method === 'post' && c.url === `${URL_LIST}/1/approve` && c.data === '{}')).toBe(true);

    const approveSelected = screen.getByRole('button', { name: 'Approve selected (0)' });
    expect(approveSelected).toBeDisabled();
    await user.click(within(table).getByRole('checkbox', { name: 'Select the entry of Ana Ruiz, Sun, Jul 5' }));
    expect(screen.getByRole('button', { name: 'Approve selected (1)' })).toBeEnabled();
    await user.click(within(table).getByRole('checkbox', { name: 'Select every entry that can be approved' }));
    expect(within(table).getByRole('checkbox', { name: 'Select the entry of Ana Ruiz, Mon, Jul 6' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Approve selected (2)' }));
    expect(
      await screen.findByText('1 entry approved; 1 skipped (still open or already approved).'),
    ).toBeInTheDocument();
    expect(bodyOf(calls, 'post', `${URL_LIST}/approve`)).toEqual({ ids: [1, 3] });
    expect(screen.getByRole('button', { name: 'Approve selected (0)' })).toBeDisabled();
  });

  it('adds a manual entry (checked first; a 409 refusal in words), also from a missing punch', async () => {
    const user = userEvent.setup();
    let posts = 0;
    const { calls } = await renderAttendance([
      (config) => {
        if (config.method !== 'post' || config.url !== URL_LIST) return undefined;
        posts += 1;
        return posts === 1
          ? {
              status: 409,
              data: { error: 'entry_overlaps', message: 'The employee has another entry at that time.', entryId: 9 },
            }
          : {
              status: 201,
              data: entry(8, {
                employeeId: 3,
                employeeName: 'Mia Chen',
                clockIn: '2026-07-06 14:00',
                source: 'manual',
              }),
            };
      },
    ]);
    await entriesTable();
    await user.click(screen.getByRole('button', { name: 'Add entry' }));
    let dialog = screen.getByRole('dialog', { name: 'Add a manual entry' });
    await user.click(within(dialog).getByRole('button', { name: 'Add entry' }));
    expect(within(dialog).getByRole('combobox', { name: /^Employee/ })).toHaveAccessibleDescription(
      'Choose one of the options.',
    );
    expect(within(dialog).getByLabelText(/^Clock in/)).toHaveAccessibleDescription('Enter a date and a time.');
    expect(within(dialog).getByRole('textbox', { name: /^Reason/ })).toHaveAccessibleDescription(
      /This field is required\.$/,
    );
    expect(calls.some((c) => c.method === 'post')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    const missing = screen.getByRole('region', { name: 'Missing punches (1)' });
    await user.click(within(missing).getByRole('button', { name: 'Add entry for Mia Chen, Mon, Jul 6' }));
    dialog = screen.getByRole('dialog', { name: 'Add a manual entry' });
    expect(within(dialog).getByRole('combobox', { name: /^Employee/ })).toHaveDisplayValue('Mia Chen');
    expect(within(dialog).getByRole('combobox', { name: /^Location/ })).toHaveDisplayValue('Main Street');
    expect(within(dialog).getByLabelText(/^Clock in/)).toHaveValue('2026-07-06T14:00');
    fireEvent.change(within(dialog).getByLabelText(/^Clock out/), { target: { value: '2026-07-06T20:00' } });
    const breakField = within(dialog).getByRole('textbox', { name: /^Break/ });
    await user.clear(breakField);
    await user.type(breakField, '15');
    await user.type(within(dialog).getByRole('textbox', { name: /^Reason/ }), 'Register was down');
    await user.click(within(dialog).getByRole('button', { name: 'Add entry' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This employee already has an entry at that time: correct or delete that one first.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Add entry' }));
    expect(await screen.findByText('Entry of Mia Chen, Mon, Jul 6 added.')).toBeInTheDocument();
    expect(bodyOf(calls, 'post', URL_LIST)).toEqual({
      employeeId: 3,
      locationId: 1,
      clockIn: '2026-07-06T14:00',
      clockOut: '2026-07-06T20:00',
      breakMinutes: 15,
      reason: 'Register was down',
    });
  });

  it('deletes a manual entry after confirming; a refusal is said in words', async () => {
    const user = userEvent.setup();
    let deletes = 0;
    const { calls } = await renderAttendance([
      (config) => {
        if (config.method !== 'delete' || config.url !== `${URL_LIST}/3`) return undefined;
        deletes += 1;
        return deletes === 1
          ? { status: 409, data: { error: 'register_entry', message: 'This entry was punched at a register.' } }
          : { status: 204, data: null };
      },
    ]);
    const table = await entriesTable();
    const remove = () => within(table).getByRole('button', { name: 'Delete the entry of Ana Ruiz, Sun, Jul 5' });
    await user.click(remove());
    let confirm = screen.getByRole('alertdialog', { name: 'Delete this manual entry?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText('This entry was punched at a register: correct its times instead of deleting it.'),
    ).toBeInTheDocument();
    await user.click(remove());
    confirm = screen.getByRole('alertdialog', { name: 'Delete this manual entry?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Entry of Ana Ruiz, Sun, Jul 5 deleted.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'delete').length).toBe(2);
  });

  it('reads in Spanish', async () => {
    await renderAttendance([], '/attendancer', 'es');
    const table = await screen.findByRole('table', { name: 'Fichajes del periodo' });
    expect(within(table).getAllByRole('row')[2]).toHaveTextContent('Tarde 12 min');
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('Aún dentro');
    expect(screen.getByText('2 fichajes pendientes de aprobación.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Aprobar seleccionados (0)' })).toBeDisabled();
    expect(screen.getByRole('region', { name: 'Fichajes que faltan (1)' })).toBeInTheDocument();
  });
});
