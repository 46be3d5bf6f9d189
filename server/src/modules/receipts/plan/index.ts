import type { EventResult } from '@hive/shared/schemas/device';
import { checkEmployee, checkShift, checkWithSteps, type LoadedStep } from './checks';
import { planRefund, rememberRefund } from './refund';
import { planSale, rememberSale } from './sale';
import {
  problem,
  Reject,
  type AnyParsed,
  type IngestDevice,
  type Lookup,
  type Plan,
  type PlannedShiftClose,
  type ShiftState,
} from './types';

export { loadLookup, loadSales, customersOf, idsIn } from './lookup';
export type { LoadedStep } from './checks';
export * from './types';

/**
 * Plans the batch's events in order against the lookup plus what the earlier events of the batch
 * did (a refund of a sale two events earlier, a receipt in a shift opened in the same batch). Reads
 * nothing and writes nothing: a rejected event gets its result here and is left out of the plan.
 */
export function plan(
  events: readonly { index: number; event: AnyParsed }[],
  lookup: Lookup,
  steps: readonly LoadedStep[],
  device: IngestDevice,
  results: EventResult[],
): Plan {
  const out: Plan = { receipts: [], opens: [], closes: [], movements: [], stored: [] };
  for (const { index, event: e } of events) {
    const key = e.id.toLowerCase();
    try {
      switch (e.type) {
        case 'receipt': {
          const planned = planSale(e, index, lookup, device);
          checkWithSteps(steps, planned);
          out.receipts.push(planned);
          rememberSale(lookup, planned);
          break;
        }
        case 'refund': {
          const planned = planRefund(e, index, lookup, device);
          checkWithSteps(steps, planned);
          out.receipts.push(planned);
          rememberRefund(planned);
          break;
        }
        case 'shift_open': {
          const employeeId = checkEmployee(lookup, e.employeeId);
          if (lookup.openShift !== null) {
            throw problem(
              'event',
              'shift_already_open',
              'event: this terminal already has an open shift; close it first',
            );
          }
          const state: ShiftState = { dbId: null, key, number: null, terminalId: device.terminalId, status: 'open' };
          lookup.shifts.set(key, state);
          lookup.openShift = key;
          out.opens.push({
            index,
            key,
            at: e.at,
            employeeId,
            openingFloatCents: e.openingFloatCents,
            state,
            close: null,
          });
          break;
        }
        case 'shift_close': {
          const closed = lookup.shifts.get(e.shiftId.toLowerCase());
          if (closed?.closedInBackoffice && closed.terminalId === device.terminalId) {
            // Its register comes back and closes it too: the back-office's closing stands and
            // nothing changes; the answer is that closing, so the register drops the event.
            results[index] = {
              id: key,
              status: 'duplicate',
              shiftNumber: closed.number!,
              ...closed.closedInBackoffice,
            };
            continue;
          }
          const employeeId = checkEmployee(lookup, e.employeeId);
          const shift = checkShift(lookup, device, e.shiftId.toLowerCase(), 'shiftId');
          shift.status = 'closed';
          if (lookup.openShift === shift.key) lookup.openShift = null;
          const close: PlannedShiftClose = {
            index,
            key,
            shift,
            at: e.at,
            employeeId,
            countedCashCents: e.countedCashCents,
            note: e.note ?? '',
          };
          out.closes.push(close);
          const opened = out.opens.find((o) => o.state === shift);
          if (opened) opened.close = close;
          break;
        }
        case 'cash_movement': {
          const employeeId = checkEmployee(lookup, e.employeeId);
          const shift = checkShift(lookup, device, e.shiftId.toLowerCase(), 'shiftId');
          out.movements.push({
            index,
            key,
            shift,
            at: e.at,
            employeeId,
            kind: e.kind,
            amountCents: e.amountCents,
            reason: e.reason.trim(),
          });
          break;
        }
        default: {
          // Events the receipts do not own (the time clock's) are planned by the step that posts them.
          const owner = steps.find((s) => s.step.eventTypes?.includes(e.type) && s.step.checkEvent);
          if (!owner) throw problem('type', 'unknown_type', `type: nothing posts ${e.type} events`);
          const error = owner.step.checkEvent!(owner.book, index, e);
          if (error) throw new Reject([error]);
          break;
        }
      }
      out.stored.push({ index, key, type: e.type, at: e.at });
    } catch (error) {
      if (!(error instanceof Reject)) throw error;
      results[index] = { id: key, status: 'rejected', errors: error.errors };
    }
  }
  return out;
}
