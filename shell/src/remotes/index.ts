export {
  initRemotes,
  configureRemotes,
  isRemoteLocal,
  loadRemoteApp,
  prefetchRemoteApp,
  isRemoteConfigured,
  RemoteUnavailableError,
} from './registry';
export type { RemoteAppModule, RemotesOptions } from './registry';
export { areaOfPath, hasSessionHandling } from './areaOfPath';
export { RemoteArea } from './RemoteArea';
export { REMOTE_NAMES, type RemoteName, type RemoteMap } from './remoteMap';
export { RemoteIncompatibleError, contractProblem, type RecordedContract } from './contract';
