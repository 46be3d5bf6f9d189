import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReportMeta } from '@hive/shared/schemas/backoffice/reports';
import type { PayrollReport } from '@hive/shared/schemas/backoffice/scheduling';
import App from '../../../App';
import { OWNER, on, renderInShell, type FakeRoute } from '../../../testing/harness';

const WITH_SCHEDULING = { ...OWNER, addons: [...(OWNER.addons ?? []), 'Scheduling'] };
const URL_PAYROLL = '/api/backoffice/team/reports/payroll';

const META: ReportMeta = {
  currency: 'USD',
  timezone: 'America/Chicago',
  period: { preset: 'last_week', from: '2026-06-29', to: '2026-07-05', days: 7 },
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

const REPORT: PayrollReport = {
  ...META,
  rows: [
    {
      employeeId: 1,
      name: 'Ana Ruiz',
      positionName: 'Cashier',
      rateCents: 1500,
      regularMinutes: 2400,
      overtimeMinutes: 90,
      regularPayCents: 60000,
      overtimePayCents: 3375,
      grossPayCents: 63375,
      tipsCents: 4210,
    },
    {
      employeeId: 2,
      name: 'Leo Park',
      positionName: null,
      rateCents: 1800,
      regularMinutes: 450,
      overtimeMinutes: 0,
      regularPayCents: 13500,
      overtimePayCents: 0,
      grossPayCents: 13500,
      tipsCents: 0,
    },
  ],
  totals: {
    regularMinutes: 2850,
    overtimeMinutes: 90,
    regularPayCents: 73500,
    overtimePayCents: 3375,
    grossPayCents: 76875,
    tipsCents: 4210,
  },
  pendingEntries: 0,
  openEntries: 0,
};

/** The texts of a row's header and data cells, in order (Intl's no-break spaces as plain ones). */
const cells = (row: HTMLElement) =>
  Array.from(row.querySelectorAll('th, td'), (c) => (c.textContent ?? '').replace(/[\u00a0\u202f]/g, ' '));

async function renderPayroll(path: string, routes: FakeRoute[], language: 'en' | 'es' = 'en') {
  return renderInShell(<App />, { path, routes, language, userData: WITH_SCHEDULING });
}

describe('/payrollreport', () => {
  it('shows a row per employee with regular and overtime hours and pay, gross pay and tips, and the totals', async () => {
    await renderPayroll('/payrollreport', [on('GET', URL_PAYROLL, REPORT)]);
    const table = await screen.findByRole('table', { name: 'Payroll per employee' });
    const rows = within(table).getAllByRole('row').map(cells);
    expect(rows).toEqual([
      [
        'Employee',
        'Position',
        'Hourly rate',
        'Regular hours',
        'Overtime hours',
        'Regular pay',
        'Overtime pay',
        'Gross pay',
        'Tips',
      ],
      ['Ana Ruiz', 'Cashier', '$15.00', '40.00', '1.50', '$600.00', '$33.75', '$633.75', '$42.10'],
      ['Leo Park', 'No position', '$18.00', '7.50', '0.00', '$135.00', '$0.00', '$135.00', '$0.00'],
      // No rate on the totals: rates do not add up.
      ['Total', '', '–', '47.50', '1.50', '$735.00', '$33.75', '$768.75', '$42.10'],
    ]);
    // Everything approved and closed: no warning.
    expect(screen.queryByText(/not approved yet/)).toBeNull();
    expect(screen.queryByText(/still open/)).toBeNull();
  });

  it('warns about entries not approved yet and links to them on the time clock for the same period', async () => {
    await renderPayroll('/payrollreport?location=2&employee=1', [
      on('GET', URL_PAYROLL, { ...REPORT, pendingEntries: 3, openEntries: 1 }),
    ]);
    expect(
      await screen.findByText(
        /3 time entries in this period are not approved yet\. They are included in these figures\./,
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Review them on the time clock' })).toHaveAttribute(
      'href',
      '/attendancer?period=custom&from=2026-06-29&to=2026-07-05&location=2&employee=1&status=pending',
    );
    expect(screen.getByText(/1 entry is still open \(clocked in, not out\)/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See them on the time clock' })).toHaveAttribute(
      'href',
      '/attendancer?period=custom&from=2026-06-29&to=2026-07-05&location=2&employee=1',
    );
  });

  it('downloads the server payroll CSV for the filters on screen', async () => {
    const user = userEvent.setup();
    const createObjectURL = jest.fn(() => 'blob:payroll');
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const csv: FakeRoute = (config) =>
      config.method === 'get' && config.url === URL_PAYROLL && config.params?.format === 'csv'
        ? { data: new Blob(['employee_id,name\r\n1,Ana Ruiz\r\n'], { type: 'text/csv' }) }
        : undefined;
    const view = await renderPayroll('/payrollreport?period=last_month&location=2', [
      csv,
      on('GET', URL_PAYROLL, REPORT),
    ]);
    await screen.findByRole('table', { name: 'Payroll per employee' });
    expect(view.calls.filter((c) => c.url === URL_PAYROLL)).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Download payroll CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const request = view.calls.filter((c) => c.url === URL_PAYROLL).at(-1)!;
    expect(request.method).toBe('get');
    expect(request.params).toEqual({ period: 'last_month', location: '2', format: 'csv' });
    expect(request.responseType).toBe('blob');
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    click.mockRestore();
  });

  it('says so when nobody worked in the period', async () => {
    await renderPayroll('/payrollreport', [
      on('GET', URL_PAYROLL, {
        ...REPORT,
        rows: [],
        totals: { ...REPORT.totals, regularMinutes: 0, overtimeMinutes: 0, regularPayCents: 0 },
      }),
    ]);
    const table = await screen.findByRole('table', { name: 'Payroll per employee' });
    expect(within(table).getByText('Nobody worked or received tips in this period.')).toBeInTheDocument();
  });

  it('reads in Spanish', async () => {
    await renderPayroll('/payrollreport', [on('GET', URL_PAYROLL, { ...REPORT, pendingEntries: 1 })], 'es');
    const table = await screen.findByRole('table', { name: 'Nómina por empleado' });
    expect(cells(within(table).getAllByRole('row')[1]!)).toEqual([
      'Ana Ruiz',
      'Cashier',
      '15,00 US$',
      '40,00',
      '1,50',
      '600,00 US$',
      '33,75 US$',
      '633,75 US$',
      '42,10 US$',
    ]);
    expect(screen.getByText(/1 fichaje de este periodo aún no está aprobado/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Descargar CSV de nóminas' })).toBeInTheDocument();
  });
});
