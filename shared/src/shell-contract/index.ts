export type {
  AuthService,
  LiveService,
  LiveStatus,
  Session,
  SessionService,
  SessionSnapshot,
  SessionStatus,
  ShellServices,
  SignInOptions,
  SignInResult,
  SignOutOptions,
} from './types';
export { createSessionSource, INITIAL_SESSION } from './sessionSource';
export type { SessionSource } from './sessionSource';
export {
  ShellContext,
  ShellProvider,
  useAuth,
  useHttp,
  useLive,
  useLiveStatus,
  useOptionalShell,
  useSession,
  useShell,
} from './context';
export type { ShellProviderProps } from './context';
export { LEGACY_CONTRACT_RANGE, majorOfRange, satisfiesRange, SHELL_CONTRACT_VERSION } from './version';
