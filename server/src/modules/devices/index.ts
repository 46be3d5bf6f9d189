// Devices (menu area "devices"): terminals and pairing, the terminal log, printers and the print
// queue, kiosk and customer-display banners, and their demo data. The registers' own API is the
// device-api module (server/src/modules/device-api/).
import type { AuthContext } from '../auth';
import type { ServerModule } from '../../module';
import type { PostingStep } from '../receipts';
import { kitchenTicketsStep } from './posting';
import { bannersRouter, mountBannerUploadParser } from './banners';
import { devicesMigrations } from './migrations';
import { printJobsRouter, printersRouter } from './printers';
import { terminalLogRouter } from './log';
import { terminalsRouter } from './terminals';

export { loadTerminals, locationOptions } from './terminals';
export { writeLog, type LogInput } from './log';
export {
  acknowledgePrintJob,
  clearPairingCode,
  markPrintJobsDelivered,
  markTerminalSeen,
  markTerminalSynced,
  pairTerminal,
  type Pairing,
} from './deviceWrites';
export { queueJob, queueKitchenTickets, type KitchenLine } from './printers';
export { bannerState, bannerVersion, BANNER_ROUTES } from './banners';
export { newDeviceToken, newPairingCode, sha256, DEVICE_TOKEN } from './secrets';
export { seedDevicesDemo, DEMO_DEVICES } from './demo';
export { bannerPng } from './png';
export type { DevicesTables } from './tables';

export const devicesModule: ServerModule<AuthContext, PostingStep> = {
  name: 'devices',
  reads: ['categories', 'employees', 'locations', 'receipts', 'shifts', 'users'],
  postingSteps: [kitchenTicketsStep],
  migrations: devicesMigrations,
  routes: {
    // The banner images (2 MB in base64) before the shared 32 kB parsers.
    parsers: mountBannerUploadParser,
    backoffice: (ctx) => [
      ['/terminals', terminalsRouter(ctx)],
      ['/terminal_log', terminalLogRouter(ctx)],
      ['/printers', printersRouter(ctx)],
      ['/print_jobs', printJobsRouter(ctx)],
      ['/kiosk_banners', bannersRouter(ctx, 'kiosk')],
      ['/customer_display_banners', bannersRouter(ctx, 'customer_display')],
    ],
  },
};
