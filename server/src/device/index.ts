// The device API (/api/device/v1): what the registers pair, sync and print with (docs/device-api.md).
export { mountDevice, mountDeviceParser, deviceRouter, DEVICE_BODY_LIMIT } from './routes';
export { DEFAULT_DEVICE_RATE_LIMITS, type DeviceRateLimits, type DeviceLimiters } from './auth';
export { buildConfig, configFor, invalidateConfig } from './config';
export { openApiDocument } from './openapi';
