import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  EMPTY_SUMS,
  figuresOf,
  type ReceiptDetail,
  type ReportMeta,
  type SalesPerDayReport,
  type TransactionsReport,
} from '@hive/shared/schemas/backoffice/reports';
import App from '../../App';
import { on, renderInShell, type FakeRoute } from '../../testing/harness';
import { fakeLive } from '../../testing/fakeLive';

// recharts needs a real layout engine; the chart's own behaviour is not under test here.
jest.mock('./salesperday/SalesChart', () => ({
  __esModule: true,
  default: ({ data }: { data: unknown[] }) => <div data-testid="sales-chart">{data.length} bars</div>,
}));

const META: ReportMeta = {
  currency: 'USD',
  timezone: 'America/Chicago',
  period: { preset: 'last_30_days', from: '2026-10-25', to: '2026-10-26', days: 2 },
  previous: null,
  group: 'day',
  filters: {
    locations: [
      { id: 1, name: 'Main Street', timezone: 'America/Chicago' },
      { id: 2, name: 'Station kiosk', timezone: 'America/Chicago' },
    ],
    employees: [{ id: 7, name: 'Marco Ruiz' }],
  },
};

const sums = (extra: Partial<typeof EMPTY_SUMS>) => figuresOf({ ...EMPTY_SUMS, ...extra });
const PER_DAY: SalesPerDayReport = {
  ...META,
  rows: [
    { date: '2026-10-25', hour: null, ...sums({ sales: 2, grossCents: 1500, discountCents: 100, taxCents: 120 }) },
    { date: '2026-10-26', hour: null, ...sums({ sales: 1, grossCents: 500, refundReceipts: 1, refundCents: 200 }) },
  ],
  previousRows: null,
  totals: {
    current: sums({
      sales: 3,
      grossCents: 2000,
      discountCents: 100,
      taxCents: 120,
      refundReceipts: 1,
      refundCents: 200,
    }),
    previous: null,
  },
};

async function renderReport(path: string, routes: FakeRoute[], language: 'en' | 'es' = 'en') {
  return renderInShell(<App />, { path, routes, language });
}

