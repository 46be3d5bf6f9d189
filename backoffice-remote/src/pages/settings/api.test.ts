import { fakeApi } from '@hive/shared/testing/fakeApi';
import type { PlanRequestInput } from '@hive/shared/schemas/backoffice/settings';
import { SETTINGS_ENDPOINT, SETTINGS_URL, settingsApi } from './api';

const fakeHttp = (data?: unknown) => fakeApi(settingsApi, data);

describe('the settings API', () => {
  it('names its endpoints under /api/backoffice', () => {
    expect(SETTINGS_URL.business).toBe('/api/backoffice/business');
    expect(SETTINGS_URL.billing).toBe('/api/backoffice/billing');
    expect(SETTINGS_URL.billingInvoice('12')).toBe('/api/backoffice/billing/invoices/12');
    expect(SETTINGS_URL.priceLevelOptions).toBe('/api/backoffice/price_levels/options');
    expect(SETTINGS_URL.orderedTypes(SETTINGS_ENDPOINT.paymentTypes)).toBe('/api/backoffice/payment_types');
    expect(SETTINGS_ENDPOINT.taxRates).toBe('tax_rates');
  });

  it('saves the business, its logo, the billing contact and a plan request, answering the data', async () => {
    const { http, api } = fakeHttp({ id: 1 });
    const business = { legalName: 'Corner Market SL' } as Parameters<typeof api.saveBusiness>[0];
    await expect(api.saveBusiness(business)).resolves.toEqual({ id: 1 });
    expect(http.put).toHaveBeenLastCalledWith('/api/backoffice/business', business);
    await api.uploadLogo({ image: 'iVBORw0KGgo=' });
    expect(http.put).toHaveBeenLastCalledWith('/api/backoffice/business/logo', { image: 'iVBORw0KGgo=' });
    await api.removeLogo();
    expect(http.delete).toHaveBeenLastCalledWith('/api/backoffice/business/logo');
    const contact = { name: 'Lucía', email: 'lucia@cornermarket.test' } as Parameters<typeof api.saveBillingContact>[0];
    await api.saveBillingContact(contact);
    expect(http.put).toHaveBeenLastCalledWith('/api/backoffice/billing/contact', contact);
    const request: PlanRequestInput = { license: 'Retail', addons: ['Loyalty'], message: 'More registers' };
    await api.requestPlanChange(request);
    expect(http.post).toHaveBeenLastCalledWith('/api/backoffice/billing/requests', request);
  });

  it('archives tax rates, reorders and deletes order and payment types', async () => {
    const { http, api } = fakeHttp({ rows: [] });
    await api.taxRateAction(3, 'archive');
    expect(http.post).toHaveBeenLastCalledWith('/api/backoffice/tax_rates/3/archive', {});
    await expect(api.reorderTypes('order_types', { ids: [2, 1] })).resolves.toEqual({ rows: [] });
    expect(http.post).toHaveBeenLastCalledWith('/api/backoffice/order_types/reorder', { ids: [2, 1] });
    await api.deleteType('payment_types', 7);
    expect(http.delete).toHaveBeenLastCalledWith('/api/backoffice/payment_types/7');
  });
});
