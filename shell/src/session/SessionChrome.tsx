import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { hasSessionHandling } from '../remotes/areaOfPath';
import type { SessionRuntime } from './sessionRuntime';
import { SessionWarning } from './SessionWarning';

/**
 * The session's own UI and its tie to the router (inside the shell's router): the warning dialog
 * only where there is session handling (SPEC.md 1: not on the storefront or the authentication
 * pages), and every path change reported to the runtime, so that a session that ran out while the
 * storefront was shown ends once the tab is back on a page with session handling.
 */
export function SessionChrome({ runtime }: { runtime: Pick<SessionRuntime, 'service' | 'onNavigated'> }) {
  const { pathname } = useLocation();
  useEffect(() => runtime.onNavigated(), [pathname, runtime]);
  if (!hasSessionHandling(pathname)) return null;
  return <SessionWarning session={runtime.service} />;
}
