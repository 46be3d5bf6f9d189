import { kitchenTicketsStep } from './backoffice/devices';
import { stockStep } from './backoffice/inventory';
import { rollupsStep } from './backoffice/reports';
import { giftCardStep, loyaltyStep } from './backoffice/rewards';
import { clockStep } from './backoffice/team';
import { registerPostingSteps, type PostingStep } from './receipts';

/*
 * What posting a batch of register events does beyond the receipts' own rows, in order (see
 * receipts/posting.ts). Planning checks in this order too: a sale's points are checked (and moved
 * in the batch's book) before its gift card payments, which are the last check.
 */
export const POSTING_STEPS: readonly PostingStep[] = [
  clockStep,
  loyaltyStep,
  giftCardStep,
  rollupsStep,
  stockStep,
  kitchenTicketsStep,
];

/** Registers the steps every ingest posts with (the app does it once at start). */
export function installPostingSteps(): void {
  registerPostingSteps(POSTING_STEPS);
}
