export {
  giftCardsRouter,
  balanceByNumber,
  issueGiftCard,
  moveBalance,
  redeemByNumber,
  REDEEM_MESSAGES,
} from './giftCards';
export { rewardsMigrations } from './migrations';
export type { RewardsTables } from './tables';
export { loyaltyRouter, loyaltySettings, openLoyaltyLedger, recordPointsEdit } from './loyalty';
export { loyaltyStep, giftCardStep } from './posting';
