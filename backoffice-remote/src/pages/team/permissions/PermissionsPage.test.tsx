import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { defaultRolePermissions, type UserAccess, type UserAccessSummary } from '@hive/shared/schemas/backoffice/team';
import App from '../../../App';
import { on, renderInShell, type FakeRoute } from '../../../testing/harness';

const manager: UserAccessSummary = {
  userId: 7,
  email: 'manager@cornermarket.test',
  role: 'manager',
  status: 'active',
  employeeId: 3,
  employeeName: 'Maria Lopez',
  grantedCount: 0,
  revokedCount: 0,
};
const menuWith = (withItems: boolean) => ({
  main: [
    { name: 'menu.overview', path: '/overview', roles: ['admin' as const, 'manager' as const, 'user' as const] },
    {
      name: 'menu.catalog',
      roles: ['admin' as const, 'manager' as const],
      subItems: [
        ...(withItems ? [{ name: 'menu.items', path: '/items', roles: ['admin' as const, 'manager' as const] }] : []),
        { name: 'menu.categories', path: '/categories', roles: ['admin' as const, 'manager' as const] },
      ],
    },
  ],
  bottom: [],
});
const access = (revoked: string[] = []): UserAccess => {
  const rolePermissions = defaultRolePermissions('manager');
  const effective = rolePermissions.filter((p) => !revoked.includes(p));
  return {
    user: { ...manager, revokedCount: revoked.length },
    rolePermissions,
    granted: [],
    revoked,
    effective,
    menu: menuWith(!revoked.includes('view_items_menu')),
    visiblePaths: [],
    editable: true,
  };
};

function renderPermissions(path = '/permissions', routes: FakeRoute[] = [], language: 'en' | 'es' = 'en') {
  return renderInShell(<App />, {
    path,
    language,
    routes: [
      ...routes,
      on('GET', '/api/backoffice/team/permissions', { rows: [manager], total: 1, page: 1, pageSize: 100 }),
      on('GET', '/api/backoffice/team/permissions/7', access()),
    ],
  });
}

describe('Team › Permissions', () => {
  it('choose a user: their role, their pages and the menu they will see; taking Items away is saved as a revoke', async () => {
    const user = userEvent.setup();
    const { calls } = await renderPermissions('/permissions', [
      on('PUT', '/api/backoffice/team/permissions/7', access(['view_items_menu'])),
    ]);
    await user.selectOptions(
      await screen.findByRole('combobox', { name: /^User/ }),
      'Maria Lopez — manager@cornermarket.test (Manager)',
    );
    const form = await screen.findByRole('form', { name: 'Access of Maria Lopez' });
    expect(within(form).getByRole('combobox', { name: /^Role/ })).toHaveValue('manager');
    const preview = screen.getByRole('navigation', { name: 'Menu of Maria Lopez' });
    expect(within(preview).getByText('Items')).toBeInTheDocument();

    const items = within(within(form).getByRole('group', { name: 'Products catalog' })).getByRole('checkbox', {
      name: 'Items',
    });
    expect(items).toBeChecked();
    await user.click(items);
    expect(items).toHaveAccessibleDescription('Taken away from this user (their role has it).');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/Access of Maria Lopez was saved\./)).toBeInTheDocument();
    expect(JSON.parse(String(calls.find((c) => c.method === 'put')!.data))).toEqual({
      granted: [],
      revoked: ['view_items_menu'],
    });
    // The preview is the server's answer: Items is gone from the menu the user will see.
    expect(within(preview).queryByText('Items')).toBeNull();
    expect(within(preview).getByText('Categories')).toBeInTheDocument();
  });

  it('a refusal reads as a sentence; a role change is sent with the overrides', async () => {
    const user = userEvent.setup();
    const { calls } = await renderPermissions('/permissions?user=7', [
      on('PUT', '/api/backoffice/team/permissions/7', { error: 'admin_only', message: 'x' }, 409),
    ]);
    const form = await screen.findByRole('form', { name: 'Access of Maria Lopez' });
    await user.selectOptions(within(form).getByRole('combobox', { name: /^Role/ }), 'admin');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Only an admin can change the admin role or an admin’s access.'),
    ).toBeInTheDocument();
    expect(JSON.parse(String(calls.find((c) => c.method === 'put')!.data))).toEqual({
      role: 'admin',
      granted: [],
      revoked: [],
    });
  });

  it('reads naturally in Spanish', async () => {
    await renderPermissions('/permissions?user=7', [], 'es');
    expect(await screen.findByRole('heading', { level: 1, name: 'Permisos' })).toBeInTheDocument();
    expect(await screen.findByRole('navigation', { name: 'Menú de Maria Lopez' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'El menú que ve Maria Lopez' })).toBeInTheDocument();
  });
});
