import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { BACKOFFICE_DEFAULT_NAMESPACE } from '@hive/shared/config';

/**
 * Namespaces beside 'common' (public/locales/<lng>/<ns>.json): one per menu area with many texts,
 * so that each area's pages load their own words, not every area's.
 */
export const AREA_NAMESPACES = {
  settings: 'settings',
  devices: 'devices',
  reports: 'reports',
  inventory: 'inventory',
  team: 'team',
  // The scheduling pages (pages/scheduling/): the schedule and the time clock read 'scheduling', the
  // labour reports and print views 'labor', so that neither loads the other's words.
  scheduling: 'scheduling',
  labor: 'labor',
  // Products catalog: bundles.
  catalog: 'catalog',
  // Offers and rewards: discounts (offers) and gift cards (rewards).
  offers: 'offers',
  rewards: 'rewards',
  // Sales: invoices.
  sales: 'sales',
} as const;
export type AreaNamespace = (typeof AREA_NAMESPACES)[keyof typeof AREA_NAMESPACES];

/** `t` of an area's namespace; common keys are reached as `common:...`. */
export function useAreaT(ns: AreaNamespace) {
  return useTranslation(ns);
}

/** The page, once its area's texts are loaded (the page shows "Loading…" meanwhile, never keys). */
export function withAreaTexts<P extends object>(ns: AreaNamespace, Page: ComponentType<P>): ComponentType<P> {
  function WithTexts(props: P) {
    const { ready } = useTranslation(ns);
    const { t } = useTranslation(BACKOFFICE_DEFAULT_NAMESPACE);
    return ready ? <Page {...props} /> : <p role="status">{t('common.loading')}</p>;
  }
  WithTexts.displayName = `WithAreaTexts(${Page.displayName ?? Page.name})`;
  return WithTexts;
}
