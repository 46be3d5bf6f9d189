// Rewards (menu area "rewards"): gift cards and loyalty points, each with its ledger.
import type { AuthContext } from '../auth';
import type { ServerModule } from '../../module';
import type { PostingStep } from '../receipts';
import { giftCardStep, loyaltyStep } from './posting';
import { giftCardsRouter } from './giftCards';
import { loyaltyRouter, recordPointsEdit } from './loyalty';
import { rewardsMigrations } from './migrations';

export { balanceByNumber, issueGiftCard, moveBalance, redeemByNumber, REDEEM_MESSAGES } from './giftCards';
export { loyaltySettings, openLoyaltyLedger } from './loyalty';
export { seedLoyaltyDemo, seedRewardsDemo } from './demo';
export { giftCardNumbersOf, unknownGiftCardNumbers } from './book';
export type { RewardsTables } from './tables';

export const rewardsModule: ServerModule<AuthContext, PostingStep> = {
  name: 'rewards',
  reads: ['customers', 'ordering_orders', 'receipts'],
  postingSteps: [loyaltyStep, giftCardStep],
  reactions: { pointsEdited: recordPointsEdit },
  migrations: rewardsMigrations,
  routes: {
    backoffice: (ctx) => [
      ['/giftcards', giftCardsRouter(ctx)],
      ['/loyalty', loyaltyRouter(ctx)],
    ],
  },
};
