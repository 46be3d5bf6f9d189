import type { EventError } from '@hive/shared/schemas/device';
import type { PostingStep } from '../posting';
import { problem, Reject, type IngestDevice, type Lookup, type PlannedReceipt, type ShiftState } from './types';

/* Checks shared by the planners, and the posting steps' own checks of a planned receipt. */

export function checkShift(lookup: Lookup, device: IngestDevice, key: string, field: string): ShiftState {
  const shift = lookup.shifts.get(key);
  if (!shift) throw problem(field, 'unknown_shift', `${field}: no shift_open with this id was stored`);
  if (shift.terminalId !== device.terminalId) {
    throw problem(field, 'shift_of_another_terminal', `${field}: the shift belongs to another terminal`);
  }
  if (shift.status !== 'open') {
    const how = shift.closedInBackoffice ? ' (from the back-office)' : '';
    throw problem(field, 'shift_closed', `${field}: the shift is already closed${how}`);
  }
  return shift;
}

export function checkEmployee(lookup: Lookup, id: number | null | undefined): number | null {
  if (id === null || id === undefined) return null;
  if (!lookup.employees.has(id)) throw problem('employeeId', 'unknown_employee', 'employeeId: no such employee');
  return id;
}

export function checkTotals(
  errors: EventError[],
  sent: { subtotalCents: number; discountCents: number; taxCents: number; totalCents: number },
  computed: { subtotalCents: number; discountCents: number; taxCents: number; totalCents: number },
): void {
  for (const key of ['subtotalCents', 'discountCents', 'taxCents', 'totalCents'] as const) {
    if (sent[key] !== computed[key]) {
      errors.push({
        field: `totals.${key}`,
        code: 'totals_mismatch',
        message: `totals.${key}: the lines add up to ${computed[key]}, not ${sent[key]}`,
      });
    }
  }
}

/** A posting step with the book it loaded for the batch. */
export interface LoadedStep {
  step: PostingStep;
  book: unknown;
}

/**
 * The steps' checks of a sale or refund that passed every other check, in step order: the first
 * that rejects it puts back what the earlier ones moved in their books, and the event is rejected.
 */
export function checkWithSteps(steps: readonly LoadedStep[], receipt: PlannedReceipt): void {
  const done: LoadedStep[] = [];
  for (const loaded of steps) {
    if (!loaded.step.checkReceipt) continue;
    const errors = loaded.step.checkReceipt(loaded.book, receipt);
    if (errors && errors.length > 0) {
      for (const earlier of done.reverse()) earlier.step.undoReceipt?.(earlier.book, receipt);
      throw new Reject(errors);
    }
    done.push(loaded);
  }
}
