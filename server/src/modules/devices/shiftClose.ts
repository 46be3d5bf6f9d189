import type { Kysely } from 'kysely';
import { TERMINAL_ONLINE_WINDOW_MS, type CloseShiftInput } from '@hive/shared/schemas/backoffice/devices';
import type { Database } from '../../database';
import { ingestEvents, lockTillIngest, recordShiftCloser, shiftCloseEvent } from '../receipts';
import { notFound, refused } from '../merchant';
import { writeLog } from './log';

/*
 * A shift left open by a register that died, closed from the back-office (Devices › Terminals).
 * The closing is the register's own: a shift_close event for the shift, posted through the one
 * ingest as if the terminal had sent it, so the closing row, the expected cash, the difference and
 * the Z report are exactly what a closing on the register gives. What is added is who did it (on
 * the shift and in the terminal's log). A register that comes back and closes the shift too is
 * answered with this closing and changes nothing (receipts/plan).
 */

export interface ShiftClosing {
  shiftId: number;
  number: number;
  closedAt: number;
  countedCashCents: number;
  expectedCashCents: number;
  differenceCents: number;
}

const ONLINE_MINUTES = Math.round(TERMINAL_ONLINE_WINDOW_MS / 60_000);

/** The money of the log's English message: minor units as a plain amount ("-1.50"). */
const amount = (cents: number) => `${cents < 0 ? '-' : ''}${(Math.abs(cents) / 100).toFixed(2)}`;

/**
 * Closes the terminal's open shift `input.shiftId` with the counted cash. 404 for a terminal or
 * shift that is not the company's (or not this terminal's); 409 `shift_closed` when it is closed
 * already, 409 `terminal_online` while the register is online (its shift is in use there: it
 * closes it itself).
 */
export async function closeShiftFromBackoffice(
  db: Kysely<Database>,
  who: { companyId: number; userId: number; terminalId: number; now: number },
  input: CloseShiftInput,
): Promise<ShiftClosing> {
  const { companyId, userId, terminalId, now } = who;
  return db.transaction().execute(async (trx) => {
    // Taken before anything is read: a batch of this register cannot slip in between.
    await lockTillIngest(trx, companyId, terminalId);
    const terminal = await trx
      .selectFrom('terminals')
      .select(['id', 'name', 'status', 'last_seen_at'])
      .where('company_id', '=', companyId)
      .where('id', '=', terminalId)
      .executeTakeFirst();
    if (!terminal) throw notFound('terminal');
    const shift = await trx
      .selectFrom('shifts')
      .select(['id', 'client_id', 'number', 'status', 'location_id', 'closed_at', 'closed_by_email'])
      .where('company_id', '=', companyId)
      .where('terminal_id', '=', terminalId)
      .where('id', '=', input.shiftId)
      .executeTakeFirst();
    if (!shift) throw notFound('shift');
    const number = Number(shift.number);
    if (shift.status !== 'open') {
      const where = shift.closed_by_email ? 'from the back-office' : 'on the register';
      throw refused('shift_closed', `Shift ${number} is already closed (${where}): its closing is in Closings.`, {
        number,
        shiftId: shift.id,
      });
    }
    const lastSeen = terminal.last_seen_at === null ? null : Number(terminal.last_seen_at);
    if (terminal.status === 'paired' && lastSeen !== null && now - lastSeen <= TERMINAL_ONLINE_WINDOW_MS) {
      const seconds = Math.max(0, Math.round((now - lastSeen) / 1000));
      throw refused(
        'terminal_online',
        `${terminal.name} is online (heard from ${seconds} s ago), so shift ${number} is still in use there: ` +
          `close it on the register. The back-office can close it once the register has been silent for ` +
          `${ONLINE_MINUTES} minutes.`,
        { terminal: terminal.name, number, seconds, minutes: ONLINE_MINUTES },
      );
    }

    const [user, employee] = await Promise.all([
      trx.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow(),
      // The closing names who closed it, as a register does: the user's own employee, if any.
      trx
        .selectFrom('employees')
        .select('id')
        .where('company_id', '=', companyId)
        .where('user_id', '=', userId)
        .orderBy('id')
        .executeTakeFirst(),
    ]);
    const event = shiftCloseEvent({
      shiftId: shift.client_id,
      at: now,
      countedCashCents: input.countedCashCents,
      employeeId: employee?.id ?? null,
      ...(input.note ? { note: input.note } : {}),
    });
    const { results } = await ingestEvents(trx, { companyId, terminalId, locationId: shift.location_id }, [event], {
      now,
    });
    const result = results[0]!;
    if (result.status !== 'stored') {
      throw new Error(`closing shift ${shift.id} from the back-office: ${JSON.stringify(result)}`);
    }
    const closing: ShiftClosing = {
      shiftId: shift.id,
      number,
      closedAt: now,
      countedCashCents: input.countedCashCents,
      expectedCashCents: result.expectedCashCents!,
      differenceCents: result.differenceCents!,
    };
    await recordShiftCloser(trx, companyId, shift.id, { userId, email: user.email });
    await writeLog(trx, {
      companyId,
      terminalId,
      at: now,
      kind: 'shift',
      level: 'warning',
      message:
        `Shift ${number} closed from the back-office by ${user.email}: counted ${amount(closing.countedCashCents)}, ` +
        `expected ${amount(closing.expectedCashCents)}, difference ${amount(closing.differenceCents)}`,
      details: {
        userId,
        email: user.email,
        shiftId: shift.id,
        shiftNumber: number,
        eventId: event.id,
        countedCashCents: closing.countedCashCents,
        expectedCashCents: closing.expectedCashCents,
        differenceCents: closing.differenceCents,
        lastSeenAt: lastSeen,
      },
    });
    return closing;
  });
}
