import type { z } from 'zod';
import {
  DEVICE_LIMITS,
  EVENT_SCHEMAS,
  EVENT_TYPES,
  type EventError,
  type EventErrorCode,
  type EventResult,
  type EventType,
} from '@hive/shared/schemas/device';
import type { AnyParsed } from './plan';

/* The first pass over a batch: each event parsed on its own, and the outcomes of repeated ids. */

const ZOD_CODE: EventErrorCode = 'invalid';

function zodErrors(error: z.ZodError): EventError[] {
  const seen = new Set<string>();
  const out: EventError[] = [];
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? issue.path.map(String).join('.') : 'event';
    if (seen.has(field)) continue;
    seen.add(field);
    out.push({ field, code: ZOD_CODE, message: `${field}: ${issue.message}` });
  }
  return out;
}

/**
 * Parses each event of the batch (already known to be objects with a UUID `id` and a string
 * `type`): the valid ones are returned in order, the others get their result. A repeated id is
 * settled after the batch (see settleRepeats).
 */
export function parseBatch(
  batch: readonly { id: string; type: string }[],
  now: number,
  results: EventResult[],
): { valid: { index: number; event: AnyParsed }[]; firstOf: Map<string, number> } {
  const valid: { index: number; event: AnyParsed }[] = [];
  const firstOf = new Map<string, number>();
  batch.forEach((raw, index) => {
    const key = raw.id.toLowerCase();
    if (firstOf.has(key)) return; // settled below, after the first one
    firstOf.set(key, index);
    if (!(EVENT_TYPES as readonly string[]).includes(raw.type)) {
      results[index] = {
        id: key,
        status: 'rejected',
        errors: [{ field: 'type', code: 'unknown_type', message: `type: must be one of ${EVENT_TYPES.join(', ')}` }],
      };
      return;
    }
    const parsed = EVENT_SCHEMAS[raw.type as EventType].safeParse(raw);
    if (!parsed.success) {
      results[index] = { id: key, status: 'rejected', errors: zodErrors(parsed.error) };
      return;
    }
    if (parsed.data.at > now + DEVICE_LIMITS.clockSkewMs) {
      results[index] = {
        id: key,
        status: 'rejected',
        errors: [{ field: 'at', code: 'bad_time', message: 'at: the time is in the future; check the register clock' }],
      };
      return;
    }
    valid.push({ index, event: parsed.data as AnyParsed });
  });
  return { valid, firstOf };
}

/** A repeated id in the batch: a duplicate of the first when that one was stored, else rejected alike. */
export function settleRepeats(
  batch: readonly { id: string }[],
  firstOf: Map<string, number>,
  results: EventResult[],
): void {
  batch.forEach((raw, index) => {
    if (results[index]) return;
    const first = results[firstOf.get(raw.id.toLowerCase())!]!;
    results[index] =
      first.status === 'rejected' ? { ...first } : { id: first.id, status: 'duplicate', ...withoutStatus(first) };
  });
}

function withoutStatus(result: EventResult): Omit<EventResult, 'id' | 'status'> {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { id, status, errors, ...rest } = result;
  return rest;
}

export function parseResult(text: string): Omit<EventResult, 'id' | 'status'> {
  try {
    const value = JSON.parse(text) as Record<string, unknown>;
    const out: Omit<EventResult, 'id' | 'status'> = {};
    for (const key of [
      'receiptNumber',
      'shiftNumber',
      'expectedCashCents',
      'differenceCents',
      'timeEntryId',
    ] as const) {
      if (typeof value[key] === 'number') out[key] = value[key] as number;
    }
    return out;
  } catch {
    return {};
  }
}