describe('Reporting › Sales per day (the report frame)', () => {
  it('shows the key figures, the period and a row per day with the totals', async () => {
    await renderReport('/salesperday', [on('GET', '/api/backoffice/reports/sales_per_day', PER_DAY)]);
    const tiles = await screen.findByRole('list', { name: 'Key figures' });
    expect(within(tiles).getByText('Net sales').parentElement).toHaveTextContent('$17.00');
    expect(screen.getByText('Oct 25, 2026 – Oct 26, 2026')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Sales by period' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(4); // header, two days, totals
    expect(rows[1]).toHaveTextContent('Sun, Oct 25, 2026');
    expect(rows[1]).toHaveTextContent('$14.00');
    expect(rows[3]).toHaveTextContent('Total');
    expect(rows[3]).toHaveTextContent('$17.00');
    // The definitions are on the page.
    expect(screen.getByText('How the figures are defined')).toBeInTheDocument();
    expect(screen.getByText('Gross sales − discounts − refunds.')).toBeInTheDocument();
  });

  it('keeps every filter in the URL and sends it to the server', async () => {
    const user = userEvent.setup();
    const view = await renderReport('/salesperday', [on('GET', '/api/backoffice/reports/sales_per_day', PER_DAY)]);
    await screen.findByRole('table', { name: 'Sales by period' });
    await user.selectOptions(screen.getByLabelText('Location'), 'Station kiosk');
    await user.selectOptions(screen.getByLabelText('Group by'), 'week');
    await user.click(screen.getByLabelText('Compare with the previous period'));
    await user.selectOptions(screen.getByLabelText('Period'), 'last_month');
    const url = new URL(screen.getByTestId('location').textContent!, 'http://x');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      location: '2',
      group: 'week',
      compare: '1',
      period: 'last_month',
    });
    await waitFor(() =>
      expect(view.calls.at(-1)?.params).toEqual({ location: '2', group: 'week', compare: '1', period: 'last_month' }),
    );
    // A custom range starts from the period on screen.
    await user.selectOptions(screen.getByLabelText('Period'), 'custom');
    expect(screen.getByLabelText('From')).toHaveValue('2026-10-25');
    expect(screen.getByTestId('location').textContent).toContain('from=2026-10-25&to=2026-10-26');
  });

  it('exports exactly the table on screen as CSV', async () => {
    const user = userEvent.setup();
    const saved: Blob[] = [];
    const create = jest.fn((blob: Blob) => {
      saved.push(blob);
      return 'blob:report';
    });
    Object.assign(URL, { createObjectURL: create, revokeObjectURL: jest.fn() });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await renderReport('/salesperday', [on('GET', '/api/backoffice/reports/sales_per_day', PER_DAY)]);
    await screen.findByRole('table', { name: 'Sales by period' });
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
    expect(lines[0]).toBe('Day,Receipts,Gross sales,Discounts,Refunds,Net sales,Taxes,Tips,Average sale');
    expect(lines[1]).toBe('"Sun, Oct 25, 2026",2,15.00,1.00,0.00,14.00,1.20,0.00,7.00');
    expect(lines[3]).toBe('Total,3,20.00,1.00,2.00,17.00,1.20,0.00,6.33');
    click.mockRestore();
  });

  it('links to its print view, which shows the filters as text and a Print button', async () => {
    await renderReport('/salesperday/print?location=1', [on('GET', '/api/backoffice/reports/sales_per_day', PER_DAY)]);
    expect(await screen.findByRole('button', { name: 'Print' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Period')).toBeNull();
    expect(await screen.findByText('Main Street')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the report' })).toHaveAttribute('href', '/salesperday?location=1');
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).toBeNull();
  });

  it('a filter the server refuses shows the reason and a way back to the defaults', async () => {
    const user = userEvent.setup();
    const refused: FakeRoute = (config) =>
      config.url === '/api/backoffice/reports/sales_per_day' && config.params?.location === '99'
        ? {
            status: 400,
            data: {
              error: 'validation_error',
              message: 'location: no such location',
              fields: { location: 'no such location' },
            },
          }
        : undefined;
    await renderReport('/salesperday?location=99', [
      refused,
      on('GET', '/api/backoffice/reports/sales_per_day', PER_DAY),
    ]);
    expect(await screen.findByText(/These filters cannot be used: Location: no such location/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reset the filters' }));
    expect(await screen.findByRole('table', { name: 'Sales by period' })).toBeInTheDocument();
    expect(screen.getByTestId('location').textContent).toBe('/salesperday');
  });

  it('reads in Spanish', async () => {
    await renderReport('/salesperday', [on('GET', '/api/backoffice/reports/sales_per_day', PER_DAY)], 'es');
    expect(await screen.findByRole('table', { name: 'Ventas por periodo' })).toBeInTheDocument();
    expect(screen.getByLabelText('Periodo')).toBeInTheDocument();
    expect(screen.getByText('Cómo se calculan las cifras')).toBeInTheDocument();
  });
});

describe('Reporting › Transactions', () => {
  const LIST: TransactionsReport = {
    ...META,
    group: null,
    rows: [
      {
        id: 41,
        number: 1041,
        kind: 'sale',
        at: 0,
        localTime: '2026-10-25 23:30',
        location: 'Main Street',
        terminal: 'Till 1',
        employee: 'Marco Ruiz',
        customer: null,
        totalCents: 990,
        tipCents: 0,
        payment: 'Cash + Card',
        refundOf: null,
        figureCents: 900,
      },
    ],
    total: 120,
    page: 1,
    pageSize: 50,
    sums: { current: { sales: 100, refunds: 20, salesCents: 99_000, refundsCents: 5000 }, previous: null },
    terminals: [{ id: 3, name: 'Till 1' }],
    paymentTypes: ['Card', 'Cash'],
    figure: { kind: 'net_sales', cents: 90_000, receipts: 120 },
    names: {},
  };
  const RECEIPT: ReceiptDetail = {
    id: 41,
    number: 1041,
    kind: 'sale',
    at: 0,
    localTime: '2026-10-25 23:30',
    timezone: 'Europe/Madrid',
    localNumber: '',
    location: 'Main Street',
    terminal: 'Till 1',
    employee: 'Marco Ruiz',
    customer: null,
    orderType: null,
    shiftNumber: 7,
    note: '',
    currency: 'USD',
    business: {
      name: 'Corner Market',
      address: { line1: '', line2: '', city: '', region: '', postalCode: '', country: '' },
      phone: '',
      taxId: '',
      header: 'Thanks!',
      footer: 'See you',
    },
    lines: [
      {
        position: 1,
        name: 'Tapa',
        quantity: 2,
        unitPriceCents: 550,
        modifiers: [],
        grossCents: 1100,
        discountCents: 110,
        totalCents: 990,
      },
    ],
    discounts: [{ name: 'Promo', amountCents: 110 }],
    taxes: [{ name: 'VAT', rateBp: 1000, type: 'included', taxableCents: 900, taxCents: 90 }],
    payments: [
      { name: 'Cash', amountCents: 500, tipCents: 0 },
      { name: 'Card', amountCents: 490, tipCents: 0 },
    ],
    grossCents: 1100,
    discountCents: 110,
    netCents: 900,
    taxCents: 90,
    totalCents: 990,
    tipCents: 0,
    changeCents: 0,
    refundOf: null,
    refunds: [],
  };

  it('lists receipts page by page; a receipt opens with its lines, taxes and payments, and a reprint view', async () => {
    const user = userEvent.setup();
    await renderReport('/transaction', [
      on('GET', '/api/backoffice/reports/transactions', LIST),
      on('GET', '/api/backoffice/reports/transactions/41', RECEIPT),
    ]);
    const table = await screen.findByRole('table', { name: 'Receipts' });
    expect(within(table).getByRole('row', { name: /#1041/ })).toHaveTextContent('Cash + Card');
    expect(screen.getByText('1–50 of 120')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByTestId('location').textContent).toBe('/transaction?page=2');
    await user.click(within(table).getByRole('link', { name: '#1041' }));
    const receipt = await screen.findByRole('article', { name: 'Receipt #1041' });
    expect(receipt).toHaveTextContent('Promo');
    expect(receipt).toHaveTextContent('VAT 10% (included)');
    expect(receipt).toHaveTextContent('$9.90');
    expect(screen.getByRole('link', { name: 'Reprint' })).toHaveAttribute('href', '/transaction/print?receipt=41');
    await user.click(screen.getByRole('button', { name: 'Back to the list' }));
    expect(await screen.findByRole('table', { name: 'Receipts' })).toBeInTheDocument();
    expect(screen.getByTestId('location').textContent).toBe('/transaction?page=2');
  });

  it("with the stream 'Live', a receipt announced refreshes the first page in place, filters kept; other pages stay", async () => {
    const user = userEvent.setup();
    const live = fakeLive();
    const newer = { ...LIST.rows[0]!, id: 42, number: 1042, payment: 'Card' };
    let answers = 0;
    const list: FakeRoute = (config) =>
      config.method === 'get' && config.url === '/api/backoffice/reports/transactions'
        ? { data: answers++ === 0 ? LIST : { ...LIST, rows: [newer, ...LIST.rows], total: 121 } }
        : undefined;
    const { calls } = await renderInShell(<App />, {
      path: '/transaction?kind=sale&terminal=3',
      routes: [list],
      live: live.service,
    });
    const table = await screen.findByRole('table', { name: 'Receipts' });
    expect(screen.getByRole('status', { name: 'Live' })).toBeInTheDocument();
    expect(within(table).queryByRole('row', { name: /#1042/ })).toBeNull();
    const asked = () => calls.filter((c) => c.url === '/api/backoffice/reports/transactions');
    expect(asked()).toHaveLength(1);

    live.send('receipts');
    expect(await within(table).findByRole('row', { name: /#1042/ })).toBeInTheDocument();
    // The same table (not a loading state in between), the same filters, the same URL.
    expect(screen.getByRole('table', { name: 'Receipts' })).toBe(table);
    expect(asked()).toHaveLength(2);
    expect(asked()[1]!.params).toEqual(asked()[0]!.params);
    expect(asked()[1]!.params).toMatchObject({ kind: 'sale', terminal: '3' });
    expect(screen.getByTestId('location').textContent).toBe('/transaction?kind=sale&terminal=3');

    // On page 2 the rows stay put: an announced receipt asks nothing.
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(asked()).toHaveLength(3));
    live.send('receipts');
    live.send('shifts');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked()).toHaveLength(3);
  });

  it("says 'Reconnecting…' without the stream (es: 'Reconectando…')", async () => {
    const live = fakeLive('reconnecting');
    await renderInShell(<App />, {
      path: '/transaction',
      routes: [on('GET', '/api/backoffice/reports/transactions', LIST)],
      live: live.service,
      language: 'es',
    });
    expect(await screen.findByRole('status', { name: 'Reconectando…' })).toBeInTheDocument();
    live.setStatus('live');
    expect(screen.getByRole('status', { name: 'En directo' })).toBeInTheDocument();
  });
});
