import type { Kysely } from 'kysely';
import type { DeviceEvent } from '@hive/shared/schemas/device';
import { SimulatedRegister, createRandom } from '@hive/shared/simulation/register';
import type { Database } from '../database';
import { buildConfig } from '../modules/device-api';
import { companyLocale } from '../modules/settings';
import { ingestEvents } from '../modules/receipts';
import { startOfLocalDay, zoneOffsetMs } from '../platform/time';

/*
 * The demo companies' sales history: the register simulator's generator run over past days on the
 * company's own terminals (each with its real device configuration), stored through the same
 * ingest as live register events. History and live data therefore have one shape: shifts with
 * their closings, split payments, tips, refunds of earlier sales, pay-outs.
 */

const DAY_MS = 86_400_000;
const BATCH = 500;

export interface HistoryProfile {
  /** Average sales on an ordinary day. */
  perDay: number;
  /** Multipliers Sunday..Saturday. */
  weekday: readonly number[];
  /** Share of the day's sales in each local hour of the business, 24 weights. */
  hours: readonly number[];
  maxLines: number;
  maxQty: number;
  refundRate: number;
}

export interface HistoryOptions {
  slug: string;
  now: number;
  days: number;
  profile: HistoryProfile;
  /** Popularity by item id. */
  weights: ReadonlyMap<number, number>;
  customerIds: readonly number[];
}

export async function seedHistory(
  db: Kysely<Database>,
  companyId: number,
  options: HistoryOptions,
): Promise<{ receipts: number; events: number }> {
  const { now, days, profile, slug } = options;
  const terminals = await db
    .selectFrom('terminals')
    .select(['id', 'name', 'location_id'])
    .where('company_id', '=', companyId)
    .orderBy('id')
    .execute();
  if (terminals.length === 0) return { receipts: 0, events: 0 };
  const company = await db
    .selectFrom('companies')
    .select('license')
    .where('id', '=', companyId)
    .executeTakeFirstOrThrow();
  const restaurant = company.license.toLowerCase() === 'restaurant';

  const registers = [];
  for (const terminal of terminals) {
    const config = await buildConfig(db, { companyId, terminalId: terminal.id }, now);
    const register = new SimulatedRegister(config, {
      seed: `demo:${slug}:${terminal.name}`,
      restaurant,
      weights: options.weights,
      maxLines: profile.maxLines,
      maxQty: profile.maxQty,
      refundRate: profile.refundRate,
      customerIds: options.customerIds,
    });
    if (!register.canSell) return { receipts: 0, events: 0 };
    registers.push({ terminal, register, events: [] as DeviceEvent[] });
  }
  // Most sales at the first location; the others share the rest.
  const firstLocation = terminals[0]!.location_id;
  const atFirst = registers.filter((r) => r.terminal.location_id === firstLocation);
  const elsewhere = registers.filter((r) => r.terminal.location_id !== firstLocation);

  const random = createRandom(`${slug}:history`);
  const hourTotal = profile.hours.reduce((a, b) => a + b, 0);
  const pickHour = () => {
    let r = random() * hourTotal;
    for (let h = 0; h < 24; h += 1) {
      r -= profile.hours[h]!;
      if (r < 0) return h;
    }
    return 23;
  };
  // Days and hours are the business's own: a lunch peak is at lunchtime where the shop is.
  const { timezone } = await companyLocale(db, companyId);
  const today = startOfLocalDay(now, timezone);
  for (let day = 0; day < days; day += 1) {
    // Noon of the day, back to its local midnight: right across daylight-saving changes.
    const dayStart = startOfLocalDay(today - (days - 1 - day) * DAY_MS + DAY_MS / 2, timezone);
    const isToday = day === days - 1;
    // A gentle upward trend and some day-to-day noise, so "change vs previous period" says something.
    const trend = 0.85 + (0.3 * day) / days;
    const noise = 0.8 + random() * 0.4;
    const noon = dayStart + DAY_MS / 2;
    const weekday = new Date(noon + zoneOffsetMs(noon, timezone)).getUTCDay();
    const count = Math.round(profile.perDay * profile.weekday[weekday]! * trend * noise);
    const sales = new Map<(typeof registers)[number], number[]>();
    for (let k = 0; k < count; k += 1) {
      const at = dayStart + pickHour() * 3_600_000 + Math.floor(random() * 3_600_000);
      if (at > now - 60_000) continue;
      const pool = elsewhere.length === 0 || random() < 0.75 ? atFirst : elsewhere;
      const register = pool[Math.floor(random() * pool.length)]!;
      sales.set(register, [...(sales.get(register) ?? []), at]);
    }
    for (const [r, times] of sales) {
      times.sort((a, b) => a - b);
      const open = Math.max(dayStart, times[0]! - 15 * 60_000);
      const close = Math.min(now - 1, Math.max(times[times.length - 1]! + 10 * 60_000, open + 1));
      r.events.push(r.register.openShift(open));
      const payOutAt = random() < 0.3 ? times[Math.floor(random() * times.length)]! : null;
      for (const at of times) {
        r.events.push(r.register.sale(at));
        if (r.register.wantsRefund()) {
          const refund = r.register.refund(Math.min(at + 60_000, close - 1));
          if (refund) r.events.push(refund);
        }
        if (payOutAt === at) r.events.push(r.register.cashMovement(at + 30_000));
      }
      // Today's shifts are still open: the shop is trading.
      if (!isToday) r.events.push(r.register.closeShift(close));
    }
  }

  let receipts = 0;
  let events = 0;
  for (const r of registers) {
    const device = { companyId, terminalId: r.terminal.id, locationId: r.terminal.location_id };
    for (let i = 0; i < r.events.length; i += BATCH) {
      const batch = r.events.slice(i, i + BATCH);
      const result = await ingestEvents(db, device, batch, { now, kitchenTickets: false });
      if (result.rejected > 0) {
        const first = result.results.find((x) => x.status === 'rejected');
        throw new Error(`demo history of ${slug}: an event was rejected: ${JSON.stringify(first)}`);
      }
      receipts += result.receiptNumbers.length;
      events += batch.length;
    }
    const last = r.events[r.events.length - 1];
    if (last) {
      await db
        .updateTable('terminals')
        .set({ last_seen_at: last.at, last_sync_at: last.at })
        .where('id', '=', r.terminal.id)
        .execute();
    }
  }
  return { receipts, events };
}
