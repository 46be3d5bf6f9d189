import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PrintJob, PrintJobList, Printer, PrinterOptions } from '@hive/shared/schemas/backoffice/devices';
import App from '../../../App';
import { on, renderInShell, type FakeRoute } from '../../../testing/harness';
import { fakeLive } from '../../../testing/fakeLive';

const AT = new Date(2027, 2, 1, 12, 0).getTime();
const OPTIONS: PrinterOptions = {
  locations: [
    { id: 1, name: 'Dining room', active: true },
    { id: 2, name: 'Terrace', active: true },
  ],
  terminals: [
    { id: 11, name: 'Floor', locationId: 1 },
    { id: 12, name: 'Bar', locationId: 1 },
    { id: 13, name: 'Terrace till', locationId: 2 },
  ],
  categories: [
    { id: 21, name: 'Starters' },
    { id: 22, name: 'Mains' },
    { id: 23, name: 'Wine and beer' },
  ],
};

const printer = (id: number, name: string, extra: Partial<Printer> = {}): Printer => ({
  id,
  name,
  kind: 'receipt',
  locationId: 1,
  locationName: 'Dining room',
  terminalId: 12,
  terminalName: 'Bar',
  address: 'usb:0',
  categoryIds: [],
  categoryNames: [],
  active: true,
  queued: 0,
  failed: 0,
  updatedAt: AT,
  ...extra,
});
const KITCHEN = printer(1, 'Kitchen', {
  kind: 'kitchen',
  terminalId: 11,
  terminalName: 'Floor',
  address: '192.168.1.50:9100',
  categoryIds: [21, 22],
  categoryNames: ['Starters', 'Mains'],
  queued: 1,
  failed: 1,
});
const RECEIPTS = printer(2, 'Bar receipts');

const job = (id: number, extra: Partial<PrintJob> = {}): PrintJob => ({
  id,
  printerId: 1,
  printerName: 'Kitchen',
  kind: 'kitchen',
  status: 'queued',
  title: `Order #${id}`,
  document: { lines: [{ text: `Order #${id}`, bold: true }, { text: '2 x Soup' }] },
  attempts: 0,
  deliveredAt: null,
  ackedAt: null,
  error: '',
  createdAt: AT - id * 60_000,
  updatedAt: AT,
  ...extra,
});

const jobsRoute =
  (answer: () => PrintJob[]): FakeRoute =>
  (config) => {
    if (config.method !== 'get' || config.url !== '/api/backoffice/print_jobs') return undefined;
    const rows = answer();
    return { data: { rows, total: rows.length, page: 1, pageSize: 20 } satisfies PrintJobList };
  };

async function renderPrinting(
  routes: FakeRoute[] = [],
  printers: Printer[] = [KITCHEN, RECEIPTS],
  language: 'en' | 'es' = 'en',
  live?: ReturnType<typeof fakeLive>,
) {
  return renderInShell(<App />, {
    path: '/remoteprint',
    language,
    live: live?.service,
    routes: [
      ...routes,
      on('GET', '/api/backoffice/printers', { rows: printers }),
      on('GET', '/api/backoffice/printers/options', OPTIONS),
      jobsRoute(() => [
        job(1),
        job(2, { status: 'failed', error: 'Paper out', attempts: 3 }),
        job(3, { status: 'printed', kind: 'test', title: 'Test page · Kitchen' }),
      ]),
    ],
  });
}

const body = (calls: { method?: string; url?: string; data?: unknown }[], method: string, url: string) =>
  JSON.parse(String(calls.find((c) => c.method === method && c.url === url)!.data));
const card = (name: string) => screen.getByRole('article', { name });

async function openAdd(user: ReturnType<typeof userEvent.setup>) {
  const button = (await screen.findAllByRole('button', { name: 'Add printer' }))[0]!;
  await waitFor(() => expect(button).toBeEnabled());
  await user.click(button);
  return screen.getByRole('dialog', { name: 'Add a printer' });
}

