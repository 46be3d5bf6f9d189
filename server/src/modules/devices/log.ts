import express, { type Router } from 'express';
import { sql, type Kysely, type Transaction } from 'kysely';
import {
  terminalLogQuerySchema,
  type LogLevel,
  type TerminalLogEntry,
  type TerminalLogKind,
  type TerminalLogList,
  type TerminalLogOptions,
} from '@hive/shared/schemas/backoffice/devices';
import type { AuthContext } from '../auth';
import type { Database } from '../../database';
import { parseOrThrow } from '../../platform/http';
import { merchantOf, requirePage, noStore } from '../merchant';

type Db = Kysely<Database> | Transaction<Database>;

export interface LogInput {
  companyId: number;
  terminalId: number;
  at: number;
  kind: TerminalLogKind;
  level?: LogLevel;
  message: string;
  details?: Record<string, unknown>;
}

/** Appends to a terminal's log (the /terminal_log page reads it). */
export async function writeLog(db: Db, entries: LogInput | LogInput[]): Promise<void> {
  const list = Array.isArray(entries) ? entries : [entries];
  if (list.length === 0) return;
  await db
    .insertInto('terminal_log')
    .values(
      list.map((e) => ({
        company_id: e.companyId,
        terminal_id: e.terminalId,
        at: e.at,
        kind: e.kind,
        level: e.level ?? 'info',
        message: e.message,
        details: JSON.stringify(e.details ?? {}),
      })),
    )
    .execute();
}

function parseDetails(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** `/api/backoffice/terminal_log`: every terminal's log, newest first, filtered and paginated. */
export function terminalLogRouter(ctx: AuthContext): Router {
  const router = express.Router();
  router.use(requirePage(ctx, '/terminal_log'));

  // The terminal filter's choices (this page's own: /terminal may be another permission).
  router.get('/options', async (_req, res) => {
    const rows = await ctx.db
      .selectFrom('terminals as t')
      .leftJoin('locations as l', 'l.id', 't.location_id')
      .select(['t.id', 't.name', 'l.name as location_name'])
      .where('t.company_id', '=', merchantOf(res).companyId)
      .orderBy(sql`lower(t.name)`)
      .orderBy('t.id')
      .execute();
    const body: TerminalLogOptions = {
      terminals: rows.map((r) => ({ id: r.id, name: r.name, locationName: r.location_name ?? null })),
    };
    noStore(res).json(body);
  });

  router.get('/', async (req, res) => {
    const q = parseOrThrow(terminalLogQuerySchema, req.query);
    const { companyId } = merchantOf(res);
    let query = ctx.db
      .selectFrom('terminal_log as l')
      .innerJoin('terminals as t', 't.id', 'l.terminal_id')
      .where('l.company_id', '=', companyId);
    if (q.terminalId !== undefined) query = query.where('l.terminal_id', '=', q.terminalId);
    if (q.kind !== undefined) query = query.where('l.kind', '=', q.kind);
    if (q.level !== undefined) query = query.where('l.level', '=', q.level);
    if (q.from !== undefined) query = query.where('l.at', '>=', q.from);
    if (q.to !== undefined) query = query.where('l.at', '<', q.to);
    const [rows, count] = await Promise.all([
      query
        .select(['l.id', 'l.at', 'l.terminal_id', 't.name', 'l.kind', 'l.level', 'l.message', 'l.details'])
        .orderBy('l.at', 'desc')
        .orderBy('l.id', 'desc')
        .limit(q.pageSize)
        .offset((q.page - 1) * q.pageSize)
        .execute(),
      query.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
    ]);
    const body: TerminalLogList = {
      rows: rows.map((r): TerminalLogEntry => ({
        id: r.id,
        at: Number(r.at),
        terminalId: r.terminal_id,
        terminalName: r.name,
        kind: r.kind as TerminalLogKind,
        level: r.level,
        message: r.message,
        details: parseDetails(r.details),
      })),
      total: Number(count.n),
      page: q.page,
      pageSize: q.pageSize,
    };
    noStore(res).json(body);
  });

  return router;
}
