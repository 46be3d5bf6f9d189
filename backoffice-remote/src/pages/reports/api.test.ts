import { REPORTS_ENDPOINT, REPORTS_URL } from './api';

describe('the reports API', () => {
  it('names each report as the report frame reads it (under /api/backoffice)', () => {
    expect(REPORTS_ENDPOINT).toEqual({
      sales: 'reports/sales',
      salesPerDay: 'reports/sales_per_day',
      itemSales: 'reports/item_sales',
      transactions: 'reports/transactions',
      closings: 'reports/closings',
      cashMovements: 'reports/cash_movements',
      stockMovements: 'reports/stock_movements',
      taxes: 'reports/taxes',
    });
  });

  it('reads one receipt or shift by its id, encoded', () => {
    expect(REPORTS_URL.receipt('12')).toBe('/api/backoffice/reports/transactions/12');
    expect(REPORTS_URL.receipt('a/b')).toBe('/api/backoffice/reports/transactions/a%2Fb');
    expect(REPORTS_URL.shift('3-7')).toBe('/api/backoffice/reports/closings/3-7');
  });
});
