export {
  initRemotes,
  loadRemoteApp,
  prefetchRemoteApp,
  prefetchRemoteAppWhenIdle,
  whenIdle,
  isRemoteConfigured,
  RemoteUnavailableError,
} from './registry';
export type { RemoteAppModule } from './registry';
export { RemoteArea } from './RemoteArea';
export { REMOTE_NAMES, type RemoteName, type RemoteMap } from './remoteMap';
