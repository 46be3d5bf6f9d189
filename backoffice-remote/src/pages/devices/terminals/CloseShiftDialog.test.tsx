import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ShiftClosedFromBackoffice, Terminal, TerminalList } from '@hive/shared/schemas/backoffice/devices';
import App from '../../../App';
import { on, renderInShell, type FakeRoute } from '../../../testing/harness';

/*
 * Devices › Terminals › "Close shift": a register that died with its shift open. The card says who
 * opened it and when; the dialog takes the counted cash in the user's language, says what closing
 * it here does before doing it, then links to the closing. A register online cannot be closed here.
 */

const T0 = new Date('2027-03-01T16:00:00Z').getTime();

const terminal = (id: number, name: string, extra: Partial<Terminal> = {}): Terminal => ({
  id,
  name,
  locationId: 1,
  locationName: 'Main Street',
  status: 'paired',
  online: false,
  lastSeenAt: T0 - 40 * 60_000,
  lastSyncAt: T0 - 41 * 60_000,
  appVersion: '3.8.2',
  deviceModel: 'Hive Register T2',
  pairedAt: T0 - 86_400_000,
  pairingExpiresAt: null,
  openShift: null,
  receiptsToday: 3,
  hasHistory: true,
  createdAt: T0 - 86_400_000,
  updatedAt: T0,
  ...extra,
});

const DEAD = terminal(2, 'Till 2', { openShift: { id: 7, number: 12, openedAt: T0 - 3_600_000, openedBy: 'Ana' } });
const BUSY = terminal(1, 'Till 1', {
  online: true,
  lastSeenAt: T0 - 10_000,
  openShift: { id: 6, number: 11, openedAt: T0 - 7_200_000, openedBy: null },
});
const CLOSED: ShiftClosedFromBackoffice = {
  shiftId: 7,
  number: 12,
  closedAt: T0,
  countedCashCents: 12_450,
  expectedCashCents: 12_550,
  differenceCents: -100,
  terminal: { ...DEAD, openShift: null },
};

async function renderPage(routes: FakeRoute[] = [], language: 'en' | 'es' = 'en') {
  const rows = [BUSY, DEAD];
  const list: TerminalList = { rows, serverTime: T0 };
  return renderInShell(<App />, {
    path: '/terminal',
    language,
    routes: [
      ...routes,
      on('GET', '/api/backoffice/terminals', list),
      on('GET', '/api/backoffice/terminals/options', { locations: [{ id: 1, name: 'Main Street', active: true }] }),
    ],
  });
}

const posted = (calls: { method?: string; url?: string; data?: unknown }[]) =>
  calls
    .filter((c) => c.method === 'post' && c.url === '/api/backoffice/terminals/2/close_shift')
    .map((c) => JSON.parse(String(c.data)));

beforeEach(() => {
  jest.useFakeTimers({ now: T0, doNotFake: ['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval'] });
});
afterEach(() => {
  jest.useRealTimers();
});

