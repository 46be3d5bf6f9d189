import { reportHref } from './reportHref';

describe('reportHref', () => {
  it('keeps the filters, sets and removes the parameters asked', () => {
    expect(reportHref('/closings', 'period=today&page=3', { shift: 7, page: null })).toBe(
      '/closings?period=today&shift=7',
    );
  });
  it('is the bare path without a query', () => {
    expect(reportHref('/sales', '')).toBe('/sales');
  });
});
