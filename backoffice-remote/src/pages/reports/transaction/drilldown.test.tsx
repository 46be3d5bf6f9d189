import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ItemSalesReport, ReportMeta, TransactionsReport } from '@hive/shared/schemas/backoffice/reports';
import App from '../../../App';
import { on, renderInShell } from '../../../testing/harness';
import { bucketDays, receiptsHref } from '../../../frames/report';

const META: ReportMeta = {
  currency: 'USD',
  timezone: 'America/Chicago',
  period: { preset: 'last_7_days', from: '2026-10-20', to: '2026-10-26', days: 7 },
  previous: null,
  group: null,
  filters: { locations: [{ id: 1, name: 'Main Street', timezone: 'America/Chicago' }], employees: [] },
};

const LIST: TransactionsReport = {
  ...META,
  rows: [],
  total: 14,
  page: 1,
  pageSize: 50,
  sums: { current: { sales: 14, refunds: 0, salesCents: 20_000, refundsCents: 0 }, previous: null },
  terminals: [],
  paymentTypes: [],
  figure: { kind: 'item', cents: 16_800, receipts: 14 },
  names: { item: 'Burrata' },
};

describe('Reporting › a figure opens its receipts', () => {
  it('the list shows the figure in words and its filters as chips that can be removed', async () => {
    const user = userEvent.setup();
    await renderInShell(<App />, {
      path: '/transaction?period=last_7_days&item=5',
      routes: [on('GET', '/api/backoffice/reports/transactions', LIST)],
    });
    const tiles = await screen.findByRole('list', { name: 'Key figures' });
    expect(within(tiles).getByText('Line amounts of Burrata (net, refunds taken off)').parentElement).toHaveTextContent(
      '$168.00',
    );
    const chips = screen.getByRole('list', { name: 'Filters from the figure you opened' });
    expect(within(chips).getByText('Item: Burrata')).toBeInTheDocument();
    await user.click(within(chips).getByRole('button', { name: 'Remove filter Item: Burrata' }));
    expect(screen.getByTestId('location').textContent).toBe('/transaction?period=last_7_days');
  });

  it("an item's net sales links to its receipts, named in Spanish too", async () => {
    const items: ItemSalesReport = {
      ...META,
      items: [
        {
          key: 'item:5',
          itemId: 5,
          name: 'Burrata',
          category: null,
          soldQuantity: 14,
          refundedQuantity: 0,
          netSalesCents: 16_800,
          costOfGoodsCents: 0,
          grossProfitCents: 16_800,
          margin: 1,
          previousNetSalesCents: null,
        },
      ],
      categories: [],
      modifiers: [],
      totals: {
        current: {
          soldQuantity: 14,
          refundedQuantity: 0,
          netSalesCents: 16_800,
          costOfGoodsCents: 0,
          grossProfitCents: 16_800,
        },
        previous: null,
      },
    };
    await renderInShell(<App />, {
      path: '/itemsales?location=1',
      routes: [on('GET', '/api/backoffice/reports/item_sales', items)],
      language: 'es',
    });
    const links = await screen.findAllByRole('link', { name: /Ver los tickets de Burrata/ });
    expect(links[0]).toHaveAttribute('href', '/transaction?location=1&period=last_7_days&item=5');
  });

  it('links keep the frame, spell out a custom period, and clip week and month buckets to it', () => {
    const period = { preset: 'custom', from: '2026-10-03', to: '2026-11-10' };
    expect(receiptsHref('location=2&group=week&compare=1', period, { paymentType: 'Card' })).toBe(
      '/transaction?location=2&period=custom&from=2026-10-03&to=2026-11-10&paymentType=Card',
    );
    expect(bucketDays('2026-09-28', 'week', period)).toEqual({ from: '2026-10-03', to: '2026-10-04' });
    expect(bucketDays('2026-11-01', 'month', period)).toEqual({ from: '2026-11-01', to: '2026-11-10' });
    expect(bucketDays('2026-10-05', 'day', period)).toEqual({ from: '2026-10-05', to: '2026-10-05' });
  });
});
