import express, { type Router } from 'express';
import { sql, type Kysely, type Transaction } from 'kysely';
import {
  TERMINAL_ONLINE_WINDOW_MS,
  closeShiftInputSchema,
  terminalInputSchema,
  type ShiftClosedFromBackoffice,
  type Terminal,
  type TerminalList,
  type TerminalOptions,
  type TerminalPairing,
} from '@hive/shared/schemas/backoffice/devices';
import type { LocationOption } from '@hive/shared/schemas/backoffice/settings';
import { PAIRING_CODE_TTL_MS } from '@hive/shared/schemas/device';
import type { AuthContext } from '../auth';
import type { Database } from '../../database';
import { parseOrThrow } from '../../platform/http';
import { startOfLocalDay } from '../../platform/time';
import {
  announceWrites,
  merchantOf,
  requirePage,
  conflictOr,
  fieldProblem,
  idParam,
  noStore,
  notFound,
  refused,
} from '../merchant';
import { companyLocale } from '../settings';
import { writeLog } from './log';
import { newPairingCode, sha256 } from './secrets';
import { closeShiftFromBackoffice } from './shiftClose';

const PAGE = '/terminal';
const NAME_TAKEN = 'another terminal already has this name';

type Db = Kysely<Database> | Transaction<Database>;

/** The company's locations for a picker (inactive ones too: a terminal may still stand there). */
export async function locationOptions(db: Db, companyId: number): Promise<LocationOption[]> {
  const rows = await db
    .selectFrom('locations')
    .select(['id', 'name', 'active'])
    .where('company_id', '=', companyId)
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, active: Number(r.active) === 1 }));
}

/** 400 on `field` unless `locationId` is one of the company's locations. */
export async function checkLocation(db: Db, companyId: number, locationId: number, field = 'locationId') {
  const row = await db
    .selectFrom('locations')
    .select('id')
    .where('id', '=', locationId)
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  if (!row) throw fieldProblem(field, 'choose one of the options');
}

function selectTerminals(db: Db, companyId: number) {
  return db
    .selectFrom('terminals as t')
    .leftJoin('locations as l', 'l.id', 't.location_id')
    .where('t.company_id', '=', companyId)
    .select([
      't.id',
      't.name',
      't.location_id',
      'l.name as location_name',
      't.status',
      't.last_seen_at',
      't.last_sync_at',
      't.app_version',
      't.device_model',
      't.paired_at',
      't.pairing_code_hash',
      't.pairing_expires_at',
      't.created_at',
      't.updated_at',
    ]);
}

type TerminalRow = Awaited<ReturnType<ReturnType<typeof selectTerminals>['executeTakeFirstOrThrow']>>;

/** Terminals as the page shows them, with their open shift and today's sales. */
export async function loadTerminals(db: Db, companyId: number, now: number, only?: number): Promise<Terminal[]> {
  let query = selectTerminals(db, companyId);
  if (only !== undefined) query = query.where('t.id', '=', only);
  const rows = await query
    .orderBy(sql`lower(t.name)`)
    .orderBy('t.id')
    .execute();
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const { timezone } = await companyLocale(db, companyId);
  const [shifts, today, used] = await Promise.all([
    db
      .selectFrom('shifts as s')
      .leftJoin('employees as e', (join) => join.onRef('e.id', '=', 's.opened_by').on('e.company_id', '=', companyId))
      .select(['s.id', 's.terminal_id', 's.number', 's.opened_at', 'e.name as opened_by'])
      .where('s.company_id', '=', companyId)
      .where('s.status', '=', 'open')
      .where('s.terminal_id', 'in', ids)
      .execute(),
    db
      .selectFrom('receipts')
      .select(['terminal_id', sql<number>`count(*)`.as('n')])
      .where('company_id', '=', companyId)
      .where('kind', '=', 'sale')
      .where('terminal_id', 'in', ids)
      .where('created_at', '>=', startOfLocalDay(now, timezone))
      .groupBy('terminal_id')
      .execute(),
    // One probe per terminal (receipts by terminal are indexed): the live page asks every few seconds.
    db
      .selectFrom('terminals as t')
      .select('t.id')
      .where('t.company_id', '=', companyId)
      .where('t.id', 'in', ids)
      .where((eb) =>
        eb.or([
          eb.exists(eb.selectFrom('receipts as r').select('r.id').whereRef('r.terminal_id', '=', 't.id')),
          eb.exists(
            eb
              .selectFrom('shifts as s')
              .select('s.id')
              .where('s.company_id', '=', companyId)
              .whereRef('s.terminal_id', '=', 't.id'),
          ),
        ]),
      )
      .execute(),
  ]);
  const shiftOf = new Map(shifts.map((s) => [s.terminal_id, s]));
  const todayOf = new Map(today.map((t) => [t.terminal_id, Number(t.n)]));
  const withHistory = new Set(used.map((u) => u.id));
  return rows.map((row) =>
    toTerminal(row, now, shiftOf.get(row.id), todayOf.get(row.id) ?? 0, withHistory.has(row.id)),
  );
}

