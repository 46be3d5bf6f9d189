import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TerminalLogEntry, TerminalLogList } from '@hive/shared/schemas/backoffice/devices';
import App from '../../../App';
import { on, renderInShell, type FakeRoute } from '../../../testing/harness';
import { logQuery, parseLogFilters } from './useLogFilters';

const AT = new Date(2027, 2, 1, 9, 30).getTime();
const TERMINALS = [
  { id: 1, name: 'Till 1', locationName: 'Main Street' },
  { id: 2, name: 'Till 2', locationName: 'Main Street' },
];
const entry = (id: number, extra: Partial<TerminalLogEntry> = {}): TerminalLogEntry => ({
  id,
  at: AT - id * 60_000,
  terminalId: 1,
  terminalName: 'Till 1',
  kind: 'sync',
  level: 'info',
  message: `Synced ${id} events`,
  details: {},
  ...extra,
});

/** The log, answering with `total` rows in all; the calls show what the page asked. */
const logRoute =
  (rows: TerminalLogEntry[], total = rows.length): FakeRoute =>
  (config) =>
    config.method === 'get' && config.url === '/api/backoffice/terminal_log'
      ? { data: { rows, total, page: Number(config.params?.page ?? 1), pageSize: 20 } satisfies TerminalLogList }
      : undefined;

async function renderLog(path = '/terminal_log', routes: FakeRoute[] = [], language: 'en' | 'es' = 'en') {
  return renderInShell(<App />, {
    path,
    language,
    routes: [
      ...routes,
      logRoute([
        entry(1),
        entry(2, {
          kind: 'pairing',
          level: 'warning',
          message: 'Unpaired: the device token was revoked',
          terminalId: 2,
          terminalName: 'Till 2',
        }),
        entry(3, { kind: 'device', level: 'error', message: 'Printer out of paper', details: { printer: 'Kitchen' } }),
      ]),
      on('GET', '/api/backoffice/terminal_log/options', { terminals: TERMINALS }),
    ],
  });
}

const logCalls = (calls: { url?: string; params?: Record<string, unknown> }[]) =>
  calls.filter((c) => c.url === '/api/backoffice/terminal_log');
const location = () => screen.getByTestId('location').textContent;

