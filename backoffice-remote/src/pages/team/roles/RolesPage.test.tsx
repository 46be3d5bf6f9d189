import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { backofficePermissionTree } from '@hive/shared/menu';
import {
  DEFAULT_REGISTER_RIGHTS,
  REGISTER_RIGHTS,
  defaultRolePermissions,
  type RoleInfo,
  type RolesAnswer,
} from '@hive/shared/schemas/backoffice/team';
import App from '../../../App';
import { on, renderInShell, type FakeRoute } from '../../../testing/harness';

const everything = defaultRolePermissions('admin');
const info = (role: RoleInfo['role'], extra: Partial<RoleInfo> = {}): RoleInfo => ({
  role,
  permissions: defaultRolePermissions(role),
  registerRights: { ...DEFAULT_REGISTER_RIGHTS[role] },
  reachable: everything,
  locked: role === 'admin' ? ['view_permissions_menu', 'view_roles_menu'] : [],
  defaults: { permissions: defaultRolePermissions(role), registerRights: { ...DEFAULT_REGISTER_RIGHTS[role] } },
  userCount: role === 'manager' ? 2 : 1,
  editable: true,
  ...extra,
});
const ANSWER: RolesAnswer = {
  menu: backofficePermissionTree(),
  registerRights: REGISTER_RIGHTS,
  roles: [info('admin'), info('manager'), info('user')],
};

function renderRoles(routes: FakeRoute[] = [], language: 'en' | 'es' = 'en', answer = ANSWER) {
  return renderInShell(<App />, {
    path: '/roles',
    language,
    routes: [...routes, on('GET', '/api/backoffice/team/roles', answer)],
  });
}

describe('Team › Roles', () => {
  it('shows the role’s pages grouped like the menu and its register rights; saving sends the matrix', async () => {
    const user = userEvent.setup();
    const { calls } = await renderRoles([
      on('PUT', '/api/backoffice/team/roles/manager', { ...info('manager'), changedUsers: 2 }),
    ]);
    const form = await screen.findByRole('form', { name: 'Manager role permissions' });
    const catalog = within(form).getByRole('group', { name: 'Products catalog' });
    const items = within(catalog).getByRole('checkbox', { name: 'Items' });
    expect(items).toBeChecked();
    await user.click(items);
    await user.click(within(form).getByRole('checkbox', { name: 'Give refunds' }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The Manager role was saved. 2 users’ menus changed.')).toBeInTheDocument();
    const body = JSON.parse(String(calls.find((c) => c.method === 'put')!.data));
    expect(body.permissions).not.toContain('view_items_menu');
    expect(body.permissions).toContain('view_categories_menu');
    expect(body.registerRights).toEqual({ refunds: false, discounts: true, openDrawer: true, void: true });
  });

  it('the admin role keeps Roles and Permissions (locked boxes); a 409 reads as a sentence', async () => {
    const user = userEvent.setup();
    await renderRoles([on('PUT', '/api/backoffice/team/roles/admin', { error: 'last_admin', message: 'x' }, 409)]);
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Role' }), 'admin');
    const form = await screen.findByRole('form', { name: 'Admin role permissions' });
    expect(within(form).getByRole('checkbox', { name: 'Roles' })).toBeDisabled();
    expect(within(form).getByRole('checkbox', { name: 'Roles' })).toHaveAccessibleDescription(
      'Always on for admins, so someone can always give access back.',
    );
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(
        'This would leave no active admin who can open Roles and Permissions. Keep at least one.',
      ),
    ).toBeInTheDocument();
  });

  it('reset to defaults is confirmed and posted', async () => {
    const user = userEvent.setup();
    const { calls } = await renderRoles([
      on('POST', '/api/backoffice/team/roles/manager/reset', { ...info('manager'), changedUsers: 0 }),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Reset to defaults' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Reset the Manager role?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reset to defaults' }));
    expect(await screen.findByText(/The Manager role is back to its defaults\./)).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'post' && c.url?.endsWith('/team/roles/manager/reset'))).toBe(true);
  });

  it('a role the user may not change is read-only; Spanish reads naturally', async () => {
    const user = userEvent.setup();
    await renderRoles([], 'es', {
      ...ANSWER,
      roles: [info('admin', { editable: false }), info('manager'), info('user')],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Roles' })).toBeInTheDocument();
    expect(await screen.findByRole('form', { name: 'Permisos del rol Gerente' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'En las cajas' })).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Rol' }), 'admin');
    const form = await screen.findByRole('form', { name: 'Permisos del rol Administrador' });
    expect(within(form).getByText('Solo un administrador puede cambiar el rol de administrador.')).toBeInTheDocument();
    expect(within(form).getByRole('checkbox', { name: 'Artículos' })).toBeDisabled();
    expect(within(form).queryByRole('button', { name: 'Guardar' })).toBeNull();
  });
});
