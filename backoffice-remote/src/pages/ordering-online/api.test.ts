import { fakeApi } from '@hive/shared/testing/fakeApi';
import type { OrderingSettings } from '@hive/shared/schemas/ordering';
import { ORDERING_URL, orderingOnlineApi } from './api';

const fakeHttp = (data?: unknown) => fakeApi(orderingOnlineApi, data);

describe('the online-ordering API', () => {
  it('names its endpoints under /api/backoffice/ordering', () => {
    expect(ORDERING_URL.settings).toBe('/api/backoffice/ordering/settings');
    expect(ORDERING_URL.orders).toBe('/api/backoffice/ordering/orders');
    expect(ORDERING_URL.orderStatus(5)).toBe('/api/backoffice/ordering/orders/5/status');
  });

  it('reads and puts the settings, lists the orders and moves one on', async () => {
    const { http, api } = fakeHttp({ items: [] });
    await api.settings();
    expect(http.get).toHaveBeenLastCalledWith('/api/backoffice/ordering/settings');
    const settings = { enabled: true } as unknown as OrderingSettings;
    await api.saveSettings(settings);
    expect(http.put).toHaveBeenLastCalledWith('/api/backoffice/ordering/settings', settings);
    await expect(api.orders()).resolves.toEqual([]);
    expect(http.get).toHaveBeenLastCalledWith('/api/backoffice/ordering/orders');
    await api.act(5, 'accept');
    expect(http.post).toHaveBeenLastCalledWith('/api/backoffice/ordering/orders/5/status', { action: 'accept' });
  });
});