function toTerminal(
  row: TerminalRow,
  now: number,
  shift: { id: number; number: number; opened_at: number; opened_by: string | null } | undefined,
  receiptsToday: number,
  hasHistory: boolean,
): Terminal {
  const lastSeen = row.last_seen_at === null ? null : Number(row.last_seen_at);
  const codeExpires = row.pairing_code_hash && row.pairing_expires_at !== null ? Number(row.pairing_expires_at) : null;
  return {
    id: row.id,
    name: row.name,
    locationId: row.location_id,
    locationName: row.location_name ?? null,
    status: row.status,
    online: row.status === 'paired' && lastSeen !== null && now - lastSeen <= TERMINAL_ONLINE_WINDOW_MS,
    lastSeenAt: lastSeen,
    lastSyncAt: row.last_sync_at === null ? null : Number(row.last_sync_at),
    appVersion: row.app_version,
    deviceModel: row.device_model,
    pairedAt: row.paired_at === null ? null : Number(row.paired_at),
    pairingExpiresAt: codeExpires !== null && codeExpires > now ? codeExpires : null,
    openShift: shift
      ? { id: shift.id, number: Number(shift.number), openedAt: Number(shift.opened_at), openedBy: shift.opened_by }
      : null,
    receiptsToday,
    hasHistory,
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

export async function loadTerminal(db: Db, companyId: number, id: number, now: number): Promise<Terminal> {
  const [terminal] = await loadTerminals(db, companyId, now, id);
  if (!terminal) throw notFound('terminal');
  return terminal;
}

/**
 * A fresh pairing code for the terminal (the previous open code stops working). Codes are unique
 * among open codes (a unique index on their hash): one that is taken, a one-in-2^40 event, is
 * drawn again before it is written.
 */
async function issueCode(
  db: Db,
  companyId: number,
  terminalId: number,
  now: number,
): Promise<{ code: string; expiresAt: number }> {
  const expiresAt = now + PAIRING_CODE_TTL_MS;
  let code = newPairingCode();
  while (
    await db.selectFrom('terminals').select('id').where('pairing_code_hash', '=', sha256(code)).executeTakeFirst()
  ) {
    code = newPairingCode();
  }
  await db
    .updateTable('terminals')
    .set({ pairing_code_hash: sha256(code), pairing_expires_at: expiresAt, updated_at: now })
    .where('id', '=', terminalId)
    .where('company_id', '=', companyId)
    .execute();
  return { code, expiresAt };
}

/** `/api/backoffice/terminals`: the company's registers, their pairing, renaming, moving, unpairing. */
export function terminalsRouter(ctx: AuthContext): Router {
  const router = express.Router();
  const { db } = ctx;
  router.use(requirePage(ctx, PAGE));
  // Paired (a code), renamed, moved, unpaired, added or deleted: the terminals page shows it.
  router.use(announceWrites(ctx, 'terminals'));

  router.get('/', async (_req, res) => {
    const now = ctx.now();
    const body: TerminalList = { rows: await loadTerminals(db, merchantOf(res).companyId, now), serverTime: now };
    noStore(res).json(body);
  });

  router.get('/options', async (_req, res) => {
    const body: TerminalOptions = { locations: await locationOptions(db, merchantOf(res).companyId) };
    noStore(res).json(body);
  });

  router.get('/:id', async (req, res) => {
    noStore(res).json(await loadTerminal(db, merchantOf(res).companyId, idParam(req.params.id), ctx.now()));
  });

  router.post('/', async (req, res) => {
    const input = parseOrThrow(terminalInputSchema, req.body);
    const { companyId, userId } = merchantOf(res);
    const now = ctx.now();
    await checkLocation(db, companyId, input.locationId);
    const pairing = await db
      .transaction()
      .execute(async (trx) => {
        const created = await trx
          .insertInto('terminals')
          .values({
            company_id: companyId,
            location_id: input.locationId,
            name: input.name,
            status: 'new',
            pairing_code_hash: null,
            pairing_expires_at: null,
            token_hash: null,
            paired_at: null,
            last_seen_at: null,
            last_sync_at: null,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const code = await issueCode(trx, companyId, created.id, now);
        await writeLog(trx, {
          companyId,
          terminalId: created.id,
          at: now,
          kind: 'pairing',
          message: 'Terminal added; pairing code issued',
          details: { userId, expiresAt: code.expiresAt },
        });
        return { id: created.id, ...code };
      })
      .catch((error: unknown) => conflictOr(error, 'name', NAME_TAKEN));
    const body: TerminalPairing = {
      terminal: await loadTerminal(db, companyId, pairing.id, now),
      pairingCode: pairing.code,
      pairingExpiresAt: pairing.expiresAt,
      serverTime: now,
    };
    noStore(res).status(201).json(body);
  });

  // Rename and move (one body).
  router.put('/:id', async (req, res) => {
    const id = idParam(req.params.id);
    const input = parseOrThrow(terminalInputSchema, req.body);
    const { companyId, userId } = merchantOf(res);
    const now = ctx.now();
    const current = await loadTerminal(db, companyId, id, now);
    await checkLocation(db, companyId, input.locationId);
    await db
      .transaction()
      .execute(async (trx) => {
        await trx
          .updateTable('terminals')
          .set({ name: input.name, location_id: input.locationId, updated_at: now })
          .where('id', '=', id)
          .where('company_id', '=', companyId)
          .execute();
        const changes: string[] = [];
        if (current.name !== input.name) changes.push(`renamed from "${current.name}" to "${input.name}"`);
        if (current.locationId !== input.locationId) changes.push('moved to another location');
        if (changes.length > 0) {
          await writeLog(trx, {
            companyId,
            terminalId: id,
            at: now,
            kind: 'settings',
            message: `Terminal ${changes.join(' and ')}`,
            details: { userId, from: { name: current.name, locationId: current.locationId }, to: input },
          });
        }
      })
      .catch((error: unknown) => conflictOr(error, 'name', NAME_TAKEN));
    noStore(res).json(await loadTerminal(db, companyId, id, now));
  });

  // A new one-time code: for a terminal never paired, unpaired, or whose device is being replaced
  // (its current device keeps working until the new code is used).
  router.post('/:id/pairing_code', async (req, res) => {
    const id = idParam(req.params.id);
    const { companyId, userId } = merchantOf(res);
    const now = ctx.now();
    await loadTerminal(db, companyId, id, now);
    const code = await db.transaction().execute(async (trx) => {
      const issued = await issueCode(trx, companyId, id, now);
      await writeLog(trx, {
        companyId,
        terminalId: id,
        at: now,
        kind: 'pairing',
        message: 'Pairing code issued',
        details: { userId, expiresAt: issued.expiresAt },
      });
      return issued;
    });
    const body: TerminalPairing = {
      terminal: await loadTerminal(db, companyId, id, now),
      pairingCode: code.code,
      pairingExpiresAt: code.expiresAt,
      serverTime: now,
    };
    noStore(res).json(body);
  });

  // Revokes the device token at once (its next call answers 401) and any open pairing code.
  router.post('/:id/unpair', async (req, res) => {
    const id = idParam(req.params.id);
    const { companyId, userId } = merchantOf(res);
    const now = ctx.now();
    const current = await loadTerminal(db, companyId, id, now);
    if (current.status !== 'paired' && current.pairingExpiresAt === null) {
      throw refused('not_paired', 'This terminal is not paired and has no open pairing code.');
    }
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('terminals')
        .set({
          status: current.status === 'paired' ? 'unpaired' : current.status,
          token_hash: null,
          pairing_code_hash: null,
          pairing_expires_at: null,
          updated_at: now,
        })
        .where('id', '=', id)
        .where('company_id', '=', companyId)
        .execute();
      await writeLog(trx, {
        companyId,
        terminalId: id,
        at: now,
        kind: 'pairing',
        level: 'warning',
        message: current.status === 'paired' ? 'Unpaired: the device token was revoked' : 'Pairing code withdrawn',
        details: { userId },
      });
    });
    noStore(res).json(await loadTerminal(db, companyId, id, now));
  });

  // A shift a dead register left open, closed with the cash counted (refused while it is online).
  router.post('/:id/close_shift', async (req, res) => {
    const id = idParam(req.params.id);
    const input = parseOrThrow(closeShiftInputSchema, req.body);
    const { companyId, userId } = merchantOf(res);
    const now = ctx.now();
    const closing = await closeShiftFromBackoffice(db, { companyId, userId, terminalId: id, now }, input);
    // The closings and the overview (the router announces the terminals).
    ctx.live.publishChange(companyId, 'shifts');
    const body: ShiftClosedFromBackoffice = { ...closing, terminal: await loadTerminal(db, companyId, id, now) };
    noStore(res).json(body);
  });

  // Only a terminal that never sold: one with receipts or shifts is unpaired instead (its history stays).
  router.delete('/:id', async (req, res) => {
    const id = idParam(req.params.id);
    const { companyId } = merchantOf(res);
    await loadTerminal(db, companyId, id, ctx.now());
    const used = await db
      .selectFrom('receipts')
      .select('id')
      .where('company_id', '=', companyId)
      .where('terminal_id', '=', id)
      .limit(1)
      .executeTakeFirst();
    const shift = await db
      .selectFrom('shifts')
      .select('id')
      .where('company_id', '=', companyId)
      .where('terminal_id', '=', id)
      .limit(1)
      .executeTakeFirst();
    if (used || shift) {
      throw refused('terminal_has_sales', 'This terminal has sales or shifts: unpair it instead, its history stays.');
    }
    await db.deleteFrom('terminals').where('id', '=', id).where('company_id', '=', companyId).execute();
    res.status(204).end();
  });

  return router;
}
