export {
  createLiveService,
  LIVE_RECONNECT_MAX_MS,
  LIVE_RECONNECT_MIN_MS,
  type EventSourceFactory,
  type EventSourceLike,
  type LiveServiceOptions,
  type ShellLiveService,
} from './liveService';
