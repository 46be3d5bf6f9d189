import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TeamSheet } from '@hive/shared/schemas/backoffice/scheduling';
import App from '../../../App';
import { OWNER, on, renderInShell, type FakeRoute } from '../../../testing/harness';

const WITH_SCHEDULING = { ...OWNER, addons: [...(OWNER.addons ?? []), 'Scheduling'] };
const URL_TEAMSHEET = '/api/backoffice/team/teamsheet';

const SHEET: TeamSheet = {
  date: '2026-07-06',
  locationId: 2,
  locationName: 'Harbour',
  rows: [
    {
      shiftId: 11,
      employeeId: 1,
      name: 'Ana Ruiz',
      positionName: 'Cashier',
      color: '#2f855a',
      start: '09:00',
      end: '17:00',
      breakMinutes: 30,
      paidMinutes: 450,
      note: 'Opens the store',
      phone: '555-0101',
    },
    {
      shiftId: 12,
      employeeId: 2,
      name: 'Leo Park',
      positionName: null,
      color: null,
      start: '22:00',
      end: '02:00',
      breakMinutes: 0,
      paidMinutes: 240,
      note: '',
      phone: '',
    },
  ],
  timeOff: [
    { employeeId: 3, name: 'Mia Chen', reason: 'Vacation' },
    { employeeId: 4, name: 'Sam Ortiz', reason: '' },
  ],
  locations: [
    { id: 1, name: 'Main Street' },
    { id: 2, name: 'Harbour' },
  ],
};

/** The texts of a row's header and data cells, in order (Intl's no-break spaces as plain ones). */
const cells = (row: HTMLElement) =>
  Array.from(row.querySelectorAll('th, td'), (c) => (c.textContent ?? '').replace(/[\u00a0 ]/g, ' '));

async function renderTeamSheet(path: string, routes: FakeRoute[], language: 'en' | 'es' = 'en') {
  return renderInShell(<App />, { path, routes, language, userData: WITH_SCHEDULING });
}

describe('/teamsheet', () => {
  it('lists the day’s shifts with empty In, Out and Signature columns, and who is on time off', async () => {
    await renderTeamSheet('/teamsheet', [on('GET', URL_TEAMSHEET, SHEET)]);
    const table = await screen.findByRole('table', { name: 'Shifts of the day' });
    expect(screen.getByRole('heading', { level: 1, name: 'Team sheet' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Harbour · Monday, July 6, 2026' })).toBeInTheDocument();
    expect(screen.getByText('2 shifts are scheduled.')).toBeInTheDocument();
    expect(within(table).getAllByRole('row').map(cells)).toEqual([
      ['Time', 'Employee', 'Position', 'Break', 'Paid hours', 'Phone', 'Note', 'In', 'Out', 'Signature'],
      ['9:00 AM–5:00 PM', 'Ana Ruiz', 'Cashier', '30 min', '7.50', '555-0101', 'Opens the store', '', '', ''],
      ['10:00 PM–2:00 AMends the next day', 'Leo Park', 'No position', '0 min', '4.00', '', '', '', '', ''],
      ['Total', '11.50', ''],
    ]);
    const timeOff = screen.getByRole('region', { name: 'On time off' });
    expect(
      within(timeOff)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Mia Chen (Vacation)', 'Sam Ortiz']);
    expect(screen.getByRole('link', { name: 'Back to the schedule' })).toHaveAttribute(
      'href',
      '/scheduling?location=2&week=2026-07-06',
    );
  });

  it('with no shifts and nobody off, says so', async () => {
    await renderTeamSheet('/teamsheet', [on('GET', URL_TEAMSHEET, { ...SHEET, rows: [], timeOff: [] })]);
    const table = await screen.findByRole('table', { name: 'Shifts of the day' });
    expect(within(table).getByText('Nobody is scheduled at this location that day.')).toBeInTheDocument();
    expect(within(table).queryByText('Total')).toBeNull();
    expect(screen.getByText('No shifts are scheduled.')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'On time off' })).getByText('Nobody is on time off.'),
    ).toBeInTheDocument();
  });

  it('keeps the date and location in the URL and asks the server for them', async () => {
    const user = userEvent.setup();
    const view = await renderTeamSheet('/teamsheet?date=2026-07-06', [on('GET', URL_TEAMSHEET, SHEET)]);
    await screen.findByRole('table', { name: 'Shifts of the day' });
    expect(view.calls.filter((c) => c.url === URL_TEAMSHEET).at(-1)?.params).toMatchObject({ date: '2026-07-06' });
    await user.selectOptions(screen.getByLabelText('Location'), 'Main Street');
    expect(screen.getByTestId('location')).toHaveTextContent('/teamsheet?date=2026-07-06&location=1');
    await waitFor(() =>
      expect(view.calls.filter((c) => c.url === URL_TEAMSHEET).at(-1)?.params).toMatchObject({
        date: '2026-07-06',
        location: '1',
      }),
    );
  });

  it('reads in Spanish', async () => {
    await renderTeamSheet('/teamsheet', [on('GET', URL_TEAMSHEET, SHEET)], 'es');
    const table = await screen.findByRole('table', { name: 'Turnos del día' });
    expect(cells(within(table).getAllByRole('row')[0]!)).toEqual([
      'Horario',
      'Empleado',
      'Puesto',
      'Descanso',
      'Horas pagadas',
      'Teléfono',
      'Nota',
      'Entrada',
      'Salida',
      'Firma',
    ]);
    expect(cells(within(table).getAllByRole('row')[2]!).slice(0, 5)).toEqual([
      '22:00–2:00termina al día siguiente',
      'Leo Park',
      'Sin puesto',
      '0 min',
      '4,00',
    ]);
    expect(screen.getByText('Hay 2 turnos previstos.')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'De permiso' })).toHaveTextContent('Mia Chen (Vacation)');
    expect(screen.getByRole('link', { name: 'Volver al horario' })).toBeInTheDocument();
  });
});
