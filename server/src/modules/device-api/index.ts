// The device API (/api/device/v1): what the registers pair, sync and print with (docs/device-api.md).
import type { AuthContext } from '../auth';
import type { ServerModule } from '../../module';
import { DEFAULT_DEVICE_RATE_LIMITS } from './auth';
import { invalidateConfig } from './config';
import { mountDevice, mountDeviceParser } from './routes';

export { deviceRouter, DEVICE_BODY_LIMIT } from './routes';
export { DEFAULT_DEVICE_RATE_LIMITS, type DeviceRateLimits, type DeviceLimiters } from './auth';
export { buildConfig, configFor, invalidateConfig } from './config';
export { openApiDocument, ERROR_CODES, OPERATION_ERRORS, type ErrorCode, type OperationId } from './openapi';
export { checkPinVerifier } from './pinVerifiers';

export const deviceApiModule: ServerModule<AuthContext> = {
  name: 'device-api',
  reads: [
    'banner_locations',
    'banners',
    'categories',
    'companies',
    'company_addons',
    'company_profiles',
    'company_roles',
    'employee_locations',
    'employees',
    'item_level_prices',
    'item_taxes',
    'items',
    'locations',
    'order_types',
    'payment_types',
    'price_level_locations',
    'price_levels',
    'print_jobs',
    'printer_categories',
    'printers',
    'receipts',
    'shifts',
    'tax_rates',
    'terminals',
    'time_entries',
  ],
  routes: {
    // The registers' event batches (up to 5 MB).
    parsers: mountDeviceParser,
    // The registers: Bearer device tokens, no cookies (docs/device-api.md).
    app: (app, ctx, env) => mountDevice(app, ctx, env.limiters('device', DEFAULT_DEVICE_RATE_LIMITS)),
    // A change in the back-office reaches the registers' config at once (not after its cache expires).
    backofficeWritten: (ctx, companyId) => invalidateConfig(ctx.db, companyId),
  },
};
