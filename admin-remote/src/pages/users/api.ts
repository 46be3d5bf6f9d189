// pages/users/api.ts: the users API of the admin console (one place for its endpoints and calls).
import { useMemo } from 'react';
import type { AxiosInstance } from 'axios';
import type { z } from 'zod';
import { useHttp } from '@hive/shared/shell-contract';
import type { StaffAccess, userLockSchema } from '@hive/shared/schemas/admin';
import { ADMIN_API } from '../../api';

/** Endpoints (GETs read by useAdminQuery/useAdminList take these). */
export const USERS_URL = {
  users: `${ADMIN_API}/users`,
  user: (id: number) => `${ADMIN_API}/users/${id}`,
} as const;

export type UserLock = z.output<typeof userLockSchema>;

/** The calls: each a typed function; bodies typed from the shared zod schemas. */
export function usersApi(http: AxiosInstance) {
  return {
    /** Mails the user a link to choose a new password. */
    sendResetLink: async (id: number) => (await http.post<unknown>(`${USERS_URL.user(id)}/reset-link`, {})).data,
    setLocked: async (id: number, body: UserLock) =>
      (await http.post<unknown>(`${USERS_URL.user(id)}/lock`, body)).data,
    /** A staff member's role and admin console permissions. */
    saveAccess: async (id: number, body: StaffAccess) =>
      (await http.put<unknown>(`${USERS_URL.user(id)}/access`, body)).data,
  };
}
export type UsersApi = ReturnType<typeof usersApi>;

/** The area's API on the shell's HTTP client (session headers, 401/403 handling). */
export function useUsersApi(): UsersApi {
  const http = useHttp();
  return useMemo(() => usersApi(http), [http]);
}
