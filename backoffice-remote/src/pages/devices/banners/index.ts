// What the two banner pages share: the list, the form, the device preview (one place, two configs).
export { BannersPage } from './BannersPage';
export { BannerPreview, PREVIEW_MODES } from './BannerPreview';
export { DISPLAY_BANNERS, KIOSK_BANNERS, prefixOf } from './config';
export type { BannerPageConfig } from './config';
