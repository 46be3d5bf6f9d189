import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BackofficeOrder, OrderingSettings } from '@hive/shared/schemas/ordering';
import { OrdersList, ORDERS_POLL_MS, SettingsForm } from './OrderingOnlinePage';
import type { OrderingOnlineApi } from './api';
import { on, renderInShell, renderWithTexts, type FakeRoute } from '../../testing/harness';
import { fakeLive } from '../../testing/fakeLive';

const ORDERS_URL = '/api/backoffice/ordering/orders';

/** GET orders answers each list of `answers` in turn (the last one from then on). */
const ordersInTurn = (...answers: BackofficeOrder[][]): FakeRoute => {
  let n = 0;
  return (config) =>
    config.method?.toUpperCase() === 'GET' && config.url === ORDERS_URL
      ? { data: { items: answers[Math.min(n++, answers.length - 1)] } }
      : undefined;
};

const every = { open: '08:00', close: '23:00' };
const settings: OrderingSettings = {
  takingOrders: true,
  slug: 'blue-door-bistro',
  leadMinutes: 20,
  timezone: 'Europe/London',
  hours: Array(7).fill(every),
};

const order = (n: number, status: BackofficeOrder['status'] = 'received'): BackofficeOrder => ({
  id: `pub${n}`,
  dbId: n,
  number: n,
  store: { name: 'Blue Door Bistro', slug: 'blue-door-bistro' },
  status,
  customerName: `Guest ${n}`,
  phone: '+44 20 7946 0000',
  pickupAt: '2026-11-23T12:00:00.000Z',
  notes: '',
  lines: [
    { itemId: 1, name: 'Blue Door burger', options: ['Bacon'], quantity: 2, unitPriceCents: 1850, totalCents: 3700 },
  ],
  subtotalCents: 3700,
  taxCents: 370,
  totalCents: 4070,
  promotions: [],
  giftCard: null,
  dueCents: 4070,
  currency: 'USD',
  createdAt: '2026-11-23T10:00:00.000Z',
  updatedAt: '2026-11-23T10:00:00.000Z',
});

function fakeApi(overrides: Partial<OrderingOnlineApi> = {}): OrderingOnlineApi {
  return {
    settings: jest.fn(),
    saveSettings: jest.fn(async (s: OrderingSettings) => ({
      settings: s,
      exists: true,
      storefrontPath: `/ordering/${s.slug}`,
    })),
    orders: jest.fn(async () => [order(2), order(1, 'accepted')]),
    act: jest.fn(async (dbId: number) => order(dbId, 'accepted')),
    ...overrides,
  };
}

describe('ordering online settings', () => {
  it('validates per field and saves valid settings', async () => {
    const user = userEvent.setup();
    const api = fakeApi();
    const onSaved = jest.fn();
    await renderWithTexts(
      <SettingsForm api={api} initial={settings} storefrontPath="/ordering/blue-door-bistro" onSaved={onSaved} />,
    );
    // The link wraps at its slashes and dots (<wbr>), never mid-word; jsdom names it with spaces there.
    const storefront = screen.getByRole('link', {
      name: (name) => name.replace(/ /g, '').endsWith('/ordering/blue-door-bistro'),
    });
    expect(storefront.textContent).toBe(`${window.location.origin}/ordering/blue-door-bistro`);
    expect(storefront.querySelectorAll('wbr').length).toBeGreaterThan(2);

    const slug = screen.getByRole('textbox', { name: /store address/i });
    await user.clear(slug);
    await user.type(slug, 'Bad Slug!');
    await user.clear(screen.getByRole('textbox', { name: /lead time/i }));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(api.saveSettings).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: /store address/i })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('textbox', { name: /lead time/i })).toHaveAttribute('aria-invalid', 'true');

    await user.clear(slug);
    await user.type(slug, 'blue-door');
    await user.type(screen.getByRole('textbox', { name: /lead time/i }), '30');
    await user.click(screen.getByRole('checkbox', { name: 'Taking online orders' }));
    await user.click(screen.getAllByRole('checkbox', { name: 'Closed' })[1]!);
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(api.saveSettings).toHaveBeenCalled());
    const saved = (api.saveSettings as jest.Mock).mock.calls[0][0] as OrderingSettings;
    expect(saved).toMatchObject({ slug: 'blue-door', leadMinutes: 30, takingOrders: false });
    expect(saved.hours[1]).toBeNull();
    expect(await screen.findByText('Settings saved.')).toBeInTheDocument();
    expect(onSaved).toHaveBeenCalledWith('/ordering/blue-door');
  });

  it('offers the opening hours as times the language writes, whole in Spanish (no "08:00 AI")', async () => {
    const user = userEvent.setup();
    const api = fakeApi();
    await renderWithTexts(
      <SettingsForm api={api} initial={settings} storefrontPath="/ordering/blue-door-bistro" onSaved={jest.fn()} />,
      'es',
    );
    const opens = screen.getByRole('combobox', { name: 'Lunes abre' });
    expect(opens).toHaveValue('08:00');
    expect(within(opens).getByRole('option', { selected: true })).toHaveTextContent(/^8:00$/);
    expect(within(opens).getByRole('option', { name: '13:30' })).toBeInTheDocument();
    await user.selectOptions(opens, '09:15');
    await user.click(screen.getByRole('button', { name: /Guardar/ }));
    await waitFor(() => expect(api.saveSettings).toHaveBeenCalled());
    expect((api.saveSettings as jest.Mock).mock.calls[0][0].hours[1]).toEqual({ open: '09:15', close: '23:00' });
  });

  it('writes the times with AM and PM in English, and keeps a saved time off the quarters', async () => {
    await renderWithTexts(
      <SettingsForm
        api={fakeApi()}
        initial={{ ...settings, hours: [{ open: '08:10', close: '22:00' }, ...settings.hours.slice(1)] }}
        storefrontPath="/ordering/blue-door-bistro"
        onSaved={jest.fn()}
      />,
    );
    const opens = screen.getByRole('combobox', { name: 'Sunday opens' });
    expect(opens).toHaveValue('08:10');
    expect(within(opens).getByRole('option', { selected: true })).toHaveTextContent('8:10 AM');
    expect(
      within(screen.getByRole('combobox', { name: 'Sunday closes' })).getByRole('option', { selected: true }),
    ).toHaveTextContent('10:00 PM');
  });

  it('refuses closing before opening', async () => {
    const user = userEvent.setup();
    const api = fakeApi();
    await renderWithTexts(
      <SettingsForm api={api} initial={settings} storefrontPath="/ordering/blue-door-bistro" onSaved={jest.fn()} />,
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Monday closes' }), '07:00');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(api.saveSettings).not.toHaveBeenCalled();
    expect(screen.getByText(/Monday: closing time must be after opening time/)).toBeInTheDocument();
  });
});

