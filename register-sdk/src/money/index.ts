/*
 * The money rules a register applies exactly as the server does (docs/device-api.md §4): the server
 * recomputes every amount a register sends with these functions and rejects an event whose figures
 * differ. Pure and dependency-free: the server, the storefront, the simulator and registers share them.
 */
export {
  MAX_SALE_CENTS,
  computeRefund,
  computeSale,
  refundLineAmounts,
  splitProportionally,
  type LineAmounts,
  type RefundableLine,
  type SaleAmounts,
  type SaleLineInput,
  type SaleProblem,
} from './sale.ts';
export {
  lineTaxes,
  priceOrder,
  type AppliedTax,
  type LineTaxes,
  type PricedOrder,
  type PricingLine,
  type PricingTax,
} from './pricing.ts';
export {
  PROMOTION_KINDS,
  evaluatePromotions,
  promotionRunsAt,
  promotionStatus,
  type AppliedPromotion,
  type BasketLine,
  type PromotionKind,
  type PromotionRule,
  type PromotionStatus,
} from './promotions.ts';
export {
  checkModifierChoice,
  choiceRule,
  chosenModifiers,
  describeChoiceRule,
  type ChoiceProblem,
  type ChoiceRule,
  type ModifierChoice,
  type ModifierGroupRule,
} from './modifiers.ts';
export { discountCents, discountCovers, type DiscountRule, type DiscountScope } from './discounts.ts';
export { paymentShares, tender, type TenderProblem } from './tender.ts';
export { receiptTotals, type ConfigTaxRate, type ReceiptLineInput, type ReceiptTotals } from './receipt.ts';
export { pointsEarned, pointsValueCents, type LoyaltyRule } from './loyalty.ts';
