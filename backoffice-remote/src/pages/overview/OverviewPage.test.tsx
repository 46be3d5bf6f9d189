import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Overview, OverviewKpis } from '@hive/shared/schemas/backoffice';
import App from '../../App';
import { on, renderInShell, type FakeRoute } from '../../testing/harness';
import { fakeLive } from '../../testing/fakeLive';

// recharts needs a real layout engine; the chart's own behaviour is not under test here.
jest.mock('./SalesChart', () => ({
  __esModule: true,
  default: ({ data }: { data: unknown[] }) => <div data-testid="sales-chart">{data.length} days</div>,
}));

const kpis = (scale: number): OverviewKpis => ({
  netSales: { value: 1234.5 * scale, previous: 1000 * scale, change: 0.2345 },
  receipts: { value: 80 * scale, previous: 100 * scale, change: -0.2 },
  averageTicket: { value: 15.43, previous: 10, change: 0.543 },
  refunds: { value: 12 * scale, previous: 0, change: null },
});

const OVERVIEW: Overview = {
  version: '1',
  currency: 'USD',
  periods: { today: kpis(1), '7d': kpis(7), '30d': kpis(30) },
  salesPerDay: Array.from({ length: 30 }, (_, i) => ({
    date: `2026-05-${String(i + 1).padStart(2, '0')}`,
    netSales: i * 10,
    receipts: i,
  })),
  topItems: [
    { name: 'Butter croissant', quantity: 310, revenue: 461.9 },
    { name: 'Whole milk 1 l', quantity: 280, revenue: 389.2 },
  ],
};

describe('overview page', () => {
  it('KPI tiles for today with the change against the previous period; 7 and 30 days on demand', async () => {
    const user = userEvent.setup();
    const { calls } = await renderInShell(<App />, {
      path: '/overview',
      routes: [on('GET', '/api/backoffice/overview', OVERVIEW)],
    });
    const tiles = await screen.findByRole('list', { name: 'Key figures' });
    const tile = (name: string) =>
      within(tiles)
        .getAllByRole('listitem')
        .find((li) => li.textContent?.startsWith(name))!;
    expect(tile('Net sales')).toHaveTextContent('$1,234.50');
    expect(tile('Net sales')).toHaveTextContent('Up 23.5% on the previous period');
    expect(tile('Receipts')).toHaveTextContent('80');
    expect(tile('Receipts')).toHaveTextContent('Down 20% on the previous period');
    expect(tile('Average ticket')).toHaveTextContent('$15.43');
    expect(tile('Refunds')).toHaveTextContent('No sales in the previous period');
    expect(screen.getByRole('button', { name: 'Today' })).toHaveAttribute('aria-pressed', 'true');
    // Each tile opens the receipts behind it: the receipts and average tiles the sales alone,
    // the refunds tile the refunds (the list's count and figure are then the tile's).
    const opens = (value: string) => screen.getByRole('link', { name: `${value}, Show these receipts: Today` });
    expect(opens('$1,234.50')).toHaveAttribute('href', '/transaction?period=today');
    expect(opens('80')).toHaveAttribute('href', '/transaction?period=today&kind=sale');
    expect(opens('$15.43')).toHaveAttribute('href', '/transaction?period=today&kind=sale');
    expect(opens('$12.00')).toHaveAttribute('href', '/transaction?period=today&kind=refund');

    await user.click(screen.getByRole('button', { name: 'Last 7 days' }));
    expect(screen.getByRole('button', { name: 'Last 7 days' })).toHaveAttribute('aria-pressed', 'true');
    expect(tile('Net sales')).toHaveTextContent('$8,641.50');
    expect(screen.getByRole('link', { name: '$8,641.50, Show these receipts: Last 7 days' })).toHaveAttribute(
      'href',
      '/transaction?period=last_7_days',
    );
    await user.click(screen.getByRole('button', { name: 'Last 30 days' }));
    expect(tile('Receipts')).toHaveTextContent('2,400');

    // No browser offset travels with the request: "today" is the business's, as in the reports.
    const call = calls.find((c) => c.url === '/api/backoffice/overview');
    expect(call?.params).toEqual({});
  });

  it("with the stream 'Live', a receipt announced brings the new figures (version, then overview)", async () => {
    const live = fakeLive();
    let version = 1;
    const routes: FakeRoute[] = [
      (config) =>
        config.url === '/api/backoffice/overview/version'
          ? { data: { version: String(version), serverTime: 0 } }
          : config.url === '/api/backoffice/overview'
            ? {
                data: { ...OVERVIEW, version: String(version), periods: { ...OVERVIEW.periods, today: kpis(version) } },
              }
            : undefined,
    ];
    const { calls } = await renderInShell(<App />, { path: '/overview', routes, live: live.service });
    const tiles = await screen.findByRole('list', { name: 'Key figures' });
    const receipts = () =>
      within(tiles)
        .getAllByRole('listitem')
        .find((li) => li.textContent?.startsWith('Receipts'))!;
    expect(receipts()).toHaveTextContent('80');
    expect(screen.getByRole('status', { name: 'Live' })).toBeInTheDocument();
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/backoffice/overview/version')).toHaveLength(1));

    version = 2;
    live.send('receipts');
    // No timer runs (the 3-second poll would): the message alone brings the figures.
    for (let i = 0; i < 20; i += 1) await act(async () => undefined);
    expect(receipts()).toHaveTextContent('160');
    // Not for another page's topic.
    const asked = calls.length;
    live.send('print-jobs');
    expect(calls).toHaveLength(asked);
  });

  it('draws the 30-day chart (lazy-loaded) and lists the top items', async () => {
    await renderInShell(<App />, { path: '/overview', routes: [on('GET', '/api/backoffice/overview', OVERVIEW)] });
    expect(await screen.findByTestId('sales-chart')).toHaveTextContent('30 days');
    const top = screen.getByRole('table', { name: 'Top 5 items, last 30 days' });
    const rows = within(top).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['1', 'Butter croissant', '310', '$461.90'],
      ['2', 'Whole milk 1 l', '280', '$389.20'],
    ]);
  });

  it('a failed load says so and can be retried', async () => {
    const user = userEvent.setup();
    let fail = true;
    await renderInShell(<App />, {
      path: '/overview',
      routes: [
        (config) =>
          config.url === '/api/backoffice/overview'
            ? fail
              ? { status: 503, data: {} }
              : { data: OVERVIEW }
            : undefined,
      ],
    });
    expect(
      await screen.findByText('Something went wrong on our side. Please try again in a moment.'),
    ).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Key figures' })).toBeInTheDocument();
  });

  it('speaks Spanish', async () => {
    await renderInShell(<App />, {
      path: '/overview',
      language: 'es',
      routes: [on('GET', '/api/backoffice/overview', OVERVIEW)],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Resumen' })).toBeInTheDocument();
    expect(await screen.findByText('Ventas netas')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Hoy' })).toBeInTheDocument();
  });
});
