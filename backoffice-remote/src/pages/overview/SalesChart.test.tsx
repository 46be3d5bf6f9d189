import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import SalesChart from './SalesChart';

/*
 * The chart's days open their receipts: the bars for the mouse (recharts draws nothing without a
 * layout engine, so not here), and for the keyboard and screen readers the table of the same days,
 * each day's figure a link to that day's transactions list.
 */

const format = {
  money: (n: number) => `$${n.toFixed(2)}`,
  compactMoney: (n: number) => `$${n}`,
  integer: (n: number) => String(n),
  day: (iso: string) => `day ${iso}`,
};

describe('sales chart', () => {
  it("each day's net sales links to that day's receipts", () => {
    render(
      <MemoryRouter>
        <SalesChart
          data={[
            { date: '2026-11-01', netSales: 120.5, receipts: 4 },
            { date: '2026-11-02', netSales: 0, receipts: 0 },
          ]}
          format={format}
          labels={{
            netSales: 'Net sales',
            receipts: 'Receipts',
            date: 'Date',
            openDay: (d) => `Show the receipts of ${d}`,
          }}
          dayHref={(date) => `/transaction?period=custom&from=${date}&to=${date}`}
        />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: '$120.50, Show the receipts of day 2026-11-01' })).toHaveAttribute(
      'href',
      '/transaction?period=custom&from=2026-11-01&to=2026-11-01',
    );
    expect(screen.getAllByRole('link')).toHaveLength(2);
  });
});
