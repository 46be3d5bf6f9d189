import { fakeApi } from '@hive/shared/testing/fakeApi';
import { BASE_PRICES_URL, basePricesApi } from './api';

const fakeHttp = (data?: unknown) => fakeApi(basePricesApi, data);

describe('the base prices API', () => {
  it('names its endpoints under /api/admin', () => {
    expect(BASE_PRICES_URL.prices).toBe('/api/admin/base_prices');
    expect(BASE_PRICES_URL.history).toBe('/api/admin/base_prices/history');
  });

  it('puts a new price to the collection', async () => {
    const { http, api } = fakeHttp();
    const change = { kind: 'license' as const, name: 'Retail', monthlyPrice: 49.9, note: 'New year' };
    await api.savePrice(change);
    expect(http.put).toHaveBeenLastCalledWith('/api/admin/base_prices', change);
  });
});