describe('Devices › Terminal log', () => {
  it('lists events newest first with their terminal, kind and level, under its breadcrumb', async () => {
    await renderLog();
    expect(await screen.findByRole('heading', { level: 1, name: 'Terminal log' })).toBeInTheDocument();
    const crumbs = within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getAllByRole('listitem');
    expect(crumbs.map((c) => c.textContent?.replace('/', '').trim())).toEqual(['Home', 'Devices', 'Terminal log']);
    const table = await screen.findByRole('table', { name: 'Terminal log' });
    await within(table).findByText('Synced 1 events');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('Till 2');
    expect(rows[1]).toHaveTextContent('Pairing');
    expect(rows[1]).toHaveTextContent('Warning');
    expect(rows[2]).toHaveTextContent('Device report');
    expect(rows[2]).toHaveTextContent('Error');
    expect(within(rows[2]!).getByText('Details')).toBeInTheDocument();
    expect(rows[2]).toHaveTextContent('Kitchen');
  });

  it('filters by terminal, kind, level and days: the URL keeps them and the server gets them', async () => {
    const user = userEvent.setup();
    const { calls } = await renderLog('/terminal_log?kind=pairing&page=2');
    const kind = await screen.findByRole('combobox', { name: 'Kind' });
    expect(kind).toHaveValue('pairing');
    await waitFor(() => expect(logCalls(calls).at(-1)?.params).toMatchObject({ kind: 'pairing', page: 2 }));

    const terminal = screen.getByRole('combobox', { name: 'Terminal' });
    await waitFor(() =>
      expect(within(terminal).getByRole('option', { name: 'Till 2 · Main Street' })).toBeInTheDocument(),
    );
    await user.selectOptions(terminal, 'Till 2 · Main Street');
    // A new filter starts again at page 1.
    expect(location()).toBe('/terminal_log?kind=pairing&terminal=2');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Level' }), 'Warning');
    await user.type(screen.getByLabelText('From'), '2027-03-01');
    await user.type(screen.getByLabelText('To'), '2027-03-02');
    expect(location()).toBe('/terminal_log?kind=pairing&terminal=2&level=warning&from=2027-03-01&to=2027-03-02');
    await waitFor(() =>
      expect(logCalls(calls).at(-1)?.params).toEqual({
        terminalId: '2',
        kind: 'pairing',
        level: 'warning',
        from: new Date(2027, 2, 1).getTime(),
        // "To" is inclusive: the server gets the midnight after it.
        to: new Date(2027, 2, 3).getTime(),
        page: 1,
        pageSize: 20,
      }),
    );

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(location()).toBe('/terminal_log');
    expect(screen.getByRole('combobox', { name: 'Kind' })).toHaveValue('');
  });

  it('a backwards date range is named on the "To" field and nothing is asked', async () => {
    const { calls } = await renderLog('/terminal_log?from=2027-03-05&to=2027-03-01');
    const to = await screen.findByLabelText('To');
    expect(to).toHaveAccessibleDescription('The “To” day is before the “From” day.');
    expect(to).toHaveAttribute('aria-invalid', 'true');
    await screen.findByRole('table', { name: 'Terminal log' });
    expect(logCalls(calls)).toHaveLength(0);
  });

  it('pages through the log; the page is in the URL', async () => {
    const user = userEvent.setup();
    const { calls } = await renderInShell(<App />, {
      path: '/terminal_log',
      routes: [
        logRoute(
          Array.from({ length: 20 }, (_, i) => entry(i + 1)),
          45,
        ),
        on('GET', '/api/backoffice/terminal_log/options', { terminals: TERMINALS }),
      ],
    });
    expect(await screen.findByText('1–20 of 45')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(location()).toBe('/terminal_log?page=2');
    await waitFor(() => expect(logCalls(calls).at(-1)?.params).toMatchObject({ page: 2 }));
  });

  it('empty states: no terminal yet, or nothing matching the filters', async () => {
    const user = userEvent.setup();
    const view = await renderInShell(<App />, {
      path: '/terminal_log',
      routes: [logRoute([]), on('GET', '/api/backoffice/terminal_log/options', { terminals: [] })],
    });
    expect(await screen.findByRole('heading', { name: 'No terminals yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Terminals' })).toHaveAttribute('href', '/terminal');
    view.unmount();

    await renderInShell(<App />, {
      path: '/terminal_log?level=error',
      routes: [logRoute([]), on('GET', '/api/backoffice/terminal_log/options', { terminals: TERMINALS })],
    });
    expect(
      await screen.findByRole('heading', { name: 'Nothing in the log matches these filters' }),
    ).toBeInTheDocument();
    const clear = screen.getAllByRole('button', { name: 'Clear filters' });
    await user.click(clear[clear.length - 1]!);
    expect(location()).toBe('/terminal_log');
  });

  it('reads naturally in Spanish', async () => {
    await renderLog('/terminal_log', [], 'es');
    expect(await screen.findByRole('heading', { level: 1, name: 'Registro de terminales' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Tipo' })).toHaveDisplayValue('Todos los tipos');
    const table = await screen.findByRole('table', { name: 'Registro de terminales' });
    expect(await within(table).findByText('Aviso')).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: 'Evento' })).toBeInTheDocument();
  });
});

describe('terminal log filters in the URL', () => {
  it('anything odd in the URL is no filter', () => {
    const parsed = parseLogFilters(
      new URLSearchParams('terminal=abc&kind=loud&level=shout&from=2027-02-30&to=yesterday&page=-1&size=7'),
    );
    expect(parsed).toEqual({ terminal: '', kind: '', level: '', from: '', to: '', page: 1, pageSize: 20 });
    expect(logQuery(parsed)).toEqual({
      terminalId: undefined,
      kind: undefined,
      level: undefined,
      from: undefined,
      to: undefined,
      page: 1,
      pageSize: 20,
    });
  });

  it('one day is from its midnight to the next', () => {
    const query = logQuery(parseLogFilters(new URLSearchParams('from=2027-03-01&to=2027-03-01')));
    expect(query).toMatchObject({ from: new Date(2027, 2, 1).getTime(), to: new Date(2027, 2, 2).getTime() });
    expect(logQuery(parseLogFilters(new URLSearchParams('from=2027-03-02&to=2027-03-01')))).toBeNull();
  });
});