describe('incoming orders', () => {
  afterEach(() => jest.useRealTimers());

  it('lists newest first with the actions its status allows, and applies an action', async () => {
    const user = userEvent.setup();
    const api = fakeApi();
    await renderInShell(<OrdersList api={api} />, {
      // After the action the list is asked again, and has the order's new state.
      routes: [ordersInTurn([order(2), order(1, 'accepted')], [order(2, 'accepted'), order(1, 'accepted')])],
    });
    const list = await screen.findByRole('list', { name: 'Incoming orders' });
    const items = within(list).getAllByRole('listitem', { name: /^Order #/ });
    expect(items.map((i) => i.getAttribute('aria-label'))).toEqual(['Order #2', 'Order #1']);
    expect(within(items[0]!).getByRole('button', { name: 'Accept order #2' })).toBeInTheDocument();
    expect(within(items[0]!).queryByRole('button', { name: 'Complete order #2' })).toBeNull();
    expect(within(items[1]!).getByRole('button', { name: 'Ready order #1' })).toBeInTheDocument();
    await user.click(within(items[0]!).getByRole('button', { name: 'Accept order #2' }));
    expect(api.act).toHaveBeenCalledWith(2, 'accept');
    expect(await screen.findByRole('button', { name: 'Ready order #2' })).toBeInTheDocument();
  });

  it("new orders appear without a reload: polled while the stream is 'reconnecting'", async () => {
    jest.useFakeTimers();
    await renderInShell(<OrdersList api={fakeApi()} />, {
      routes: [ordersInTurn([order(1)], [order(2), order(1)])],
    });
    expect(await screen.findByRole('listitem', { name: 'Order #1' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Reconnecting…' })).toBeInTheDocument();
    expect(screen.queryByRole('listitem', { name: 'Order #2' })).toBeNull();
    await act(async () => {
      jest.advanceTimersByTime(ORDERS_POLL_MS);
    });
    expect(await screen.findByRole('listitem', { name: 'Order #2' })).toBeInTheDocument();
  });

  it("with the stream 'Live', an order placed appears when it is announced, not by polling", async () => {
    jest.useFakeTimers();
    const live = fakeLive();
    const { calls } = await renderInShell(<OrdersList api={fakeApi()} />, {
      live: live.service,
      routes: [ordersInTurn([order(1)], [order(2), order(1)])],
    });
    expect(await screen.findByRole('listitem', { name: 'Order #1' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Live' })).toBeInTheDocument();
    await act(async () => {
      jest.advanceTimersByTime(ORDERS_POLL_MS * 3);
    });
    expect(screen.queryByRole('listitem', { name: 'Order #2' })).toBeNull();
    const before = calls.filter((c) => c.url === ORDERS_URL).length;
    live.send('print-jobs');
    expect(calls.filter((c) => c.url === ORDERS_URL)).toHaveLength(before);
    live.send('online-orders');
    expect(await screen.findByRole('listitem', { name: 'Order #2' })).toBeInTheDocument();
  });
});

describe('in Spanish', () => {
  it('labels, statuses and actions are translated', async () => {
    await renderInShell(<OrdersList api={fakeApi()} />, {
      language: 'es',
      live: fakeLive().service,
      routes: [on('GET', ORDERS_URL, { items: [order(2), order(1, 'accepted')] })],
    });
    const list = await screen.findByRole('list', { name: 'Pedidos entrantes' });
    const first = within(list).getByRole('listitem', { name: 'Pedido n.º 2' });
    expect(within(first).getByText('recibido')).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Aceptar pedido n.º 2' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'En directo' })).toBeInTheDocument();
  });
});
