import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReportMeta } from '@hive/shared/schemas/backoffice/reports';
import type { LaborReport } from '@hive/shared/schemas/backoffice/scheduling';
import App from '../../../App';
import { OWNER, on, renderInShell, type FakeRoute } from '../../../testing/harness';

const WITH_SCHEDULING = { ...OWNER, addons: [...(OWNER.addons ?? []), 'Scheduling'] };
const URL_LABOR = '/api/backoffice/team/reports/labor';

const META: ReportMeta = {
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
    ],
  },
};

const REPORT: LaborReport = {
  ...META,
  byEmployee: [
    { key: '1', label: 'Ana Ruiz', scheduledMinutes: 480, actualMinutes: 450, costCents: 11250 },
    { key: '2', label: 'Leo Park', scheduledMinutes: 240, actualMinutes: 285, costCents: 8550 },
  ],
  byPosition: [
    { key: '4', label: 'Cashier', scheduledMinutes: 480, actualMinutes: 450, costCents: 11250 },
    { key: 'none', label: '', scheduledMinutes: 240, actualMinutes: 285, costCents: 8550 },
  ],
  byDay: [
    {
      key: '2026-07-06',
      label: '2026-07-06',
      scheduledMinutes: 720,
      actualMinutes: 735,
      costCents: 19800,
      netSalesCents: 78131,
      labourPercentBp: 2534,
    },
    {
      key: '2026-07-07',
      label: '2026-07-07',
      scheduledMinutes: 0,
      actualMinutes: 0,
      costCents: 0,
      netSalesCents: 0,
      labourPercentBp: null,
    },
  ],
  totals: {
    key: 'total',
    label: '',
    scheduledMinutes: 720,
    actualMinutes: 735,
    costCents: 19800,
    netSalesCents: 78131,
    labourPercentBp: 2534,
  },
};

const EMPTY: LaborReport = {
  ...META,
  byEmployee: [],
  byPosition: [],
  byDay: [],
  totals: {
    ...REPORT.totals,
    scheduledMinutes: 0,
    actualMinutes: 0,
    costCents: 0,
    netSalesCents: 0,
    labourPercentBp: null,
  },
};

/** The texts of a row's header and data cells, in order. */
const cells = (row: HTMLElement) =>
  Array.from(row.querySelectorAll('th, td'), (c) => (c.textContent ?? '').replace(/[\u00a0\u202f]/g, ' '));

async function renderLabor(path: string, routes: FakeRoute[], language: 'en' | 'es' = 'en') {
  return renderInShell(<App />, { path, routes, language, userData: WITH_SCHEDULING });
}

