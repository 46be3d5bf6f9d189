import { fakeApi } from '@hive/shared/testing/fakeApi';
import { CATALOG_ENDPOINT, CATALOG_URL, catalogApi } from './api';

const fakeHttp = (data?: unknown) => fakeApi(catalogApi, data);

describe('the catalog API', () => {
  it('names its collections and endpoints under /api/backoffice', () => {
    expect(CATALOG_ENDPOINT).toEqual({
      items: 'items',
      categories: 'categories',
      bundles: 'bundles',
      modifierGroups: 'modifier_groups',
    });
    expect(CATALOG_URL.itemOptions).toBe('/api/backoffice/items/options');
    expect(CATALOG_URL.bundleOptions).toBe('/api/backoffice/bundles/options');
    expect(CATALOG_URL.modifierGroupOptions).toBe('/api/backoffice/modifier_groups/options');
    expect(CATALOG_URL.priceLists).toBe('/api/backoffice/price_lists');
  });

  it('posts an item import as a preview, then for real, to the same URL', async () => {
    const { http, api } = fakeHttp({ created: 1, updated: 0 });
    await api.previewItemImport({ csv: 'a,b', dryRun: true });
    expect(http.post).toHaveBeenLastCalledWith('/api/backoffice/items/import', { csv: 'a,b', dryRun: true });
    const body = { csv: 'a,b', dryRun: false as const, fileName: 'items.csv', expected: 'f1' };
    await expect(api.importItems(body)).resolves.toEqual({ created: 1, updated: 0 });
    expect(http.post).toHaveBeenLastCalledWith('/api/backoffice/items/import', body);
  });

  it('puts price changes, posts a price-list CSV for its preview, and exports it as a blob', async () => {
    const { http, api } = fakeHttp({ changes: [] });
    const changes = [{ itemId: 1, levelId: 2, priceCents: 350 }];
    await api.applyPriceChanges({ changes });
    expect(http.put).toHaveBeenLastCalledWith('/api/backoffice/price_lists', { changes });
    await expect(api.previewPriceListImport({ csv: 'x' })).resolves.toEqual({ changes: [] });
    expect(http.post).toHaveBeenLastCalledWith('/api/backoffice/price_lists/import', { csv: 'x' });

    Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:prices'), revokeObjectURL: jest.fn() });
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await api.exportPriceList({ delimiter: 'semicolon' });
    expect(http.get).toHaveBeenLastCalledWith('/api/backoffice/price_lists/export', {
      params: { delimiter: 'semicolon' },
      responseType: 'blob',
    });
  });
});
