import { ROUTES } from '@hive/shared/config';
import type { RemoteName } from './remoteMap';

/** The shell's own top-level paths (app/routes.tsx); every other path belongs to a remote. */
const SHELL_PATHS = new Set<string>([
  ROUTES.landing,
  ROUTES.signup,
  ROUTES.resetpass,
  ROUTES.appShell,
  ROUTES.unauthorized,
  ROUTES.sessionExpired,
]);

/**
 * The remote that renders `pathname` (app/routes.tsx), or null for the shell's own pages. Boot starts
 * the federation at once for a remote's path, and leaves it off the shell's pages (the login page).
 */
export function areaOfPath(pathname: string): RemoteName | null {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (SHELL_PATHS.has(path) || path === '/authentication' || path.startsWith('/authentication/')) return null;
  if (path === ROUTES.admin || path.startsWith(`${ROUTES.admin}/`)) return 'admin';
  if (path.startsWith('/ordering/')) return 'ordering';
  return 'backoffice';
}
