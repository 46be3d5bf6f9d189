import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TipOutSheet, TipPoolRule } from '@hive/shared/schemas/backoffice/scheduling';
import App from '../../../App';
import { OWNER, renderInShell, type FakeRoute } from '../../../testing/harness';

const WITH_SCHEDULING = { ...OWNER, addons: [...(OWNER.addons ?? []), 'Scheduling'] };
const URL_TIPOUT = '/api/backoffice/team/reports/tipout';

const LOCATIONS = [
  { id: 1, name: 'Main Street' },
  { id: 2, name: 'Harbour' },
];

const BY_HOURS: TipOutSheet = {
  date: '2026-07-06',
  locationId: 1,
  locationName: 'Main Street',
  currency: 'USD',
  rule: 'hours',
  poolCents: 12000,
  unassignedTipsCents: 1500,
  undistributedCents: 0,
  rows: [
    {
      employeeId: 1,
      name: 'Ana Ruiz',
      positionName: 'Server',
      workedMinutes: 480,
      ownTipsCents: 9000,
      shareCents: 8000,
      differenceCents: -1000,
    },
    {
      employeeId: 2,
      name: 'Leo Park',
      positionName: null,
      workedMinutes: 240,
      ownTipsCents: 1500,
      shareCents: 4000,
      differenceCents: 2500,
    },
  ],
  locations: LOCATIONS,
};

const EQUALLY: TipOutSheet = {
  ...BY_HOURS,
  rule: 'equal',
  rows: [
    { ...BY_HOURS.rows[0]!, shareCents: 6000, differenceCents: -3000 },
    { ...BY_HOURS.rows[1]!, shareCents: 6000, differenceCents: 4500 },
  ],
};

/** Answers by the rule asked for (none: by hours, the server's default). */
const tipout: FakeRoute = (config) => {
  if (config.url !== URL_TIPOUT) return undefined;
  const rule = (config.params?.rule ?? 'hours') as TipPoolRule;
  return { data: rule === 'equal' ? EQUALLY : { ...BY_HOURS, rule } };
};

const cells = (row: HTMLElement) =>
  Array.from(row.querySelectorAll('th, td'), (c) => (c.textContent ?? '').replace(/[\u00a0\u202f]/g, ' '));
const pageRule = () => document.querySelector('style')?.textContent ?? '';

async function renderSheet(path: string, routes: FakeRoute[] = [tipout], language: 'en' | 'es' = 'en') {
  return renderInShell(<App />, { path, routes, language, userData: WITH_SCHEDULING });
}