describe('/laborreport', () => {
  it('shows the key figures and the tables by employee, position and day with their totals', async () => {
    await renderLabor('/laborreport', [on('GET', URL_LABOR, REPORT)]);
    const tiles = await screen.findByRole('list', { name: 'Key figures' });
    expect(screen.getByRole('heading', { level: 1, name: 'Labor report' })).toBeInTheDocument();
    expect(within(tiles).getByText('Worked hours').parentElement).toHaveTextContent('12.25');
    expect(within(tiles).getByText('Labour cost').parentElement).toHaveTextContent('$198.00');
    expect(within(tiles).getByText('Labour % of sales').parentElement).toHaveTextContent('25.34%');

    const employees = screen.getByRole('table', { name: 'By employee' });
    const rows = within(employees).getAllByRole('row');
    expect(rows.map(cells)).toEqual([
      ['Employee', 'Scheduled hours', 'Worked hours', 'Difference (h)', 'Labour cost'],
      ['Ana Ruiz', '8.00', '7.50', '-0.50', '$112.50'],
      ['Leo Park', '4.00', '4.75', '0.75', '$85.50'],
      ['Total', '12.00', '12.25', '0.25', '$198.00'],
    ]);

    const positions = screen.getByRole('table', { name: 'By position' });
    expect(within(positions).getAllByRole('row').map(cells).slice(1)).toEqual([
      ['Cashier', '8.00', '7.50', '-0.50', '$112.50'],
      ['No position', '4.00', '4.75', '0.75', '$85.50'],
      ['Total', '12.00', '12.25', '0.25', '$198.00'],
    ]);

    const days = screen.getByRole('table', { name: 'By day' });
    const dayRows = within(days).getAllByRole('row').map(cells);
    expect(dayRows[0]).toEqual([
      'Day',
      'Scheduled hours',
      'Worked hours',
      'Difference (h)',
      'Labour cost',
      'Net sales',
      'Labour % of sales',
    ]);
    expect(dayRows[1]).toEqual(['Mon, Jul 6, 2026', '12.00', '12.25', '0.25', '$198.00', '$781.31', '25.34%']);
    // No sales that day: no percentage, shown as a dash (not as 0 %).
    expect(dayRows[2]).toEqual(['Tue, Jul 7, 2026', '0.00', '0.00', '0.00', '$0.00', '$0.00', '–']);
    expect(dayRows[3]).toEqual(['Total', '12.00', '12.25', '0.25', '$198.00', '$781.31', '25.34%']);

    // Figures with no previous period: no comparison and no sales definitions.
    expect(screen.queryByLabelText('Compare with the previous period')).toBeNull();
    expect(screen.queryByText('How the figures are defined')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Open the time clock' })).toBeNull();
  });

  it('keeps the period, location and employee in the URL and asks the server for them', async () => {
    const user = userEvent.setup();
    const view = await renderLabor('/laborreport', [on('GET', URL_LABOR, REPORT)]);
    await screen.findByRole('table', { name: 'By employee' });
    expect(view.calls.find((c) => c.url === URL_LABOR)?.params).toEqual({});
    await user.selectOptions(screen.getByLabelText('Period'), 'last_month');
    await user.selectOptions(screen.getByLabelText('Location'), 'Harbour');
    await user.selectOptions(screen.getByLabelText('Employee'), 'Leo Park');
    const url = new URL(screen.getByTestId('location').textContent!, 'http://x');
    expect(url.pathname).toBe('/laborreport');
    expect(Object.fromEntries(url.searchParams)).toEqual({ period: 'last_month', location: '2', employee: '2' });
    await waitFor(() =>
      expect(view.calls.at(-1)).toMatchObject({
        url: URL_LABOR,
        params: { period: 'last_month', location: '2', employee: '2' },
      }),
    );
  });

  it('exports the three tables as CSV, hours as decimals and the labour % with two decimals', async () => {
    const user = userEvent.setup();
    const saved: Blob[] = [];
    Object.assign(URL, {
      createObjectURL: jest.fn((blob: Blob) => {
        saved.push(blob);
        return 'blob:labor';
      }),
      revokeObjectURL: jest.fn(),
    });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await renderLabor('/laborreport', [on('GET', URL_LABOR, REPORT)]);
    await screen.findByRole('table', { name: 'By day' });
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(saved[0]!);
    });
    const lines = text
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines).toContain('Ana Ruiz,8.00,7.50,-0.50,112.50');
    expect(lines).toContain('"Mon, Jul 6, 2026",12.00,12.25,0.25,198.00,781.31,25.34');
    expect(lines.at(-1)).toBe('Total,12.00,12.25,0.25,198.00,781.31,25.34');
    click.mockRestore();
  });

  it('with nothing scheduled or worked, says so and links to the schedule and the time clock', async () => {
    await renderLabor('/laborreport?location=1', [on('GET', URL_LABOR, EMPTY)]);
    expect(await screen.findByText(/No shifts were scheduled or worked in this period/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the schedule' })).toHaveAttribute('href', '/scheduling');
    expect(screen.getByRole('link', { name: 'Open the time clock' })).toHaveAttribute(
      'href',
      '/attendancer?period=custom&from=2026-07-06&to=2026-07-12&location=1',
    );
    const employees = screen.getByRole('table', { name: 'By employee' });
    expect(within(employees).getByText('No scheduled or worked hours in this period.')).toBeInTheDocument();
  });

  it('with shifts planned but nobody clocked in, points to the time clock for the same period', async () => {
    const planned: LaborReport = {
      ...REPORT,
      byEmployee: REPORT.byEmployee.map((r) => ({ ...r, actualMinutes: 0, costCents: 0 })),
      totals: { ...REPORT.totals, actualMinutes: 0, costCents: 0, labourPercentBp: 0 },
    };
    await renderLabor('/laborreport?employee=2', [on('GET', URL_LABOR, planned)]);
    expect(await screen.findByText(/Nobody clocked in during this period/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the time clock' })).toHaveAttribute(
      'href',
      '/attendancer?period=custom&from=2026-07-06&to=2026-07-12&employee=2',
    );
    expect(screen.queryByRole('link', { name: 'Open the schedule' })).toBeNull();
  });

  it('has a print view without the back-office around it', async () => {
    await renderLabor('/laborreport/print', [on('GET', URL_LABOR, REPORT)]);
    expect(await screen.findByRole('button', { name: 'Print' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'By position' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Period')).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).toBeNull();
  });

  it('reads in Spanish', async () => {
    await renderLabor('/laborreport', [on('GET', URL_LABOR, REPORT)], 'es');
    const days = await screen.findByRole('table', { name: 'Por día' });
    const row = within(days).getAllByRole('row')[1]!;
    expect(cells(row).slice(1)).toEqual(['12,00', '12,25', '0,25', '198,00 US$', '781,31 US$', '25,34 %']);
    expect(screen.getByRole('table', { name: 'Por puesto' })).toHaveTextContent('Sin puesto');
  });
});
