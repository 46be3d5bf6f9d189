import type { BannerKind } from '@hive/shared/schemas/backoffice/devices';
import { DEVICES_ENDPOINT, type BannerEndpoint } from '../api';

/** What differs between the two banner pages; everything else is one page (BannersPage). */
export interface BannerPageConfig {
  kind: BannerKind;
  /** The menu path. */
  path: '/kioske_banner' | '/customer_display_banner';
  /** The API collection under /api/backoffice. */
  endpoint: BannerEndpoint;
  /** This page's own texts in the 'devices' namespace (title of the form, hints...). */
  texts: 'kioskBanners' | 'displayBanners';
}

export const KIOSK_BANNERS: BannerPageConfig = {
  kind: 'kiosk',
  path: '/kioske_banner',
  endpoint: DEVICES_ENDPOINT.kioskBanners,
  texts: 'kioskBanners',
};

export const DISPLAY_BANNERS: BannerPageConfig = {
  kind: 'customer_display',
  path: '/customer_display_banner',
  endpoint: DEVICES_ENDPOINT.displayBanners,
  texts: 'displayBanners',
};

/** The i18n prefix of a page's own texts, as ResourceEditor and useSaveRecord take it. */
export const prefixOf = (config: BannerPageConfig) => `devices:${config.texts}`;
