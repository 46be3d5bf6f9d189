import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { ROUTES } from '@hive/shared/config';
import { canSeePath } from '@hive/shared/menu';
import { selectMenuContext, useAppSelector } from '@hive/shared/store';

/**
 * Route guard: a page renders only when the user's menu shows its path (the same `canSeePath` as
 * the sidebar and the server). A typed URL or an old bookmark otherwise lands on /unauthorized.
 */
export function RequireMenuPath({ path, children }: { path: string; children: ReactNode }) {
  const ctx = useAppSelector(selectMenuContext);
  if (!canSeePath(path, ctx)) return <Navigate to={ROUTES.unauthorized} replace />;
  return <>{children}</>;
}
