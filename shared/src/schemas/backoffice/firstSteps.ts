/**
 * The first-steps checklist on a new company's overview (issue 43): what a business sets up before
 * it sells, each step ticked from the company's own data and linking to the page that does it.
 */

/** In the order shown; `register` needs a store licence, `storefront` online ordering. */
export const FIRST_STEP_KEYS = ['business', 'tax', 'items', 'register', 'sale', 'storefront'] as const;
export type FirstStepKey = (typeof FIRST_STEP_KEYS)[number];

export interface FirstStep {
  key: FirstStepKey;
  done: boolean;
  /** The back-office page that does it. */
  path: string;
}

/** `GET /api/backoffice/first_steps`. */
export interface FirstSteps {
  /** The steps that apply to the company's plan. */
  steps: FirstStep[];
  /** Someone of the company hid it (for everyone, on every device). */
  dismissed: boolean;
  /** The reader may hide it (admin, manager). */
  canDismiss: boolean;
}

/** Shown until every step is done or someone dismissed it. */
export function showFirstSteps(state: FirstSteps): boolean {
  return !state.dismissed && state.steps.some((step) => !step.done);
}
