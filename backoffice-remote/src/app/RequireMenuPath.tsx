import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { ROUTES } from '@hive/shared/config';
import { canSeePath } from '@hive/shared/menu';
import { selectMenuContext, useAppSelector } from '@hive/shared/store';
import { LockedFeature } from './LockedFeature';
import { planUnlocking } from './planUnlock';

/**
 * Route guard: a page renders only when the user's menu shows its path (the same `canSeePath` as
 * the sidebar and the server). A typed URL or an old bookmark otherwise lands on /unauthorized,
 * unless it is the plan that hides the page: then the page says which licence or add-on brings it
 * and how to ask (LockedFeature). A plan change read live re-renders this at once.
 */
export function RequireMenuPath({ path, children }: { path: string; children: ReactNode }) {
  const ctx = useAppSelector(selectMenuContext);
  if (canSeePath(path, ctx)) return <>{children}</>;
  const unlock = planUnlocking(path, ctx);
  if (unlock) return <LockedFeature path={path} unlock={unlock} />;
  return <Navigate to={ROUTES.unauthorized} replace />;
}
