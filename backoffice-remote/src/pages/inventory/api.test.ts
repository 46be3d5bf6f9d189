import { fakeApi } from '@hive/shared/testing/fakeApi';
import { INVENTORY_ENDPOINT, INVENTORY_URL, inventoryApi } from './api';

const fakeHttp = (data?: unknown) => fakeApi(inventoryApi, data);

describe('the inventory API', () => {
  it('names its endpoints under /api/backoffice/inventory', () => {
    expect(INVENTORY_ENDPOINT.purchaseOrders).toBe('inventory/purchase_orders');
    expect(INVENTORY_URL.stock).toBe('/api/backoffice/inventory/stock');
    expect(INVENTORY_URL.options('transfers')).toBe('/api/backoffice/inventory/transfers/options');
    expect(INVENTORY_URL.count(7)).toBe('/api/backoffice/inventory/counts/7');
    expect(INVENTORY_URL.purchaseOrder(3)).toBe('/api/backoffice/inventory/purchase_orders/3');
    expect(INVENTORY_URL.purchaseOrder(3, 'print')).toBe('/api/backoffice/inventory/purchase_orders/3/print');
    expect(INVENTORY_URL.transfer(4, 'send')).toBe('/api/backoffice/inventory/transfers/4/send');
  });

  it('posts a count, an adjustment, a production order and a PO e-mail to their URLs', async () => {
    const { http, api } = fakeHttp({ id: 1 });
    const count = { warehouseId: 2, note: '', lines: [{ itemId: 5, counted: 3 }] };
    await expect(api.applyCount(count)).resolves.toEqual({ id: 1 });
    expect(http.post).toHaveBeenLastCalledWith('/api/backoffice/inventory/counts', count);
    const adjustment = { warehouseId: 2, reason: 'damage' as const, note: '', lines: [] };
    await api.createAdjustment(adjustment);
    expect(http.post).toHaveBeenLastCalledWith('/api/backoffice/inventory/adjustments', adjustment);
    const production = { templateId: 1, warehouseId: 2, batches: 3, note: '' };
    await api.createProductionOrder(production);
    expect(http.post).toHaveBeenLastCalledWith('/api/backoffice/inventory/production_orders', production);
    await api.emailPurchaseOrder(9, {});
    expect(http.post).toHaveBeenLastCalledWith('/api/backoffice/inventory/purchase_orders/9/email', {});
    await api.documentAction(INVENTORY_URL.transfer(4, 'receive'));
    expect(http.post).toHaveBeenLastCalledWith('/api/backoffice/inventory/transfers/4/receive', {});
  });

  it('puts the settings and a threshold, and asks for suggestions with the chosen vendor and warehouse', async () => {
    const { http, api } = fakeHttp({ rows: [] });
    await api.saveSettings({ allowNegativeStock: true });
    expect(http.put).toHaveBeenLastCalledWith('/api/backoffice/inventory/settings', { allowNegativeStock: true });
    await api.saveThreshold({ itemId: 1, warehouseId: 2, lowStock: null });
    expect(http.put).toHaveBeenLastCalledWith('/api/backoffice/inventory/stock/threshold', {
      itemId: 1,
      warehouseId: 2,
      lowStock: null,
    });
    await expect(api.purchaseSuggestions({ vendorId: 1, warehouseId: 2 })).resolves.toEqual({ rows: [] });
    expect(http.get).toHaveBeenLastCalledWith('/api/backoffice/inventory/purchase_orders/suggestions', {
      params: { vendorId: 1, warehouseId: 2 },
    });
  });

  it('downloads the stock CSV from its export URL as a blob, with the list filters', async () => {
    const { http, api } = fakeHttp(new Blob(['a,b']));
    const created = jest.fn(() => 'blob:stock');
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: jest.fn() });
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await api.exportStock({ warehouseId: 2, lang: 'en' });
    expect(http.get).toHaveBeenLastCalledWith('/api/backoffice/inventory/stock/export', {
      params: { warehouseId: 2, lang: 'en' },
      responseType: 'blob',
    });
    expect(created).toHaveBeenCalled();
  });
});
