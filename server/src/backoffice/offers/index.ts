export { discountsRouter, loadDiscounts, type DiscountDefinition } from './discounts';
export { offersMigrations } from './migrations';
export type { OffersTables } from './tables';
export { loadPromotions, promotionsRouter } from './promotions';
