import { createContext, useCallback, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import type { AuthService, LiveService, LiveStatus, Session, ShellServices } from './types';

export const ShellContext = createContext<ShellServices | null>(null);
ShellContext.displayName = 'ShellContext';

export interface ShellProviderProps {
  services: ShellServices;
  children?: ReactNode;
}

/** Provided by the shell around every remote; @hive/shared is a singleton, so remotes see it. */
export function ShellProvider({ services, children }: ShellProviderProps) {
  return <ShellContext.Provider value={services}>{children}</ShellContext.Provider>;
}

export function useShell(): ShellServices {
  const services = useContext(ShellContext);
  if (!services) {
    throw new Error(
      'useShell() must be used inside <ShellProvider>: render this component through the shell ' +
        '(or wrap it in a ShellProvider in a standalone entry or test).',
    );
  }
  return services;
}

/** For components that also run without a shell (returns null instead of throwing). */
export function useOptionalShell(): ShellServices | null {
  return useContext(ShellContext);
}

export function useHttp(): ShellServices['http'] {
  return useShell().http;
}

export function useAuth(): AuthService {
  return useShell().auth;
}

/** Re-renders when the session snapshot changes. */
export function useSession(): Session {
  const { session } = useShell();
  // Wrapped so that class-based implementations keep their `this`.
  const subscribe = useCallback((listener: () => void) => session.subscribe(listener), [session]);
  const getSnapshot = useCallback(() => session.getSnapshot(), [session]);
  const snapshot = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  return useMemo(
    () => ({ ...snapshot, extend: () => session.extend(), logout: () => session.logout() }),
    [snapshot, session],
  );
}

const NO_LIVE = () => () => undefined;
const RECONNECTING = (): LiveStatus => 'reconnecting';

/** The shell's live stream, or null without one (a test's shell, or no shell). */
export function useLive(): LiveService | null {
  return useOptionalShell()?.live ?? null;
}

/** The live stream's status; 'reconnecting' without a stream. Re-renders when it changes. */
export function useLiveStatus(): LiveStatus {
  const live = useLive();
  const subscribe = useCallback((listener: () => void) => (live ? live.status.subscribe(listener) : NO_LIVE()), [live]);
  const get = useCallback(() => (live ? live.status.get() : RECONNECTING()), [live]);
  return useSyncExternalStore(subscribe, get, get);
}
