// Offers (menu area "offers"): discounts and promotions with their item and category targets.
import type { AuthContext } from '../auth';
import type { ServerModule } from '../../module';
import { discountsRouter } from './discounts';
import { offersMigrations } from './migrations';
import { promotionsRouter } from './promotions';

export { loadDiscounts, type DiscountDefinition } from './discounts';
export { loadPromotions } from './promotions';
export { seedOffersDemo, seedPromotionsDemo } from './demo';
export type { OffersTables } from './tables';

export const offersModule: ServerModule<AuthContext> = {
  name: 'offers',
  reads: ['categories', 'items', 'receipt_discounts', 'receipt_lines', 'receipts'],
  migrations: offersMigrations,
  routes: {
    backoffice: (ctx) => [
      ['/discounts', discountsRouter(ctx)],
      ['/promotions', promotionsRouter(ctx)],
    ],
  },
};
