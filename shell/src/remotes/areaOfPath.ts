import { ROUTES } from '@hive/shared/config';
import { isSessionFreePath } from '@hive/shared/http';
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
  if (SHELL_PATHS.has(path) || isAuthenticationPath(path)) return null;
  if (path === ROUTES.admin || path.startsWith(`${ROUTES.admin}/`)) return 'admin';
  // The router matches `/ordering/*` (`/ordering` itself too) without regard to case.
  const lower = path.toLowerCase();
  if (lower === '/ordering' || lower.startsWith('/ordering/')) return 'ordering';
  return 'backoffice';
}

const AUTHENTICATION = ROUTES.authentication.replace(/\/+$/, '');

/** The authentication area: `/authentication` and every path under it. */
function isAuthenticationPath(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  return path === AUTHENTICATION || path.startsWith(`${AUTHENTICATION}/`);
}

/**
 * SPEC.md 1: the public ordering area (the storefront) and the authentication area have no session
 * handling: no full-screen session check before they render, no session warning, and a session that
 * runs out while the tab shows one of them does not log out there (it ends, if still over, when the
 * tab comes back to a page that has session handling). The rule is @hive/shared's isSessionFreePath.
 */
export function hasSessionHandling(pathname: string): boolean {
  return !isSessionFreePath(pathname);
}
