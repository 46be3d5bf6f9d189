import { lazy, Suspense, useCallback, useEffect, useSyncExternalStore } from 'react';
import type { SessionService } from '@hive/shared/shell-contract';
import { isSessionWarningVisible } from './sessionRuntime';
import type { SessionWarningTexts } from './SessionWarningDialog';

// The dialog is off the login page's critical path: it is fetched once a user is signed in, long
// before the first warning can show (and a page that never signs in never loads it).
const loadDialog = () => import('./SessionWarningDialog');
const SessionWarningDialog = lazy(() => loadDialog().then((m) => ({ default: m.SessionWarningDialog })));

export interface SessionWarningProps {
  /** ShellServices.session (or runtime.service). */
  session: SessionService;
  texts?: Partial<SessionWarningTexts>;
  now?: () => number;
}

/** Renders the dialog while the published session state says so (`isSessionWarningVisible`). */
export function SessionWarning({ session, texts, now }: SessionWarningProps) {
  const subscribe = useCallback((listener: () => void) => session.subscribe(listener), [session]);
  const getSnapshot = useCallback(() => session.getSnapshot(), [session]);
  const snapshot = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  const signedIn = snapshot.status === 'authenticated';
  useEffect(() => {
    if (signedIn) void loadDialog();
  }, [signedIn]);
  // The contract's extend() resolves either way: it worked when the warning is gone afterwards.
  const onExtend = useCallback(async () => {
    await session.extend();
    return !isSessionWarningVisible(session.getSnapshot());
  }, [session]);
  const onLogout = useCallback(() => session.logout(), [session]);
  if (!isSessionWarningVisible(snapshot) || snapshot.remainingMs === null) return null;
  return (
    <Suspense fallback={null}>
      <SessionWarningDialog
        remainingMs={snapshot.remainingMs}
        expiresAt={snapshot.expiresAt}
        onExtend={onExtend}
        onLogout={onLogout}
        texts={texts}
        now={now}
      />
    </Suspense>
  );
}