describe('Devices › Remote printing', () => {
  it('shows the printers per location, what each prints, its terminal and its queue; and the job queue', async () => {
    await renderPrinting();
    expect(await screen.findByRole('heading', { level: 1, name: 'Remote printing' })).toBeInTheDocument();
    const dining = await screen.findByRole('region', { name: 'Dining room' });
    expect(within(dining).getAllByRole('article')).toHaveLength(2);
    expect(card('Kitchen')).toHaveTextContent('Kitchen tickets · 192.168.1.50:9100');
    expect(card('Kitchen')).toHaveTextContent('PrintsStarters, Mains');
    expect(card('Kitchen')).toHaveTextContent('TerminalFloor');
    expect(card('Kitchen')).toHaveTextContent('1 waiting · 1 failed');
    expect(card('Bar receipts')).toHaveTextContent('PrintsReceipts');
    // A category no kitchen printer of the location prints is pointed out.
    expect(dining).toHaveTextContent('Not printed in any kitchen here: Wine and beer.');

    const queue = await screen.findByRole('table', { name: 'Print jobs, newest first' });
    await within(queue).findByRole('button', { name: 'Cancel job Order #1' });
    const rows = within(queue).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('Queued');
    expect(within(rows[0]!).getByRole('button', { name: 'Cancel job Order #1' })).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('Failed');
    expect(rows[1]).toHaveTextContent('Paper out');
    expect(within(rows[1]!).getByRole('button', { name: 'Retry Order #2' })).toBeInTheDocument();
    expect(rows[2]).toHaveTextContent('Printed');
    expect(within(rows[2]!).queryByRole('button')).not.toBeInTheDocument();
  });

  it('adds a kitchen printer routed to categories, driven by a terminal of its location', async () => {
    const user = userEvent.setup();
    const created = printer(5, 'Pizza oven', { kind: 'kitchen', categoryIds: [22], categoryNames: ['Mains'] });
    const { calls } = await renderPrinting([on('POST', '/api/backoffice/printers', created, 201)]);
    const dialog = await openAdd(user);
    await user.click(within(dialog).getByRole('button', { name: 'Add printer' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: /^Name/ })).toHaveAccessibleDescription(
        /This field is required\.$/,
      ),
    );
    expect(within(dialog).getByRole('combobox', { name: /^Location/ })).toHaveAccessibleDescription(
      'Choose one of the options.',
    );
    expect(calls.some((c) => c.method === 'post')).toBe(false);

    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Pizza oven');
    // Receipt printers have no categories; kitchen ones choose theirs.
    expect(within(dialog).queryByRole('group', { name: 'Categories it prints' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: /Kitchen tickets/ }));
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /^Location/ }), 'Terrace');
    const terminal = within(dialog).getByRole('combobox', { name: 'Printing terminal' });
    expect(
      within(terminal)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['None yet', 'Terrace till']);
    await user.selectOptions(terminal, 'Terrace till');
    await user.type(within(dialog).getByRole('textbox', { name: 'Address' }), '10.0.0.9:9100');
    const categories = within(dialog).getByRole('group', { name: 'Categories it prints' });
    await user.click(within(categories).getByRole('checkbox', { name: 'Mains' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add printer' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'post')).toBe(true));
    expect(body(calls, 'post', '/api/backoffice/printers')).toEqual({
      name: 'Pizza oven',
      kind: 'kitchen',
      locationId: 2,
      terminalId: 13,
      address: '10.0.0.9:9100',
      categoryIds: [22],
      active: true,
    });
    expect(await screen.findByText('“Pizza oven” was added.')).toBeInTheDocument();
  });

  it('moving a printer to another location lets go of a terminal of the old one; the server’s field message lands on its field', async () => {
    const user = userEvent.setup();
    const { calls } = await renderPrinting([
      on(
        'PUT',
        '/api/backoffice/printers/2',
        { error: 'validation_error', message: 'address', fields: { address: 'must not contain control characters' } },
        400,
      ),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Edit Bar receipts' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Bar receipts' });
    expect(within(dialog).getByRole('combobox', { name: 'Printing terminal' })).toHaveValue('12');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /^Location/ }), 'Terrace');
    await waitFor(() => expect(within(dialog).getByRole('combobox', { name: 'Printing terminal' })).toHaveValue(''));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('must not contain control characters')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Address' })).toHaveAttribute('aria-invalid', 'true');
    expect(body(calls, 'put', '/api/backoffice/printers/2')).toMatchObject({ locationId: 2, terminalId: null });
  });

  it('prints a test page: the job is queued and shows in the queue', async () => {
    const user = userEvent.setup();
    let jobs = [job(1)];
    const { calls } = await renderPrinting([
      jobsRoute(() => jobs),
      (config) => {
        if (config.method !== 'post' || config.url !== '/api/backoffice/printers/1/test') return undefined;
        const test = job(9, { kind: 'test', title: 'Test page · Kitchen', createdAt: AT });
        jobs = [test, ...jobs];
        return { status: 201, data: test };
      },
    ]);
    await user.click(await screen.findByRole('button', { name: 'Print test page on Kitchen' }));
    expect(
      await screen.findByText('Test page queued for “Kitchen”: Floor prints it at its next sync.'),
    ).toBeInTheDocument();
    const queue = screen.getByRole('table', { name: 'Print jobs, newest first' });
    const row = (await within(queue).findByText('Test page · Kitchen')).closest('tr')!;
    expect(row).toHaveTextContent('Queued');
    expect(row).toHaveTextContent('test page');
    expect(calls.filter((c) => c.url === '/api/backoffice/printers/1/test')).toHaveLength(1);
  });

  it("with the stream 'Live', a job printed by its register shows when announced, without a poll", async () => {
    const live = fakeLive();
    let jobs = [job(1)];
    await renderPrinting([jobsRoute(() => jobs)], undefined, 'en', live);
    const queue = await screen.findByRole('table', { name: 'Print jobs, newest first' });
    const firstRow = () => within(queue).getAllByRole('row')[1]!;
    await waitFor(() => expect(firstRow()).toHaveTextContent('Order #1'));
    expect(firstRow()).toHaveTextContent('Queued');
    expect(screen.getByRole('status', { name: 'Live' })).toBeInTheDocument();
    jobs = [job(1, { status: 'printed' })];
    live.send('print-jobs');
    for (let i = 0; i < 20; i += 1) await act(async () => undefined);
    expect(firstRow()).toHaveTextContent('Printed');
  });

  it('cancels a queued job after a confirmation, retries a failed one; a refused change says why', async () => {
    const user = userEvent.setup();
    const { calls } = await renderPrinting([
      on('POST', '/api/backoffice/print_jobs/1/cancel', job(1, { status: 'cancelled' })),
      on(
        'POST',
        '/api/backoffice/print_jobs/2/retry',
        { error: 'print_job_state', message: 'Only a failed or cancelled job can be retried; this one is printed.' },
        409,
      ),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Cancel job Order #1' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Cancel this print job?' });
    await user.click(within(confirm).getByRole('button', { name: 'Keep it' }));
    expect(calls.some((c) => c.url?.endsWith('/cancel'))).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Cancel job Order #1' }));
    await user.click(
      within(screen.getByRole('alertdialog', { name: 'Cancel this print job?' })).getByRole('button', {
        name: 'Cancel job',
      }),
    );
    expect(await screen.findByText('“Order #1” was cancelled.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Retry Order #2' }));
    expect(
      await screen.findByText('A register changed this job meanwhile: the queue shows it as it is now.'),
    ).toBeInTheDocument();
  });

  it('the queue filters by printer and status in the URL', async () => {
    const user = userEvent.setup();
    const { calls } = await renderPrinting();
    const status = await screen.findByRole('combobox', { name: 'Status' });
    await user.selectOptions(status, 'Failed');
    expect(screen.getByTestId('location')).toHaveTextContent('/remoteprint?status=failed');
    await waitFor(() =>
      expect(calls.filter((c) => c.url === '/api/backoffice/print_jobs').at(-1)?.params).toMatchObject({
        status: 'failed',
        page: 1,
      }),
    );
  });

  it('empty states say what to do first', async () => {
    const user = userEvent.setup();
    const view = await renderPrinting([], []);
    expect(await screen.findByRole('heading', { name: 'No printers yet' })).toBeInTheDocument();
    const dialog = await openAdd(user);
    expect(dialog).toBeInTheDocument();
    view.unmount();

    await renderInShell(<App />, {
      path: '/remoteprint',
      routes: [
        on('GET', '/api/backoffice/printers', { rows: [] }),
        on('GET', '/api/backoffice/printers/options', { locations: OPTIONS.locations, terminals: [], categories: [] }),
      ],
    });
    expect(await screen.findByRole('heading', { name: 'No printers yet' })).toBeInTheDocument();
    expect(screen.getByText(/add your terminals first/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Terminals' })).toHaveAttribute('href', '/terminal');
  });

  it('reads naturally in Spanish', async () => {
    await renderPrinting([], [KITCHEN], 'es');
    expect(await screen.findByRole('heading', { level: 1, name: 'Impresión remota' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Imprimir página de prueba en Kitchen' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Cola de impresión' })).toBeInTheDocument();
  });
});
