// One module per flow of SPEC.md 4 over one shared context; sessionRuntime.ts wires them.
export { boot, runDeferredBoot, type BootOptions } from './boot';
export { cleanupBeforeSignIn, cleanupStorage, forceCleanup } from './cleanup';
export { createSessionContext, historyNavigate, type SessionContext, type SessionRuntimeOptions } from './context';
export { adopt, clearTab, listenToOtherTabs } from './crossTab';
export { expire } from './expiry';
export { extend } from './extend';
export { defaultLogoutTarget, logout, type LogoutOptions } from './logout';
export { onSignedIn, onSignedOut } from './signIn';
export { finishPendingSignOut, forgetPendingSignOut, hasPendingSignOut } from './pendingSignOut';
