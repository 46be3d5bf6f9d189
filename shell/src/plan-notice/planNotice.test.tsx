import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import axios, { type AxiosAdapter } from 'axios';
import { PlanChangedNotice } from './PlanChangedNotice';
import { planChangedHref, planNotice, watchPlanChanges } from './planNotice';

jest.mock('react-i18next', () => ({ useTranslation: () => ({ t: (key: string) => key }) }));

const respond =
  (status: number, headers: Record<string, string>): AxiosAdapter =>
  async (config) => {
    const res = { data: {}, status, statusText: '', headers, config };
    if (status >= 400) throw Object.assign(new Error(`HTTP ${status}`), { response: res, isAxiosError: true });
    return res;
  };

describe('plan-changed notice', () => {
  afterEach(() => act(() => planNotice.set(false)));

  it('keeps the other query parameters and adds planChanged=true', () => {
    expect(planChangedHref({ pathname: '/items', search: '?q=tea' })).toBe('/items?q=tea&planChanged=true');
    expect(planChangedHref({ pathname: '/overview', search: '' })).toBe('/overview?planChanged=true');
  });

  it('appears when a response carries X-Plan-Changed, on success and on error', async () => {
    const ok = axios.create({ adapter: respond(200, { 'x-plan-changed': '1' }) });
    watchPlanChanges(ok);
    render(
      <MemoryRouter initialEntries={['/items']}>
        <PlanChangedNotice />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    await act(() => ok.get('/api/backoffice/items'));
    expect(screen.getByRole('status')).toHaveTextContent('planChanged.body');
    expect(screen.getByRole('link', { name: 'planChanged.reload' })).toHaveAttribute('href', '/items?planChanged=true');

    act(() => planNotice.set(false));
    const failing = axios.create({ adapter: respond(403, { 'x-plan-changed': '1' }) });
    watchPlanChanges(failing);
    await act(() => failing.get('/api/backoffice/stock').catch(() => undefined));
    expect(screen.getByRole('status')).toBeInTheDocument();
  });

  it('says the access changed when X-Access-Changed comes with it, and keeps saying so', async () => {
    const access = axios.create({ adapter: respond(200, { 'x-plan-changed': '1', 'x-access-changed': '1' }) });
    const plan = axios.create({ adapter: respond(200, { 'x-plan-changed': '1' }) });
    watchPlanChanges(access);
    watchPlanChanges(plan);
    render(
      <MemoryRouter initialEntries={['/categories']}>
        <PlanChangedNotice />
      </MemoryRouter>,
    );
    await act(() => plan.get('/api/backoffice/items'));
    expect(screen.getByRole('status')).toHaveTextContent('planChanged.body');
    await act(() => access.get('/api/backoffice/items'));
    expect(screen.getByRole('status')).toHaveTextContent('planChanged.accessBody');
    await act(() => plan.get('/api/backoffice/items'));
    expect(screen.getByRole('status')).toHaveTextContent('planChanged.accessBody');
    expect(screen.getByRole('link', { name: 'planChanged.reload' })).toHaveAttribute(
      'href',
      '/categories?planChanged=true',
    );
  });

  it('stays hidden without the header', async () => {
    const plain = axios.create({ adapter: respond(200, {}) });
    watchPlanChanges(plain);
    await plain.get('/x');
    expect(planNotice.isShown()).toBe(false);
  });
});
