import { screen, waitFor, within } from '@testing-library/react';
import { EMPTY_SUMS, figuresOf, type SalesSummaryReport } from '@hive/shared/schemas/backoffice/reports';
import App from '../../../App';
import { renderInShell, type FakeRoute } from '../../../testing/harness';
import { fakeLive } from '../../../testing/fakeLive';

const report = (grossCents: number): SalesSummaryReport => ({
  currency: 'EUR',
  timezone: 'Europe/Madrid',
  period: { preset: 'today', from: '2026-10-26', to: '2026-10-26', days: 1 },
  previous: null,
  group: null,
  filters: { locations: [{ id: 1, name: 'Centro', timezone: 'Europe/Madrid' }], employees: [] },
  totals: { current: figuresOf({ ...EMPTY_SUMS, sales: 1, grossCents }), previous: null },
  payments: [],
  orderTypes: [],
  categories: [],
  employees: [],
});

describe('Reporting › Sales summary', () => {
  it('is live as the overview: a sale rung up refreshes the figures in place, filters kept', async () => {
    const live = fakeLive();
    let answers = 0;
    const summary: FakeRoute = (config) =>
      config.method === 'get' && config.url === '/api/backoffice/reports/sales'
        ? { data: report(answers++ === 0 ? 1000 : 2550) }
        : undefined;
    const { calls } = await renderInShell(<App />, {
      path: '/sales?period=today&location=1',
      routes: [summary],
      live: live.service,
      language: 'es',
    });
    const table = await screen.findByRole('table', { name: 'Resumen' });
    expect(screen.getByRole('status', { name: 'En directo' })).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /^Ventas netas/ })).toHaveTextContent('10,00');

    live.send('receipts');
    await waitFor(() => expect(within(table).getByRole('row', { name: /^Ventas netas/ })).toHaveTextContent('25,50'));
    const asked = calls.filter((c) => c.url === '/api/backoffice/reports/sales');
    expect(asked).toHaveLength(2);
    expect(asked[1]!.params).toEqual(asked[0]!.params);
    expect(screen.getByRole('table', { name: 'Resumen' })).toBe(table);
  });
});
