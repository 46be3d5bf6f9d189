import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LIVE_POLL_MS, type Terminal, type TerminalList } from '@hive/shared/schemas/backoffice/devices';
import App from '../../../App';
import { on, renderInShell, type FakeRoute } from '../../../testing/harness';
import { fakeLive } from '../../../testing/fakeLive';

const T0 = new Date('2027-03-01T10:00:00Z').getTime();
const LOCATIONS = [
  { id: 1, name: 'Main Street', active: true },
  { id: 2, name: 'Station kiosk', active: true },
];

const terminal = (id: number, name: string, extra: Partial<Terminal> = {}): Terminal => ({
  id,
  name,
  locationId: 1,
  locationName: 'Main Street',
  status: 'paired',
  online: false,
  lastSeenAt: T0 - 5 * 60_000,
  lastSyncAt: T0 - 6 * 60_000,
  appVersion: '3.8.2',
  deviceModel: 'Hive Register T2',
  pairedAt: T0 - 86_400_000,
  pairingExpiresAt: null,
  openShift: null,
  receiptsToday: 0,
  hasHistory: true,
  createdAt: T0 - 86_400_000,
  updatedAt: T0,
  ...extra,
});

const TILL_1 = terminal(1, 'Till 1', {
  online: true,
  lastSeenAt: T0 - 20_000,
  receiptsToday: 42,
  openShift: { id: 7, number: 12, openedAt: T0 - 3_600_000, openedBy: null },
});
const TILL_2 = terminal(2, 'Till 2');
const KIOSK = terminal(3, 'Kiosk till', {
  locationId: 2,
  locationName: 'Station kiosk',
  status: 'new',
  lastSeenAt: null,
  lastSyncAt: null,
  appVersion: '',
  deviceModel: '',
  pairedAt: null,
  hasHistory: false,
});
const list = (rows: Terminal[], serverTime = T0): TerminalList => ({ rows, serverTime });

/** The terminals list, answered from a function so a test can change it between polls. */
const terminalsRoute =
  (answer: () => TerminalList): FakeRoute =>
  (config) =>
    config.method === 'get' && config.url === '/api/backoffice/terminals' ? { data: answer() } : undefined;

async function renderTerminals(
  routes: FakeRoute[] = [],
  rows: Terminal[] = [TILL_1, TILL_2, KIOSK],
  language: 'en' | 'es' = 'en',
  live?: ReturnType<typeof fakeLive>,
) {
  return renderInShell(<App />, {
    path: '/terminal',
    language,
    live: live?.service,
    routes: [
      ...routes,
      terminalsRoute(() => list(rows)),
      on('GET', '/api/backoffice/terminals/options', { locations: LOCATIONS }),
    ],
  });
}

const body = (calls: { method?: string; url?: string; data?: unknown }[], method: string, url: string) =>
  JSON.parse(String(calls.find((c) => c.method === method && c.url === url)!.data));
const card = (name: string) => screen.getByRole('article', { name });

/** The header's "Add terminal", once the locations are there to choose from. */
async function addButton(name = 'Add terminal') {
  const button = (await screen.findAllByRole('button', { name }))[0]!;
  await waitFor(() => expect(button).toBeEnabled());
  return button;
}

beforeEach(() => {
  jest.useFakeTimers({ now: T0 });
});
afterEach(() => {
  jest.useRealTimers();
});
const user = () => userEvent.setup({ advanceTimers: jest.advanceTimersByTime });

