import { screen, within } from '@testing-library/react';
import type { ReportMeta, TransactionRow, TransactionsReport } from '@hive/shared/schemas/backoffice/reports';
import App from '../../../App';
import { on, renderInShell } from '../../../testing/harness';

/*
 * The list a figure opens: each receipt's part of that figure in a column of its own, and a total
 * row equal to the figure over every listed receipt (not the page's totals). A split cash + card
 * receipt shows its card amount under a card figure, not its whole total.
 */

const META: ReportMeta = {
  currency: 'EUR',
  timezone: 'Europe/Madrid',
  period: { preset: 'last_7_days', from: '2026-10-20', to: '2026-10-26', days: 7 },
  previous: null,
  group: null,
  filters: { locations: [{ id: 1, name: 'Centro', timezone: 'Europe/Madrid' }], employees: [] },
};

const row = (over: Partial<TransactionRow>): TransactionRow => ({
  id: 1,
  number: 101,
  kind: 'sale',
  at: 0,
  localTime: '2026-10-25 10:15',
  location: 'Centro',
  terminal: 'Caja 1',
  employee: 'Lucía',
  customer: null,
  totalCents: 1000,
  tipCents: 0,
  payment: 'Card',
  refundOf: null,
  figureCents: 1000,
  ...over,
});

// 55.48 by card: a card-only sale, a cash + card sale (its card part 15.00 of 30.00), a refund.
const CARD: TransactionsReport = {
  ...META,
  rows: [
    row({ id: 1, number: 101, totalCents: 4248, figureCents: 4248 }),
    row({ id: 2, number: 102, totalCents: 3000, figureCents: 1500, payment: 'Cash + Card' }),
    row({ id: 3, number: 103, kind: 'refund', refundOf: 90, totalCents: 200, figureCents: -200 }),
  ],
  total: 3,
  page: 1,
  pageSize: 50,
  sums: { current: { sales: 2, refunds: 1, salesCents: 7248, refundsCents: 200 }, previous: null },
  terminals: [],
  paymentTypes: ['Card', 'Cash'],
  figure: { kind: 'payment', cents: 5548, receipts: 3 },
  names: {},
};

describe('Reporting › the receipts of a figure add up to it', () => {
  it("shows each receipt's card amount and a total row equal to the card figure", async () => {
    await renderInShell(<App />, {
      path: '/transaction?period=last_7_days&paymentType=Card',
      routes: [on('GET', '/api/backoffice/reports/transactions', CARD)],
    });
    const table = await screen.findByRole('table', { name: 'Receipts' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    const part = headers.indexOf('Paid with Card, net');
    expect(part).toBeGreaterThan(-1);
    expect(headers[part + 1]).toBe('Total');
    const cells = (name: RegExp) =>
      [...within(table).getByRole('row', { name }).querySelectorAll('th, td')].map((c) => c.textContent);
    expect(cells(/#102/)[part]).toBe('€15.00');
    expect(cells(/#102/)[part + 1]).toBe('€30.00');
    expect(cells(/#103/)[part]).toBe('-€2.00');
    // The total row: the figure over every listed receipt, under the parts (not under the totals).
    const total = cells(/Total of 3 receipts/);
    expect(total[part]).toBe('€55.48');
    expect(total[part + 1]).toBe('–');
  });

  it('names the part in Spanish, and the total row counts every receipt of the list, not the page', async () => {
    await renderInShell(<App />, {
      path: '/transaction?period=last_7_days&item=5',
      routes: [
        on('GET', '/api/backoffice/reports/transactions', {
          ...CARD,
          total: 120,
          figure: { kind: 'item', cents: 16_800, receipts: 120 },
          names: { item: 'Burrata' },
        }),
      ],
      language: 'es',
    });
    const table = await screen.findByRole('table', { name: 'Tickets' });
    expect(within(table).getByRole('columnheader', { name: 'Burrata, neto' })).toBeInTheDocument();
    const total = within(table).getByRole('row', { name: /Total de 120 tickets/ });
    expect(total).toHaveTextContent('168,00');
  });

  it('the search box has a label of its own beside the other filters', async () => {
    await renderInShell(<App />, {
      path: '/transaction',
      routes: [on('GET', '/api/backoffice/reports/transactions', CARD)],
      language: 'es',
    });
    await screen.findByRole('table', { name: 'Tickets' });
    const search = screen.getByRole('searchbox', { name: 'Buscar tickets' });
    // A visible label (not only a name for assistive technology).
    expect(screen.getByText('Buscar tickets', { selector: 'label' })).toHaveAttribute('for', search.id);
    expect(search).toHaveAttribute('placeholder', 'Número de ticket o cliente');
  });

  it('on a phone each receipt reads as a card: its number, then its key figures with their headers', async () => {
    await renderInShell(<App />, {
      path: '/transaction?paymentType=Card',
      routes: [on('GET', '/api/backoffice/reports/transactions', CARD)],
    });
    const table = await screen.findByRole('table', { name: 'Receipts' });
    const sale = within(table).getByRole('row', { name: /#102/ });
    expect(within(sale).getByRole('rowheader')).toHaveAttribute('data-card', 'title');
    const keys = [...sale.querySelectorAll('[data-card="key"]')].map((c) => c.getAttribute('data-label'));
    expect(keys).toEqual(['Time', 'Kind', 'Payment', 'Paid with Card, net', 'Total']);
    // The rest stays in the table on a wider screen, out of the card.
    expect(within(sale).getByRole('cell', { name: 'Caja 1' })).not.toHaveAttribute('data-card');
  });
});
