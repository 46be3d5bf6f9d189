/**
 * Which terminals the demo's live registers drive, and how they pair. Only the demo's own: the
 * terminals the demo seed created (DEMO_DEVICES, by name) that nobody else holds. A merchant who
 * pairs a device of their own to one, or has a pairing code out for it, keeps it to themselves;
 * any other terminal of a demo company (a test register, the simulator's) is never looked at.
 *
 * The demo's token is derived from AUTH_SECRET, the terminal and the pairing's instant, so its
 * terminals are recognised by their token hash alone: a restart, or another instance taking the
 * lease, finds them still paired and carries on without revoking anything.
 *
 * Pairing is a write here, not a POST /pair: that route's per-address limit is the budget of people
 * typing codes, which the demo (whose calls all come from the server's own address) must neither
 * spend nor be refused by.
 */
import { createHmac } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { WeekHours } from '@hive/shared/schemas/ordering';
import { DEMO_DEVICES, sha256, writeLog } from '../../modules/devices';
import type { Database } from '../../database';
import { invalidateConfig } from '../../modules/device-api';
import type { LiveBus } from '../../platform/live';

export const LIVE_APP_VERSION = 'demo-live-1.0';
export const LIVE_DEVICE_MODEL = 'Hive Register T2 (demo)';

export interface DemoTerminal {
  id: number;
  name: string;
  companyId: number;
  slug: string;
  timezone: string;
  hours: WeekHours;
}

/** A device token (the format of newDeviceToken) that only this server's secret can compute. */
export function demoToken(key: Buffer, terminalId: number, pairedAt: number): string {
  return `hdt_${createHmac('sha256', key).update(`demo-live:${terminalId}:${pairedAt}`).digest('base64url')}`;
}

/** The demo seed's terminals of the active demo companies that have opening hours. */
export async function demoTerminals(
  db: Kysely<Database>,
  hoursOf: (slug: string) => WeekHours | undefined,
): Promise<DemoTerminal[]> {
  const rows = await db
    .selectFrom('terminals as t')
    .innerJoin('companies as c', 'c.id', 't.company_id')
    .leftJoin('locations as l', 'l.id', 't.location_id')
    .leftJoin('company_profiles as p', 'p.company_id', 't.company_id')
    .select(['t.id', 't.name', 't.company_id', 'c.slug', 'c.status', 'l.timezone as location_zone', 'p.timezone'])
    .where('c.slug', 'in', Object.keys(DEMO_DEVICES))
    .orderBy('t.id')
    .execute();
  return rows.flatMap((r) => {
    const hours = hoursOf(r.slug);
    const seeded = DEMO_DEVICES[r.slug]?.terminals.some((t) => t.name === r.name) ?? false;
    if (!hours || !seeded || r.status !== 'active') return [];
    const timezone = r.location_zone ?? r.timezone ?? 'UTC';
    return [{ id: r.id, name: r.name, companyId: r.company_id, slug: r.slug, timezone, hours }];
  });
}

/**
 * The demo's token for `terminal`: the one it already holds, or a new pairing when the terminal is
 * free (not paired, no pairing code waiting to be typed). Null: someone else has it.
 */
export async function claimTerminal(
  db: Kysely<Database>,
  options: { key: Buffer; now: number; live?: LiveBus },
  terminal: Pick<DemoTerminal, 'id' | 'companyId'>,
): Promise<string | null> {
  const { key, now } = options;
  const row = await db
    .selectFrom('terminals')
    .select(['status', 'token_hash', 'paired_at', 'pairing_code_hash', 'pairing_expires_at'])
    .where('id', '=', terminal.id)
    .where('company_id', '=', terminal.companyId)
    .executeTakeFirst();
  if (!row) return null;
  if (row.status === 'paired') {
    const held = row.paired_at === null ? null : demoToken(key, terminal.id, Number(row.paired_at));
    return held !== null && sha256(held) === row.token_hash ? held : null;
  }
  const codeOut = row.pairing_code_hash !== null && Number(row.pairing_expires_at ?? 0) > now;
  if (codeOut) return null;
  const token = demoToken(key, terminal.id, now);
  const claimed = await db.transaction().execute(async (trx) => {
    // Only as read: a code issued or a device paired meanwhile wins.
    const result = await trx
      .updateTable('terminals')
      .set({
        token_hash: sha256(token),
        status: 'paired',
        paired_at: now,
        pairing_code_hash: null,
        pairing_expires_at: null,
        app_version: LIVE_APP_VERSION,
        device_model: LIVE_DEVICE_MODEL,
        updated_at: now,
      })
      .where('id', '=', terminal.id)
      .where('status', '=', row.status)
      .where((eb) =>
        row.pairing_code_hash === null
          ? eb('pairing_code_hash', 'is', null)
          : eb('pairing_code_hash', '=', row.pairing_code_hash),
      )
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return false;
    await writeLog(trx, {
      companyId: terminal.companyId,
      terminalId: terminal.id,
      at: now,
      kind: 'pairing',
      message: "Paired by the demo's live registers (DEMO_LIVE)",
      details: { appVersion: LIVE_APP_VERSION, deviceModel: LIVE_DEVICE_MODEL },
    });
    return true;
  });
  if (!claimed) return null;
  // As POST /pair does: the cached configuration carries the previous pairing's PIN verifiers.
  invalidateConfig(db, terminal.companyId);
  options.live?.publishChange(terminal.companyId, 'terminals', { terminalId: terminal.id });
  return token;
}
