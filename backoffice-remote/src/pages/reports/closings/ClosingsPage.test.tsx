import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ClosingRow, ClosingsReport } from '@hive/shared/schemas/backoffice/reports';
import App from '../../../App';
import { on, renderInShell } from '../../../testing/harness';

const SHIFT: ClosingRow = {
  id: 31,
  number: 12,
  status: 'closed',
  terminal: 'Caja 1',
  location: 'Centro',
  openedAt: 0,
  openedLocal: '2026-10-25 08:00',
  openedBy: 'Lucía',
  closedAt: 1,
  closedLocal: '2026-10-26 00:30',
  closedBy: 'Marco Ruiz',
  openingFloatCents: 10_000,
  receipts: 26,
  netSalesCents: 14_146,
  cashSalesCents: 5_000,
  cashRefundsCents: 0,
  payInsCents: 0,
  payOutsCents: 500,
  expectedCashCents: 14_500,
  countedCashCents: 14_450,
  differenceCents: -50,
  note: '',
  receiptDays: { from: '2026-10-25', to: '2026-10-26' },
};

const REPORT: ClosingsReport = {
  currency: 'EUR',
  timezone: 'Europe/Madrid',
  period: { preset: 'last_30_days', from: '2026-09-27', to: '2026-10-26', days: 30 },
  previous: null,
  group: null,
  filters: {
    locations: [{ id: 1, name: 'Centro', timezone: 'Europe/Madrid' }],
    employees: [{ id: 7, name: 'Marco Ruiz' }],
  },
  rows: [SHIFT],
  total: 1,
  page: 1,
  pageSize: 50,
  sums: {
    current: { shifts: 1, expectedCashCents: 14_500, countedCashCents: 14_450, differenceCents: -50 },
    previous: null,
  },
  terminals: [{ id: 3, name: 'Caja 1' }],
};

async function open(path: string, language: 'en' | 'es' = 'en') {
  await renderInShell(<App />, { path, routes: [on('GET', '/api/backoffice/reports/closings', REPORT)], language });
  return screen.findByRole('table', { name: language === 'es' ? 'Turnos' : 'Shifts' });
}

describe('Reporting › Closings', () => {
  it("read by employee, a shift's net sales open the whole shift's receipts, not the employee's", async () => {
    const table = await open('/closings?employee=7&location=1');
    const link = within(table).getByRole('link', { name: /Show the receipts of #12/ });
    // The row counts its whole shift (26 receipts): its link carries none of the closings' filters.
    expect(link).toHaveAttribute('href', '/transaction?period=custom&from=2026-10-25&to=2026-10-26&shift=31');
  });

  it('shows the cash first, the difference in view; the other columns are a choice away', async () => {
    const user = userEvent.setup();
    const table = await open('/closings');
    const headers = () =>
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent);
    expect(headers().slice(0, 6)).toEqual([
      'Shift',
      'Terminal',
      'Closed',
      'Expected cash',
      'Counted cash',
      'Difference',
    ]);
    expect(headers()).not.toContain('Opened by');
    // The first column heads each row (it stays in view when the table scrolls sideways).
    expect(within(table).getByRole('rowheader', { name: '#12' })).toBeInTheDocument();

    await user.click(screen.getByText('Columns'));
    const choices = screen.getByRole('group', { name: 'Columns shown in Shifts' });
    expect(within(choices).getByRole('checkbox', { name: 'Difference' })).toBeChecked();
    await user.click(within(choices).getByRole('checkbox', { name: 'Opened by' }));
    expect(headers()).toContain('Opened by');
    expect(within(table).getByRole('row', { name: /#12/ })).toHaveTextContent('Lucía');
    await user.click(within(choices).getByRole('checkbox', { name: 'Pay-outs' }));
    expect(headers()).not.toContain('Pay-outs');
  });

  it('on a phone each shift reads as a card of its cash (es)', async () => {
    const table = await open('/closings', 'es');
    const row = within(table).getByRole('row', { name: /#12/ });
    expect(within(row).getByRole('rowheader')).toHaveAttribute('data-card', 'title');
    const keys = [...row.querySelectorAll('[data-card="key"]')].map((c) => c.getAttribute('data-label'));
    expect(keys).toEqual(['Cierre', 'Efectivo esperado', 'Efectivo contado', 'Diferencia']);
  });
});
