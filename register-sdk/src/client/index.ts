export { DEVICE_API_PATH, MAX_BATCH, RegisterClient, type ClientOptions } from './client.ts';
export { DEFAULT_RETRY, backoffMs, retryAfterMs, type RetryPolicy } from './backoff.ts';
export { DeviceApiError, DeviceApiUnavailable } from './errors.ts';
export { MemoryQueue, flushQueue, type FlushResult, type OfflineQueue } from './queue.ts';
export type * from './types.ts';
