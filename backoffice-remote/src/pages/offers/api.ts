// pages/offers/api.ts: the offers API of the back-office (one place for its endpoints).
// Discounts and promotions are saved, listed and exported by the resource frame, which takes the
// collection's `endpoint`; the forms only read the options they choose from.
import { API } from '../../api';

/** The collections as the resource frame and `useSaveRecord` take them (`endpoint`, under /api/backoffice). */
export const OFFERS_ENDPOINT = {
  discounts: 'discounts',
  promotions: 'promotions',
} as const;

/** Endpoints (GETs read by useApi take these). */
export const OFFERS_URL = {
  /** What a discount or a promotion can target (items, categories, ...): both forms read it. */
  discountOptions: `${API}/${OFFERS_ENDPOINT.discounts}/options`,
} as const;
