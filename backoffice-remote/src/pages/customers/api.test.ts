import { CUSTOMERS_ENDPOINT } from './api';

describe('the customers API', () => {
  it('names the collection the resource frame reads and saves (under /api/backoffice)', () => {
    expect(CUSTOMERS_ENDPOINT.customers).toBe('customers');
  });
});
