export {
  initRemotes,
  configureRemotes,
  isRemoteLocal,
  loadRemoteApp,
  prefetchRemoteApp,
  isRemoteConfigured,
  remoteRelease,
  loadedReleases,
  adoptListing,
  RemoteUnavailableError,
} from './registry';
export type { RemoteAppModule, RemotesOptions } from './registry';
export { areaOfPath, hasSessionHandling } from './areaOfPath';
export { RemoteArea } from './RemoteArea';
export { REMOTE_NAMES, type RemoteName, type RemoteMap, type RemoteRelease, type RemoteReleases } from './remoteMap';
export { RemoteIncompatibleError, contractProblem, type RecordedContract } from './contract';
