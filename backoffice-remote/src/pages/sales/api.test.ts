import { fakeApi } from '@hive/shared/testing/fakeApi';
import { SALES_ENDPOINT, SALES_URL, salesApi } from './api';

const fakeHttp = (data?: unknown) => fakeApi(salesApi, data);

describe('the sales API', () => {
  it('names its endpoints under /api/backoffice', () => {
    expect(SALES_ENDPOINT).toEqual({ invoices: 'customer_invoices', recurring: 'recurring_invoices' });
    expect(SALES_URL.invoiceOptions).toBe('/api/backoffice/customer_invoices/options');
    expect(SALES_URL.invoice('5')).toBe('/api/backoffice/customer_invoices/5');
    expect(SALES_URL.qbSettings).toBe('/api/backoffice/quickbooks/settings');
  });

  it('posts the invoice and recurring actions to their URLs and answers the data', async () => {
    const { http, api } = fakeHttp({ number: 7, emailedTo: null });
    await expect(api.sendInvoice(5)).resolves.toEqual({ number: 7, emailedTo: null });
    expect(http.post).toHaveBeenLastCalledWith('/api/backoffice/customer_invoices/5/send', {});
    const payment = { amountCents: 1250, paidOn: '2026-03-01', paymentTypeId: 2, note: '' };
    await api.recordPayment(5, payment);
    expect(http.post).toHaveBeenLastCalledWith('/api/backoffice/customer_invoices/5/payments', payment);
    await api.voidInvoice(5, { reason: 'duplicate' });
    expect(http.post).toHaveBeenLastCalledWith('/api/backoffice/customer_invoices/5/void', { reason: 'duplicate' });
    await api.recurringAction(9, 'pause');
    expect(http.post).toHaveBeenLastCalledWith('/api/backoffice/recurring_invoices/9/pause', {});
  });

  it('previews, exports and maps QuickBooks; downloads the invoice PDF as a blob', async () => {
    const { http, api } = fakeHttp(new Blob(['x']));
    Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:file'), revokeObjectURL: jest.fn() });
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const query = { kind: 'sales', format: 'iif', from: '2026-03-01', to: '2026-03-31' } as const;
    await api.qbPreview(query);
    expect(http.get).toHaveBeenLastCalledWith('/api/backoffice/quickbooks/preview', { params: query });
    await api.qbExport(query);
    expect(http.get).toHaveBeenLastCalledWith('/api/backoffice/quickbooks/export', {
      params: query,
      responseType: 'blob',
    });
    await api.downloadInvoicePdf(5, 'es');
    expect(http.get).toHaveBeenLastCalledWith('/api/backoffice/customer_invoices/5/pdf', {
      params: { lang: 'es' },
      responseType: 'blob',
    });
    const mapping = {
      income: 'Sales',
      taxPayable: 'Tax',
      tipsPayable: 'Tips',
      receivable: 'AR',
      paymentAccounts: { '2': 'Bank' },
      otherPayments: 'Other',
    };
    await api.saveQbSettings(mapping);
    expect(http.put).toHaveBeenLastCalledWith('/api/backoffice/quickbooks/settings', mapping);
  });
});
