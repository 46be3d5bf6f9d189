import { createContext, useContext } from 'react';
import type { AdminAction, AdminMe } from '@hive/shared/schemas/admin';

/** GET /api/admin/me, loaded once by the staff area; null until it answers. */
export const AdminMeContext = createContext<AdminMe | null>(null);

/** Whether the server will accept `action` from this user (for hints only: the server decides). */
export function useCan(action: AdminAction): boolean | null {
  const me = useContext(AdminMeContext);
  return me ? me.rights.includes(action) : null;
}

export function useAdminMe(): AdminMe | null {
  return useContext(AdminMeContext);
}
