// pages/team/api.ts: the team API of the back-office (one place for its endpoints and calls).
import { useMemo } from 'react';
import type { AxiosInstance } from 'axios';
import type { z } from 'zod';
import type { BackofficeRole } from '@hive/shared/config';
import { useHttp } from '@hive/shared/shell-contract';
import type {
  Employee,
  EmployeeWithPin,
  inviteSchema,
  NewEmployeeInput,
  OverridesInput,
  PinResetResult,
  RoleChangeAnswer,
  RoleInput,
  UserAccess,
} from '@hive/shared/schemas/backoffice/team';
import { API } from '../../api';

/** The collections as the resource frame and `useSaveRecord` take them (`endpoint`, under /api/backoffice). */
export const TEAM_ENDPOINT = {
  employees: 'team/employees',
  positions: 'team/positions',
} as const;

/** Endpoints (GETs read by useApi take these). */
export const TEAM_URL = {
  employees: `${API}/${TEAM_ENDPOINT.employees}`,
  employee: (id: number) => `${API}/${TEAM_ENDPOINT.employees}/${id}`,
  employeeOptions: `${API}/${TEAM_ENDPOINT.employees}/options`,
  permissions: `${API}/team/permissions`,
  /** One user's access (the id as the page's `?user=` gives it). */
  userAccess: (userId: number | string) => `${API}/team/permissions/${userId}`,
  roles: `${API}/team/roles`,
  role: (role: BackofficeRole) => `${API}/team/roles/${role}`,
} as const;

export type InviteInput = z.input<typeof inviteSchema>;

/** The calls: each a typed function; bodies typed from the shared zod schemas. */
export function teamApi(http: AxiosInstance) {
  return {
    /** A new employee comes back with their PIN (shown once). */
    createEmployee: async (body: NewEmployeeInput) => (await http.post<EmployeeWithPin>(TEAM_URL.employees, body)).data,
    /** A new PIN, made up by the server. */
    newPin: async (id: number) => (await http.post<EmployeeWithPin>(`${TEAM_URL.employee(id)}/pin`, {})).data,
    resetAllPins: async () =>
      (await http.post<PinResetResult>(`${TEAM_URL.employees}/pins/reset`, { employeeIds: 'all' })).data,
    invite: async (id: number, body: InviteInput) =>
      (await http.post<Employee>(`${TEAM_URL.employee(id)}/invite`, body)).data,
    revoke: async (id: number) => (await http.post<Employee>(`${TEAM_URL.employee(id)}/revoke`, {})).data,
    saveAccess: async (userId: number, body: OverridesInput) =>
      (await http.put<UserAccess>(TEAM_URL.userAccess(userId), body)).data,
    saveRole: async (role: BackofficeRole, body: RoleInput) =>
      (await http.put<RoleChangeAnswer>(TEAM_URL.role(role), body)).data,
    resetRole: async (role: BackofficeRole) =>
      (await http.post<RoleChangeAnswer>(`${TEAM_URL.role(role)}/reset`, {})).data,
  };
}
export type TeamApi = ReturnType<typeof teamApi>;

/** The area's API on the shell's HTTP client (session headers, 401/403 handling). */
export function useTeamApi(): TeamApi {
  const http = useHttp();
  return useMemo(() => teamApi(http), [http]);
}
