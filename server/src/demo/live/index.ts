// The demo's live registers: paired demo terminals that sell through the device API during each
// shop's opening hours (DEMO_LIVE). Started by the composition root (src/app.ts) after listening.
export { startLiveRegisters, LIVE_APP_VERSION, type LiveRegisters, type LiveRegistersOptions } from './registers';
export { DEMO_OPENING_HOURS, SALES_PER_MINUTE, isTrading, nextSaleGapMs } from './schedule';
export { demoLiveLease, type Lease } from './lease';