describe('/dailytipoutform', () => {
  it('shows the location and day, the pool and its rule in a sentence, and each share with a place to sign', async () => {
    await renderSheet('/dailytipoutform');
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Main Street · Monday, July 6, 2026' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Daily tip-out form' })).toBeInTheDocument();
    expect(
      screen.getByText("The day's tips, $120.00, are shared in proportion to the hours each person worked."),
    ).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Tip-out per employee' });
    expect(within(table).getAllByRole('row').map(cells)).toEqual([
      ['Employee', 'Position', 'Hours worked', 'Own tips', 'Share', 'To give', 'To receive', 'Signature'],
      ['Ana Ruiz', 'Server', '8.00', '$90.00', '$80.00', '$10.00', '', ''],
      ['Leo Park', 'No position', '4.00', '$15.00', '$40.00', '', '$25.00', ''],
      ['Total', '', '12.00', '$105.00', '$120.00', '$10.00', '$25.00', ''],
    ]);
    expect(
      screen.getByText('$15.00 of the tips came from sales without an employee; they are shared out with the rest.'),
    ).toBeInTheDocument();
    // No sidebar: a way back to the schedule of the same day and location instead.
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to the schedule' })).toHaveAttribute(
      'href',
      '/scheduling?location=1&week=2026-07-06',
    );
  });

  it('changing the rule puts it in the URL and asks the server again', async () => {
    const user = userEvent.setup();
    const view = await renderSheet('/dailytipoutform?date=2026-07-06&location=1');
    await screen.findByRole('table', { name: 'Tip-out per employee' });
    expect(view.calls.filter((c) => c.url === URL_TIPOUT).at(-1)?.params).toEqual({
      date: '2026-07-06',
      location: '1',
    });
    const rule = screen.getByLabelText('Share the tips');
    expect(rule).toHaveValue('hours');

    await user.selectOptions(rule, 'Equally');
    expect(screen.getByTestId('location')).toHaveTextContent('/dailytipoutform?date=2026-07-06&location=1&rule=equal');
    await waitFor(() =>
      expect(view.calls.filter((c) => c.url === URL_TIPOUT).at(-1)?.params).toEqual({
        date: '2026-07-06',
        location: '1',
        rule: 'equal',
      }),
    );
    expect(
      await screen.findByText("The day's tips, $120.00, are shared in equal parts among everyone who worked."),
    ).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Tip-out per employee' });
    expect(cells(within(table).getAllByRole('row')[1]!)).toEqual([
      'Ana Ruiz',
      'Server',
      '8.00',
      '$90.00',
      '$60.00',
      '$30.00',
      '',
      '',
    ]);

    // Back to the default: it leaves the URL.
    await user.selectOptions(screen.getByLabelText('Share the tips'), 'By hours worked');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/dailytipoutform\?date=2026-07-06&location=1$/);
  });

  it('the date and location are in the URL and asked for', async () => {
    const user = userEvent.setup();
    const view = await renderSheet('/dailytipoutform');
    await screen.findByRole('table', { name: 'Tip-out per employee' });
    // The server's defaults are shown in the controls.
    expect(screen.getByLabelText('Date')).toHaveValue('2026-07-06');
    expect(screen.getByLabelText('Location')).toHaveValue('1');
    await user.selectOptions(screen.getByLabelText('Location'), 'Harbour');
    await waitFor(() =>
      expect(view.calls.filter((c) => c.url === URL_TIPOUT).at(-1)?.params).toEqual({ location: '2' }),
    );
    expect(screen.getByTestId('location')).toHaveTextContent('/dailytipoutform?location=2');
  });

  it('the paper size chosen becomes the @page rule and stays in the URL', async () => {
    const user = userEvent.setup();
    const print = jest.fn();
    const original = window.print;
    window.print = print;
    await renderSheet('/dailytipoutform');
    await screen.findByRole('table', { name: 'Tip-out per employee' });
    expect(screen.getByLabelText('Paper size')).toHaveValue('A4');
    expect(pageRule()).toMatch(/@page \{ size: A4 portrait; margin: \d+mm; \}/);

    await user.selectOptions(screen.getByLabelText('Paper size'), 'Letter');
    expect(pageRule()).toMatch(/@page \{ size: letter portrait; margin: \d+mm; \}/);
    expect(screen.getByTestId('location')).toHaveTextContent('/dailytipoutform?paper=Letter');

    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
    window.print = original;
  });

  it('a paper size from the URL is used at once', async () => {
    await renderSheet('/dailytipoutform?paper=Letter');
    await screen.findByRole('table', { name: 'Tip-out per employee' });
    expect(screen.getByLabelText('Paper size')).toHaveValue('Letter');
    expect(pageRule()).toContain('size: letter');
  });

  it('under "everyone keeps their own", says who keeps the tips of sales without an employee', async () => {
    const own: TipOutSheet = {
      ...BY_HOURS,
      rule: 'own',
      undistributedCents: 1500,
      rows: BY_HOURS.rows.map((r) => ({ ...r, shareCents: r.ownTipsCents, differenceCents: 0 })),
    };
    await renderSheet('/dailytipoutform?rule=own', [
      (config) => (config.url === URL_TIPOUT ? { data: own } : undefined),
    ]);
    expect(
      await screen.findByText("The day's tips come to $120.00, and everyone keeps the tips of their own sales."),
    ).toBeInTheDocument();
    expect(screen.getByText(/under this rule nobody keeps them/)).toBeInTheDocument();
    expect(screen.queryByText(/Nobody has worked hours/)).toBeNull();
  });

  it('with nobody working that day, says so', async () => {
    const nobody: TipOutSheet = { ...BY_HOURS, poolCents: 0, unassignedTipsCents: 0, rows: [] };
    await renderSheet('/dailytipoutform', [(config) => (config.url === URL_TIPOUT ? { data: nobody } : undefined)]);
    const table = await screen.findByRole('table', { name: 'Tip-out per employee' });
    expect(within(table).getByText('Nobody worked or received tips at this location that day.')).toBeInTheDocument();
  });

  it('a date or location the server refuses is explained, with a way back to today', async () => {
    const user = userEvent.setup();
    const refusing: FakeRoute = (config) => {
      if (config.url !== URL_TIPOUT) return undefined;
      if (config.params?.location === '99') {
        return {
          status: 400,
          data: {
            error: 'validation_error',
            message: 'location: no such location',
            fields: { location: 'no such location' },
          },
        };
      }
      return { data: BY_HOURS };
    };
    await renderSheet('/dailytipoutform?location=99', [refusing]);
    expect(
      await screen.findByText(
        'This sheet cannot be shown for that date or location. The location does not exist (any more).',
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: "Show today's sheet" }));
    expect(await screen.findByRole('table', { name: 'Tip-out per employee' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/dailytipoutform$/);
  });

  it('reads in Spanish', async () => {
    await renderSheet('/dailytipoutform', [tipout], 'es');
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Main Street · lunes, 6 de julio de 2026' }),
    ).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Reparto por empleado' });
    expect(cells(within(table).getAllByRole('row')[0]!)).toEqual([
      'Empleado',
      'Puesto',
      'Horas trabajadas',
      'Propinas propias',
      'Le corresponde',
      'Entrega',
      'Recibe',
      'Firma',
    ]);
    expect(cells(within(table).getAllByRole('row')[1]!).slice(2, 6)).toEqual([
      '8,00',
      '90,00 US$',
      '80,00 US$',
      '10,00 US$',
    ]);
    expect(screen.getByLabelText('Repartir las propinas')).toHaveDisplayValue('Según las horas trabajadas');
    expect(screen.getByLabelText('Tamaño del papel')).toHaveDisplayValue('A4');
    expect(screen.getByRole('button', { name: 'Imprimir' })).toBeInTheDocument();
  });
});
