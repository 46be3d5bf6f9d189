// Devices (menu area "devices"): terminals and pairing, the terminal log, printers and the print
// queue, kiosk and customer-display banners, and their demo data. The registers' own API is in
// server/src/device/.
export { devicesMigrations } from './migrations';
export { kitchenTicketsStep } from './posting';
export { terminalsRouter, loadTerminals, locationOptions } from './terminals';
export { terminalLogRouter, writeLog, type LogInput } from './log';
export { printersRouter, printJobsRouter, queueJob, queueKitchenTickets, type KitchenLine } from './printers';
export { bannersRouter, mountBannerUploadParser, bannerState, bannerVersion, BANNER_ROUTES } from './banners';
export { newDeviceToken, newPairingCode, sha256, DEVICE_TOKEN } from './secrets';
export { seedDevicesDemo, DEMO_DEVICES } from './demo';
export type { DevicesTables } from './tables';
