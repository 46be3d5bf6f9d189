import { fakeApi } from '@hive/shared/testing/fakeApi';
import type { NewEmployeeInput } from '@hive/shared/schemas/backoffice/team';
import { TEAM_ENDPOINT, TEAM_URL, teamApi } from './api';

const fakeHttp = (data?: unknown) => fakeApi(teamApi, data);

describe('the team API', () => {
  it('names its endpoints under /api/backoffice', () => {
    expect(TEAM_ENDPOINT).toEqual({ employees: 'team/employees', positions: 'team/positions' });
    expect(TEAM_URL.employeeOptions).toBe('/api/backoffice/team/employees/options');
    expect(TEAM_URL.permissions).toBe('/api/backoffice/team/permissions');
    expect(TEAM_URL.userAccess('7')).toBe('/api/backoffice/team/permissions/7');
    expect(TEAM_URL.roles).toBe('/api/backoffice/team/roles');
  });

  it('creates employees, gives PINs, invites and revokes back-office access', async () => {
    const { http, api } = fakeHttp({ pin: '4821' });
    const employee = { name: 'Ana' } as NewEmployeeInput;
    await expect(api.createEmployee(employee)).resolves.toEqual({ pin: '4821' });
    expect(http.post).toHaveBeenLastCalledWith('/api/backoffice/team/employees', employee);
    await api.newPin(3);
    expect(http.post).toHaveBeenLastCalledWith('/api/backoffice/team/employees/3/pin', {});
    await api.resetAllPins();
    expect(http.post).toHaveBeenLastCalledWith('/api/backoffice/team/employees/pins/reset', { employeeIds: 'all' });
    await api.invite(3, { role: 'manager' });
    expect(http.post).toHaveBeenLastCalledWith('/api/backoffice/team/employees/3/invite', { role: 'manager' });
    await api.revoke(3);
    expect(http.post).toHaveBeenLastCalledWith('/api/backoffice/team/employees/3/revoke', {});
  });

  it("saves a user's access and a role's pages, and resets a role", async () => {
    const { http, api } = fakeHttp({ changedUsers: 0 });
    const overrides = { role: 'user' as const, granted: ['/items'], revoked: [] };
    await api.saveAccess(7, overrides);
    expect(http.put).toHaveBeenLastCalledWith('/api/backoffice/team/permissions/7', overrides);
    const role = {
      permissions: ['/items'],
      registerRights: { refunds: true, discounts: false, openDrawer: true, void: false },
    };
    await expect(api.saveRole('manager', role)).resolves.toEqual({ changedUsers: 0 });
    expect(http.put).toHaveBeenLastCalledWith('/api/backoffice/team/roles/manager', role);
    await api.resetRole('manager');
    expect(http.post).toHaveBeenLastCalledWith('/api/backoffice/team/roles/manager/reset', {});
  });
});
