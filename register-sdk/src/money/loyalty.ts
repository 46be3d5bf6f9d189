/*
 * Loyalty points (config `loyalty`): what a sale earns and what points are worth when a customer
 * redeems them. The server checks a redemption's amount with pointsValueCents
 * (`points_value_mismatch`) and credits what pointsEarned gives.
 */

export interface LoyaltyRule {
  pointsPerUnit: number;
  valuePer100Cents: number;
}

/**
 * Points a sale earns: `pointsPerUnit` per 1.00 of its net amount (after discounts, without tax),
 * rounded down. A refund takes back what its own net amount earned, the same way.
 */
export const pointsEarned = (rule: LoyaltyRule, netCents: number): number =>
  netCents <= 0 ? 0 : Math.floor((netCents * rule.pointsPerUnit) / 100);

/** What `points` are worth at the register, in cents, rounded down. */
export const pointsValueCents = (rule: LoyaltyRule, points: number): number =>
  Math.floor((points * rule.valuePer100Cents) / 100);