describe('Devices › Terminals', () => {
  it('shows the terminals per location with their status, last sync, app version and today', async () => {
    await renderTerminals();
    expect(await screen.findByRole('heading', { level: 1, name: 'Terminals' })).toBeInTheDocument();
    const crumbs = within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getAllByRole('listitem');
    expect(crumbs.map((c) => c.textContent?.replace('/', '').trim())).toEqual(['Home', 'Devices', 'Terminals']);
    expect(await screen.findByText('3 terminals, 1 online')).toBeInTheDocument();

    const main = screen.getByRole('region', { name: 'Main Street' });
    expect(
      within(main)
        .getAllByRole('article')
        .map((a) => a.querySelector('h3')?.textContent),
    ).toEqual(['Till 1', 'Till 2']);
    expect(within(card('Till 1')).getByText('Online')).toBeInTheDocument();
    expect(card('Till 1')).toHaveTextContent('42 sales');
    expect(card('Till 1')).toHaveTextContent(/Shift #12 open since/);
    expect(card('Till 1')).toHaveTextContent('3.8.2');
    expect(within(card('Till 2')).getByText('Offline')).toBeInTheDocument();
    expect(card('Till 2')).toHaveTextContent('Last seen5 minutes ago');
    expect(card('Till 2')).toHaveTextContent('Last sync6 minutes ago');

    const kiosk = screen.getByRole('region', { name: 'Station kiosk' });
    expect(within(kiosk).getByText('Not paired')).toBeInTheDocument();
    expect(card('Kiosk till')).toHaveTextContent('Last seenNever');
    // Only a terminal that never sold can be deleted; only a paired one unpaired.
    expect(screen.getByRole('button', { name: 'Delete Kiosk till' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Till 2' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Unpair Till 2' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Unpair Kiosk till' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log of Till 2' })).toHaveAttribute('href', '/terminal_log?terminal=2');
  });

  it('each badge follows its terminal’s state: online, offline, waiting for a code, not paired, unpaired', async () => {
    const rows = [
      terminal(1, 'Syncing', { online: true, lastSeenAt: T0 - 10_000, lastSyncAt: T0 - 10_000 }),
      terminal(2, 'Quiet'),
      terminal(3, 'Waiting', { status: 'new', pairingExpiresAt: T0 + 300_000, hasHistory: false }),
      terminal(4, 'Fresh', { status: 'new', pairedAt: null, hasHistory: false }),
      terminal(5, 'Retired', { status: 'unpaired' }),
    ];
    await renderTerminals([], rows);
    expect(await screen.findByRole('article', { name: 'Syncing' })).toBeInTheDocument();
    const badge = (name: string, state: string) => within(card(name)).getByText(state, { selector: 'span' });
    expect(badge('Syncing', 'Online')).toBeInTheDocument();
    expect(badge('Quiet', 'Offline')).toBeInTheDocument();
    expect(badge('Waiting', 'Waiting for pairing')).toBeInTheDocument();
    expect(badge('Fresh', 'Not paired')).toBeInTheDocument();
    expect(badge('Retired', 'Unpaired')).toBeInTheDocument();
    // A terminal that syncs is never badged as unpaired.
    expect(within(card('Syncing')).queryByText(/unpaired|not paired/i)).not.toBeInTheDocument();
  });

  it('the list updates live while visible, and stops asking while the tab is hidden', async () => {
    let rows = [TILL_1, TILL_2];
    let now = T0;
    const { calls } = await renderTerminals([terminalsRoute(() => list(rows, now))]);
    expect(
      await within(await screen.findByRole('article', { name: 'Till 2' })).findByText('Offline'),
    ).toBeInTheDocument();
    const polls = () => calls.filter((c) => c.url === '/api/backoffice/terminals').length;
    const first = polls();

    // A register syncs: the next poll (within 5 s) shows it online, with its sale.
    rows = [TILL_1, { ...TILL_2, online: true, lastSeenAt: T0 + 1000, lastSyncAt: T0 + 1000, receiptsToday: 1 }];
    now = T0 + LIVE_POLL_MS;
    expect(LIVE_POLL_MS).toBeLessThanOrEqual(5000);
    await act(async () => {
      jest.advanceTimersByTime(LIVE_POLL_MS);
    });
    expect(await within(card('Till 2')).findByText('Online')).toBeInTheDocument();
    expect(card('Till 2')).toHaveTextContent('1 sale');
    expect(polls()).toBe(first + 1);

    let visibility: DocumentVisibilityState = 'hidden';
    const spy = jest.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await act(async () => {
      jest.advanceTimersByTime(10 * LIVE_POLL_MS);
    });
    expect(polls()).toBe(first + 1);
    visibility = 'visible';
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(polls()).toBe(first + 2);
    spy.mockRestore();
  });

  it("with the stream 'Live', a register coming online shows when announced; no 5-second polling", async () => {
    let rows = [TILL_1, TILL_2];
    const live = fakeLive();
    const { calls } = await renderTerminals([terminalsRoute(() => list(rows))], undefined, 'en', live);
    expect(
      await within(await screen.findByRole('article', { name: 'Till 2' })).findByText('Offline'),
    ).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Live' })).toBeInTheDocument();
    const polls = () => calls.filter((c) => c.url === '/api/backoffice/terminals').length;
    const first = polls();
    rows = [TILL_1, { ...TILL_2, online: true, lastSeenAt: T0 + 1000 }];
    await act(async () => {
      jest.advanceTimersByTime(10 * LIVE_POLL_MS);
    });
    expect(polls()).toBe(first);
    live.send('terminals');
    expect(await within(card('Till 2')).findByText('Online')).toBeInTheDocument();
    expect(polls()).toBe(first + 1);
    // A sale or a shift changes the cards too (today's sales, the open shift).
    live.send('receipts');
    await act(async () => undefined);
    expect(polls()).toBe(first + 2);
  });

  it('Add terminal: per-field messages first, then the one-time code with its 10-minute countdown', async () => {
    const u = user();
    const added = terminal(9, 'Front till', {
      status: 'new',
      pairedAt: null,
      pairingExpiresAt: T0 + 600_000,
      hasHistory: false,
    });
    const { calls } = await renderTerminals([
      on(
        'POST',
        '/api/backoffice/terminals',
        { terminal: added, pairingCode: 'K7QM2XPA', pairingExpiresAt: T0 + 600_000, serverTime: T0 },
        201,
      ),
    ]);
    await u.click(await addButton());
    const dialog = screen.getByRole('dialog', { name: 'Add a terminal' });
    await u.click(within(dialog).getByRole('button', { name: 'Add terminal' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: /^Name/ })).toHaveAccessibleDescription(
        /This field is required\.$/,
      ),
    );
    expect(within(dialog).getByRole('combobox', { name: /^Location/ })).toHaveAccessibleDescription(
      /Choose one of the options\.$/,
    );
    expect(calls.some((c) => c.method === 'post')).toBe(false);

    await u.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Front till');
    await u.selectOptions(within(dialog).getByRole('combobox', { name: /^Location/ }), 'Station kiosk');
    await u.click(within(dialog).getByRole('button', { name: 'Add terminal' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'post')).toBe(true));
    expect(body(calls, 'post', '/api/backoffice/terminals')).toEqual({ name: 'Front till', locationId: 2 });

    const pairing = await screen.findByRole('dialog', { name: 'Pair Front till' });
    expect(within(pairing).getByTestId('pairing-code')).toHaveTextContent('K7QM 2XPA');
    expect(pairing).toHaveTextContent('Expires in 10:00');
    await act(async () => {
      jest.advanceTimersByTime(61_000);
    });
    expect(pairing).toHaveTextContent('Expires in 8:59');
    await act(async () => {
      jest.advanceTimersByTime(9 * 60_000);
    });
    expect(within(pairing).getByRole('status')).toHaveTextContent('This code has expired.');
    expect(pairing).not.toHaveTextContent('Expires in');
  });

  it('a countdown follows the server’s clock, not a computer clock that is off', async () => {
    const u = user();
    // This computer is 3 minutes behind the server.
    const serverNow = T0 + 180_000;
    const added = terminal(9, 'Front till', { status: 'new', pairedAt: null, hasHistory: false });
    await renderTerminals([
      on(
        'POST',
        '/api/backoffice/terminals',
        { terminal: added, pairingCode: 'K7QM2XPA', pairingExpiresAt: serverNow + 600_000, serverTime: serverNow },
        201,
      ),
    ]);
    await u.click(await addButton());
    const dialog = screen.getByRole('dialog', { name: 'Add a terminal' });
    await u.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Front till');
    await u.selectOptions(within(dialog).getByRole('combobox', { name: /^Location/ }), 'Main Street');
    await u.click(within(dialog).getByRole('button', { name: 'Add terminal' }));
    expect(await screen.findByRole('dialog', { name: 'Pair Front till' })).toHaveTextContent('Expires in 10:00');
  });

  it('the pairing dialog closes with a message once the register has used the code', async () => {
    const u = user();
    let rows = [TILL_1, KIOSK];
    await renderTerminals([
      terminalsRoute(() => list(rows)),
      on('POST', '/api/backoffice/terminals/3/pairing_code', {
        terminal: { ...KIOSK, pairingExpiresAt: T0 + 600_000 },
        pairingCode: 'ABCDEFGH',
        pairingExpiresAt: T0 + 600_000,
        serverTime: T0,
      }),
    ]);
    await u.click(await screen.findByRole('button', { name: 'Get pairing code for Kiosk till' }));
    expect(await screen.findByRole('dialog', { name: 'Pair Kiosk till' })).toBeInTheDocument();
    rows = [TILL_1, { ...KIOSK, status: 'paired', online: true, pairedAt: T0 + 2000, lastSeenAt: T0 + 2000 }];
    await act(async () => {
      jest.advanceTimersByTime(LIVE_POLL_MS);
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Pair Kiosk till' })).not.toBeInTheDocument());
    expect(screen.getByText('“Kiosk till” is paired and ready.')).toBeInTheDocument();
  });

  it('renames and moves a terminal; a taken name shows on the name field', async () => {
    const u = user();
    const { calls } = await renderTerminals([
      on(
        'PUT',
        '/api/backoffice/terminals/2',
        { error: 'conflict', message: 'name: taken', fields: { name: 'another terminal already has this name' } },
        409,
      ),
    ]);
    await u.click(await screen.findByRole('button', { name: 'Edit Till 2' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Till 2' });
    const name = within(dialog).getByRole('textbox', { name: /^Name/ });
    expect(name).toHaveValue('Till 2');
    expect(within(dialog).getByRole('combobox', { name: /^Location/ })).toHaveValue('1');
    await u.clear(name);
    await u.type(name, 'Till 1');
    await u.selectOptions(within(dialog).getByRole('combobox', { name: /^Location/ }), 'Station kiosk');
    await u.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Another terminal already has this name.')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(body(calls, 'put', '/api/backoffice/terminals/2')).toEqual({ name: 'Till 1', locationId: 2 });
  });

  it('unpairs only after a confirmation', async () => {
    const u = user();
    const { calls } = await renderTerminals([
      on('POST', '/api/backoffice/terminals/2/unpair', { ...TILL_2, status: 'unpaired' }),
    ]);
    await u.click(await screen.findByRole('button', { name: 'Unpair Till 2' }));
    let confirm = screen.getByRole('alertdialog', { name: 'Unpair Till 2?' });
    expect(confirm).toHaveTextContent('its next request is refused');
    await u.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.url?.endsWith('/unpair'))).toBe(false);

    await u.click(screen.getByRole('button', { name: 'Unpair Till 2' }));
    confirm = screen.getByRole('alertdialog', { name: 'Unpair Till 2?' });
    await u.click(within(confirm).getByRole('button', { name: 'Unpair' }));
    expect(await screen.findByText('“Till 2” was unpaired: its device can no longer sync.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'post' && c.url === '/api/backoffice/terminals/2/unpair')).toHaveLength(1);
  });

  it('deletes a terminal that never sold after a confirmation; a refusal says why', async () => {
    const u = user();
    await renderTerminals([
      on(
        'DELETE',
        '/api/backoffice/terminals/3',
        {
          error: 'terminal_has_sales',
          message: 'This terminal has sales or shifts: unpair it instead, its history stays.',
        },
        409,
      ),
    ]);
    await u.click(await screen.findByRole('button', { name: 'Delete Kiosk till' }));
    await u.click(
      within(screen.getByRole('alertdialog', { name: 'Delete Kiosk till?' })).getByRole('button', { name: 'Delete' }),
    );
    expect(
      await screen.findByText('This terminal has sales or shifts: unpair it instead. Its history stays.'),
    ).toBeInTheDocument();
  });

  it('empty states say what to do first', async () => {
    const u = user();
    const view = await renderTerminals([], []);
    expect(await screen.findByRole('heading', { name: 'No terminals yet' })).toBeInTheDocument();
    await u.click(within(screen.getByRole('main')).getAllByRole('button', { name: 'Add terminal' })[1]!);
    expect(screen.getByRole('dialog', { name: 'Add a terminal' })).toBeInTheDocument();
    view.unmount();

    await renderInShell(<App />, {
      path: '/terminal',
      routes: [terminalsRoute(() => list([])), on('GET', '/api/backoffice/terminals/options', { locations: [] })],
    });
    expect(await screen.findByRole('heading', { name: 'Add a location first' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Locations' })).toHaveAttribute('href', '/location');
    expect(screen.getByRole('button', { name: 'Add terminal' })).toBeDisabled();
  });

  it('reads naturally in Spanish', async () => {
    const u = user();
    await renderTerminals([], [TILL_1, KIOSK], 'es');
    expect(await screen.findByRole('heading', { level: 1, name: 'Terminales' })).toBeInTheDocument();
    expect(await screen.findByText('2 terminales, 1 en línea')).toBeInTheDocument();
    expect(within(card('Kiosk till')).getByText('Sin vincular')).toBeInTheDocument();
    await u.click(await addButton('Añadir terminal'));
    const dialog = screen.getByRole('dialog', { name: 'Añadir un terminal' });
    await u.click(within(dialog).getByRole('button', { name: 'Añadir terminal' }));
    expect(await within(dialog).findByText('Este campo es obligatorio.')).toBeInTheDocument();
  });
});
