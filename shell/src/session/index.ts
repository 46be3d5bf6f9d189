export {
  isLocalSessionExpired,
  LOCAL_SESSION_KEY,
  newSessionId,
  parseLocalSession,
  readLocalSession,
  removeLocalSession,
  sameEmail,
  sessionUserId,
  writeLocalSession,
  type LocalSession,
  type LocalSessionUser,
  type UserId,
} from './localSession';
export {
  createSessionManager,
  nextCheckDelay,
  NO_SESSION_TIMING,
  SessionEndedError,
  shouldPublishTiming,
  timingOf,
  type SessionEndReason,
  type SessionManager,
  type SessionManagerOptions,
  type SessionTiming,
  type SessionUserInput,
  type ValidateOptions,
} from './SessionManager';
export {
  createCrossTabChannel,
  CROSS_TAB_KEY,
  parseCrossTabMessage,
  type CrossTabChannel,
  type CrossTabChannelOptions,
  type CrossTabEventType,
  type CrossTabHandler,
  type CrossTabMessage,
} from './crossTab';
export { clearExpiredFlag, consumeExpiredFlag, EXPIRED_FLAG_KEY, markExpired, peekExpiredFlag } from './expiredFlag';
export { clearOriginStorage, type EnumerableStorage, type StorageLike } from './storage';
export {
  createSessionRuntime,
  defaultLogoutTarget,
  historyNavigate,
  isSessionWarningVisible,
  type BootOptions,
  type LogoutOptions,
  type SessionRuntime,
  type SessionRuntimeOptions,
} from './sessionRuntime';
// The dialog module itself is loaded lazily by SessionWarning: only its types are re-exported here.
export { SessionWarning, type SessionWarningProps } from './SessionWarning';
export { SessionChrome } from './SessionChrome';
export type { SessionWarningDialogProps, SessionWarningTexts } from './SessionWarningDialog';
