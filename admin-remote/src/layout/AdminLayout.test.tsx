import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link } from 'react-router-dom';
import { STORAGE_KEYS } from '@hive/shared/config';
import { readOpenGroup } from '../state';
import { LocationProbe, STAFF_PERMISSIONS, renderAdmin, staffUser } from '../testing/renderAdmin.testutil';
import { AdminLayout } from './AdminLayout';

function Layout({ role = 'super_admin' as string | null, areas = STAFF_PERMISSIONS.super_admin as readonly string[] }) {
  return (
    <AdminLayout user={staffUser(role, areas)}>
      <Link to="/admin/users">go to users</Link>
      <LocationProbe />
    </AdminLayout>
  );
}

beforeEach(() => localStorage.clear());

describe('admin header: role label (SPEC.md 6)', () => {
  it.each([
    ['super_admin', 'admin'],
    ['dev_admin', 'dev'],
    ['distributors', 'distributors'],
    ['support', 'support'],
    ['billing', 'billing'],
    ['viewer', 'viewer'],
    ['Ops_Team', 'ops_team'],
    [null, 'admin'],
  ])('role %s shows "%s"', (role, label) => {
    renderAdmin(<Layout role={role} />, { path: '/admin/companies' });
    expect(screen.getByTestId('admin-role')).toHaveTextContent(new RegExp(`^${label}$`));
    expect(screen.getByRole('banner')).toHaveTextContent('Hive POS');
    expect(screen.getByRole('banner')).toHaveTextContent('Admin console');
  });
});

describe('admin sidebar', () => {
  it.each(Object.entries(STAFF_PERMISSIONS))(
    '%s sees exactly the entries of its permissions, Logout last',
    (role, areas) => {
      renderAdmin(<Layout role={role} areas={areas} />, { path: '/admin/companies' });
      const nav = screen.getByRole('navigation', { name: 'Admin menu' });
      const hrefs = within(nav)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href'));
      expect(hrefs).toEqual(areas.map((area) => `/admin/${area}`));
      const buttons = within(nav).getAllByRole('button');
      expect(buttons.at(-1)).toHaveTextContent('Log out');
    },
  );

  it('shows Logout even without any permission', () => {
    renderAdmin(<Layout role="viewer" areas={[]} />, { path: '/admin' });
    const nav = screen.getByRole('navigation', { name: 'Admin menu' });
    expect(within(nav).queryAllByRole('link')).toHaveLength(0);
    expect(within(nav).getByRole('button', { name: 'Log out' })).toBeInTheDocument();
  });

  it('highlights the entry whose path equals the current path, and only that', async () => {
    renderAdmin(<Layout />, { path: '/admin/companies' });
    const nav = screen.getByRole('navigation', { name: 'Admin menu' });
    expect(within(nav).getByRole('link', { name: 'Companies' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Users' })).not.toHaveAttribute('aria-current');
    await userEvent.click(within(nav).getByRole('link', { name: 'Users' }));
    expect(within(nav).getByRole('link', { name: 'Users' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Companies' })).not.toHaveAttribute('aria-current');
  });

  it('a detail page (/admin/companies/5) does not equal the entry path: nothing highlighted', () => {
    renderAdmin(<Layout />, { path: '/admin/companies/5' });
    const nav = screen.getByRole('navigation', { name: 'Admin menu' });
    expect(within(nav).queryByRole('link', { current: 'page' })).not.toBeInTheDocument();
  });

  it('starts open, closes to an icon rail and remembers it under admin_hive_redux_state', async () => {
    renderAdmin(<Layout />, { path: '/admin/companies' });
    const toggle = screen.getByRole('button', { name: 'Hide menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Show menu' })).toHaveAttribute('aria-expanded', 'false');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.adminState)!)).toEqual({ sidebarOpen: false });
    // The names stay accessible on the rail.
    expect(screen.getByRole('link', { name: 'Companies' })).toBeInTheDocument();
  });

  it('starts open on the next load even when it was closed; adminOpenAccordions is left for the accordion', async () => {
    renderAdmin(<Layout />, { path: '/admin/companies' });
    await userEvent.click(screen.getByRole('button', { name: 'Hide menu' }));
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.adminState)!)).toEqual({ sidebarOpen: false });
    localStorage.setItem(STORAGE_KEYS.adminOpenAccordions, '["menu.group"]');
    cleanup();
    // A reload: a new store, the same localStorage.
    renderAdmin(<Layout />, { path: '/admin/companies' });
    expect(screen.getByRole('button', { name: 'Hide menu' })).toHaveAttribute('aria-expanded', 'true');
    expect(readOpenGroup(['menu.group'])).toBe('menu.group');
  });

  it('Logout runs the shell logout; if that fails, goes to /admin', async () => {
    const { logout } = renderAdmin(<Layout />, { path: '/admin/users' });
    logout.mockRejectedValueOnce(new Error('network'));
    await userEvent.click(screen.getByRole('button', { name: 'Log out' }));
    expect(logout).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.getAllByTestId('location')[0]).toHaveTextContent(/^\/admin$/));
  });
});

describe('admin_ key purge (SPEC.md 2)', () => {
  it('after each route change removes every other admin_ key, keeps the console state and adminOpenAccordions', async () => {
    renderAdmin(<Layout />, { path: '/admin/companies' });
    // Written after the first render: only a route change may remove them.
    act(() => {
      localStorage.setItem('admin_draft_coupon', '{"code":"X"}');
      localStorage.setItem('admin_', 'empty suffix');
      localStorage.setItem(STORAGE_KEYS.adminState, JSON.stringify({ sidebarOpen: true }));
      localStorage.setItem(STORAGE_KEYS.adminOpenAccordions, '["menu.billing"]');
      localStorage.setItem('primary', '{}');
      localStorage.setItem('hive_redux_state', '{}');
      localStorage.setItem('administrator', 'not the admin_ prefix');
    });
    expect(localStorage.getItem('admin_draft_coupon')).not.toBeNull();
    await userEvent.click(screen.getByRole('link', { name: 'go to users' }));
    expect(screen.getAllByTestId('location')[0]).toHaveTextContent('/admin/users');
    expect(localStorage.getItem('admin_draft_coupon')).toBeNull();
    expect(localStorage.getItem('admin_')).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.adminState)).not.toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.adminOpenAccordions)).toBe('["menu.billing"]');
    expect(localStorage.getItem('primary')).toBe('{}');
    expect(localStorage.getItem('hive_redux_state')).toBe('{}');
    expect(localStorage.getItem('administrator')).not.toBeNull();
  });
});
