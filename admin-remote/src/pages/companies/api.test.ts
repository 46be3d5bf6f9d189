import { fakeApi } from '@hive/shared/testing/fakeApi';
import { COMPANIES_URL, companiesApi } from './api';

const fakeHttp = (data?: unknown) => fakeApi(companiesApi, data);

describe('the companies API', () => {
  it('names its endpoints under /api/admin, the route id encoded', () => {
    expect(COMPANIES_URL.companies).toBe('/api/admin/companies');
    expect(COMPANIES_URL.company('7')).toBe('/api/admin/companies/7');
    expect(COMPANIES_URL.company('a/b')).toBe('/api/admin/companies/a%2Fb');
    expect(COMPANIES_URL.audit('7')).toBe('/api/admin/companies/7/audit');
  });

  it('creates a company and answers its id and name', async () => {
    const { http, api } = fakeHttp({ id: 9, name: 'Café Lucía' });
    const body = { name: 'Café Lucía', license: 'Retail' as const, addons: [], ownerEmail: 'lucia@example.test' };
    await expect(api.createCompany(body)).resolves.toEqual({ id: 9, name: 'Café Lucía' });
    expect(http.post).toHaveBeenLastCalledWith('/api/admin/companies', body);
  });

  it('puts the plan and the status of one company', async () => {
    const { http, api } = fakeHttp();
    const plan = { license: 'Retail' as const, addons: [], coupon: null };
    await api.savePlan(4, plan);
    expect(http.put).toHaveBeenLastCalledWith('/api/admin/companies/4/plan', plan);
    const status = { status: 'suspended' as const, reason: 'Unpaid invoices' };
    await api.saveStatus(4, status);
    expect(http.put).toHaveBeenLastCalledWith('/api/admin/companies/4/status', status);
  });
});