describe('Devices › Terminals › Close shift', () => {
  it('counts, confirms what will happen, closes, and links to the closing', async () => {
    const u = userEvent.setup();
    const { calls } = await renderPage([on('POST', '/api/backoffice/terminals/2/close_shift', CLOSED)]);
    const card = await screen.findByRole('article', { name: 'Till 2' });
    expect(card).toHaveTextContent(/Shift #12 open since .*, opened by Ana/);
    await u.click(within(card).getByRole('button', { name: 'Close shift #12 of Till 2' }));

    let dialog = screen.getByRole('dialog', { name: 'Close shift #12 of Till 2' });
    expect(dialog).toHaveTextContent(/by Ana/);
    const counted = within(dialog).getByLabelText(/Counted cash/);
    // Money is read in the user's language, never guessed: "124,50" is not English.
    await u.type(counted, '124,50');
    await u.click(within(dialog).getByRole('button', { name: 'Review' }));
    expect(counted).toHaveAccessibleDescription(/Use a point for decimals, like 1\.80\./);
    // Empty: required.
    await u.clear(counted);
    await u.click(within(dialog).getByRole('button', { name: 'Review' }));
    expect(within(dialog).getByText('This field is required.')).toBeInTheDocument();
    await u.type(counted, '124.50');
    await u.type(within(dialog).getByLabelText(/Note/), 'Register would not start');
    await u.click(within(dialog).getByRole('button', { name: 'Review' }));
    expect(posted(calls)).toEqual([]);

    // The second step says what closing it here does; Back returns to the count.
    dialog = screen.getByRole('dialog', { name: 'Close shift #12 of Till 2?' });
    expect(dialog).toHaveTextContent('Counted cash: $124.50.');
    expect(dialog).toHaveTextContent(/as if on the register: its closing and Z report/);
    expect(dialog).toHaveTextContent(/Your account, the time and the count are recorded/);
    expect(dialog).toHaveTextContent(/If the register comes back/);
    await u.click(within(dialog).getByRole('button', { name: 'Close shift' }));

    await waitFor(() => expect(posted(calls)).toHaveLength(1));
    expect(posted(calls)[0]).toEqual({ shiftId: 7, countedCashCents: 12_450, note: 'Register would not start' });
    expect(await screen.findByText('Shift #12 of Till 2 is closed.')).toBeInTheDocument();
    expect(screen.getByText('Counted $124.50, expected $125.50, difference -$1.00.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the closing' })).toHaveAttribute('href', '/closings?shift=7');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('an online register’s shift is closed on the register: the button is off and says why', async () => {
    await renderPage();
    const card = await screen.findByRole('article', { name: 'Till 1' });
    const button = within(card).getByRole('button', { name: 'Close shift #11 of Till 1' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(/in use on the register: close it there/);
  });

  it('says the server’s reason when the register came back meanwhile', async () => {
    const u = userEvent.setup();
    await renderPage([
      on(
        'POST',
        '/api/backoffice/terminals/2/close_shift',
        {
          error: 'terminal_online',
          message: 'Till 2 is online (heard from 3 s ago) ...',
          terminal: 'Till 2',
          number: 12,
          seconds: 3,
          minutes: 2,
        },
        409,
      ),
    ]);
    const card = await screen.findByRole('article', { name: 'Till 2' });
    await u.click(within(card).getByRole('button', { name: 'Close shift #12 of Till 2' }));
    await u.type(screen.getByLabelText(/Counted cash/), '10');
    await u.click(screen.getByRole('button', { name: 'Review' }));
    await u.click(screen.getByRole('button', { name: 'Close shift' }));
    const dialog = screen.getByRole('dialog', { name: 'Close shift #12 of Till 2?' });
    expect(
      await within(dialog).findByText(
        'Till 2 is online (heard from 3 s ago), so shift #12 is still in use there: close it on the register. Here it can be closed once the register has been silent for 2 minutes.',
      ),
    ).toBeInTheDocument();
  });

  it('in Spanish: the amount with a decimal comma, the texts in Spanish', async () => {
    const u = userEvent.setup();
    const { calls } = await renderPage([on('POST', '/api/backoffice/terminals/2/close_shift', CLOSED)], 'es');
    const card = await screen.findByRole('article', { name: 'Till 2' });
    expect(card).toHaveTextContent(/Turno n.º 12 abierto desde las .* por Ana/);
    await u.click(within(card).getByRole('button', { name: 'Cerrar turno n.º 12 de Till 2' }));
    const dialog = screen.getByRole('dialog', { name: 'Cerrar el turno n.º 12 de Till 2' });
    await u.type(within(dialog).getByLabelText(/Efectivo contado/), '1.234,50');
    await u.click(within(dialog).getByRole('button', { name: 'Revisar' }));
    const confirm = screen.getByRole('dialog', { name: '¿Cerrar el turno n.º 12 de Till 2?' });
    expect(confirm).toHaveTextContent(/Efectivo contado: 1234,50/);
    await u.click(within(confirm).getByRole('button', { name: 'Cerrar turno' }));
    await waitFor(() => expect(posted(calls)).toHaveLength(1));
    expect(posted(calls)[0]).toEqual({ shiftId: 7, countedCashCents: 123_450 });
    expect(await screen.findByText('El turno n.º 12 de Till 2 está cerrado.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Abrir el cierre' })).toHaveAttribute('href', '/closings?shift=7');
  });
});
