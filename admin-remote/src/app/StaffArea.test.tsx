import { screen, waitFor, within } from '@testing-library/react';
import { fakeHttp, renderAdmin, staffUser } from '../testing/renderAdmin.testutil';
import App from '../App';
import { permittedPaths } from './StaffArea';

const location = () => screen.getAllByTestId('location')[0];

describe('admin console routing', () => {
  it('signed out: /admin and deeper paths show the staff sign-in', async () => {
    renderAdmin(<App />, { path: '/admin/coupons' });
    expect(await screen.findByRole('heading', { name: 'Admin console' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
    expect(location()).toHaveTextContent('/admin/coupons');
  });

  it.each([
    ['super_admin', ['companies', 'users', 'coupons', 'support', 'base_prices', 'bee_merchant'], '/admin/companies'],
    ['support', ['users', 'support'], '/admin/users'],
    ['billing', ['coupons', 'base_prices'], '/admin/coupons'],
    ['distributors', ['bee_merchant'], '/admin/bee_merchant'],
  ])('staff (%s) at /admin land on their first permitted entry', async (role, areas, first) => {
    renderAdmin(<App />, { path: '/admin', user: staffUser(role, areas) });
    await waitFor(() => expect(location()).toHaveTextContent(first));
    expect(permittedPaths(staffUser(role, areas))[0]).toBe(first);
  });

  it('staff with no admin permission see a clear empty state', async () => {
    renderAdmin(<App />, { path: '/admin', user: staffUser('viewer', []) });
    expect(await screen.findByRole('heading', { name: 'No admin areas yet' })).toBeInTheDocument();
  });

  it.each(['/admin/coupons', '/admin/support/3', '/admin/nothing-here'])(
    'an entry the user may not see (%s) goes to /unauthorized',
    async (path) => {
      renderAdmin(<App />, { path, user: staffUser('viewer', ['companies']) });
      await waitFor(() => expect(location()).toHaveTextContent('/unauthorized'));
    },
  );

  it('a permitted page loads its list through the shell HTTP client', async () => {
    const { http, calls } = fakeHttp((config) =>
      config.url === '/api/admin/me'
        ? {
            status: 200,
            data: {
              user: { id: 1, email: 'v@hive.test', role: 'viewer', roleLabel: 'viewer' },
              permissions: ['view_companies_menu'],
              rights: [],
            },
          }
        : {
            status: 200,
            data: {
              items: [
                {
                  id: 1,
                  name: 'Corner Market',
                  slug: 'corner-market',
                  license: 'Retail',
                  addons: ['Loyalty'],
                  status: 'active',
                  users: 3,
                  planVersion: 0,
                  createdAt: '2026-01-01T00:00:00Z',
                },
              ],
              total: 1,
              page: 1,
              pageSize: 20,
            },
          },
    );
    renderAdmin(<App />, { path: '/admin/companies?q=corner', user: staffUser('viewer', ['companies']), http });
    const table = await screen.findByRole('table', { name: 'Companies' });
    expect(await within(table).findByRole('link', { name: 'Corner Market' })).toHaveAttribute(
      'href',
      '/admin/companies/1',
    );
    const list = calls.find((c) => c.url === '/api/admin/companies');
    expect(list?.params).toEqual({ q: 'corner', page: 1, pageSize: 20 });
    // The viewer is told that changes will be refused.
    expect(screen.getByText(/Your role \(viewer\) can view this area but not change it/)).toBeInTheDocument();
  });

  it('merchant signed in: the sign-in page, not the console', async () => {
    renderAdmin(<App />, {
      path: '/admin',
      user: { user_id: 1, email: 'owner@x.test', admin: false, role: 'admin', permissions: [] },
    });
    expect(await screen.findByRole('heading', { name: 'Admin console' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Admin menu' })).not.toBeInTheDocument();
  });
});
