import { routePattern } from './routePattern';

describe('routePattern: what the telemetry sends instead of the path', () => {
  it.each([
    ['/', '/'],
    ['/overview', '/overview'],
    ['/sales/42', '/sales/:id'],
    ['/admin/companies/7', '/admin/companies/:id'],
    ['/admin/support/3f2b9c1e-8a4d-4b7e-9f10-2c3d4e5f6a7b', '/admin/support/:id'],
    ['/receipts/0a1b2c3d4e5f6a7b8c9d', '/receipts/:id'],
    ['/ordering/corner-market', '/ordering/:store'],
    ['/ordering/corner-market/checkout', '/ordering/:store/checkout'],
    ['/ordering/corner-market/orders/981', '/ordering/:store/orders/:id'],
    ['/authentication/activate/aB3dE5fG7hJ9kL1mN3pQ', '/authentication/activate/:id'],
    ['/users/lucia@cornermarket.test', '/users/:id'],
  ])('%s -> %s', (path, pattern) => {
    expect(routePattern(path)).toBe(pattern);
  });

  it('never carries the query string or the hash', () => {
    expect(routePattern('/transaction?period=today&kind=card#top')).toBe('/transaction');
    expect(routePattern('/ordering/tea-house?table=4')).toBe('/ordering/:store');
  });

  it('keeps words (a page name is not an id) and is at most 120 characters', () => {
    expect(routePattern('/terminal_log')).toBe('/terminal_log');
    expect(routePattern('/invoice/print')).toBe('/invoice/print');
    expect(routePattern('/page'.repeat(60))).toHaveLength(120);
  });
});
