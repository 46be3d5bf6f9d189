import { paymentShares } from '@hive/register-sdk/money';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../database';
import { chunks } from '../../platform/db/chunks';
import {
  Accumulator,
  RECEIPT_CHUNK,
  ROLLUP_TABLES,
  TABLE_NAMES,
  accumulate,
  loadFacts,
  num,
  upsert,
  write,
  type Db,
  type Row,
  type RollupTable,
} from './rollupFacts';

/*
 * The daily (and hourly) roll-ups the reports read instead of scanning years of receipts. They are
 * written in the transaction of the receipt they add up, by recordReceiptRollups, which the
 * receipts ingest's roll-ups step calls (posting.ts; the ingest is the one writer of receipts, for
 * registers, the demo seed, tests and benchmarks): a report never disagrees with the receipts. A
 * test recomputes every row from the raw receipts (recomputeRollups) and compares. How receipts
 * add up into rows is in rollupFacts.ts.
 *
 * Keys: the receipt's local date and hour where it was rung up (its location's time zone, the
 * business's without a location), location, employee, order type; 0 means none. When something the
 * keys depend on changes (a location's time zone, a deleted location, item, category or employee),
 * the code that changes it calls rebuildRollups / forgetInRollups in the same transaction.
 */

export { ROLLUP_TABLES, grossWithoutTax, type Row, type RollupTable } from './rollupFacts';
export { paymentShares };

/**
 * Adds receipts (sales or refunds, any company) to the roll-ups. Call it inside the transaction
 * that stores the receipts, after their lines, taxes and payments are stored, once per receipt:
 * the ingest's roll-ups step does (posting.ts).
 */
export async function recordReceiptRollups(
  db: Db,
  receiptIds: number | readonly number[],
  tables: readonly RollupTable[] = TABLE_NAMES,
): Promise<void> {
  const ids = [...new Set(typeof receiptIds === 'number' ? [receiptIds] : receiptIds)];
  for (const part of chunks(ids, RECEIPT_CHUNK)) {
    const acc = new Accumulator();
    accumulate(await loadFacts(db, part, true), acc);
    await write(db, acc, tables);
  }
}

export interface RebuildScope {
  /** Receipts at these locations (default: every receipt of the company). */
  locationIds?: readonly number[];
  /** Receipts without a location (they follow the business's time zone). */
  withoutLocation?: boolean;
  /**
   * These roll-ups only (default: all). A migration that adds sums to one table rebuilds that
   * table alone: rewriting every table would leave PostgreSQL's twice their size until vacuumed
   * full, and every report reading them slower (a year's sales sums went from 31 to 47 ms).
   */
  tables?: readonly RollupTable[];
}

/**
 * Rebuilds the roll-ups of a company's receipts from the receipts: after a location's time zone
 * changed or a location was deleted (its receipts keep no location), or for receipts stored before
 * the roll-ups existed. In the transaction of the change.
 */
export async function rebuildRollups(db: Db, companyId: number, scope?: RebuildScope): Promise<number> {
  const located = scope?.locationIds !== undefined || scope?.withoutLocation !== undefined;
  const locationKeys = located ? [...(scope.locationIds ?? []), ...(scope.withoutLocation ? [0] : [])] : null;
  if (locationKeys && locationKeys.length === 0) return 0;
  const tables = scope?.tables ?? TABLE_NAMES;
  for (const table of tables) {
    let q = db.deleteFrom(table).where('company_id', '=', companyId);
    if (locationKeys) q = q.where('location_id', 'in', locationKeys);
    await q.execute();
  }
  let done = 0;
  let after = 0;
  for (;;) {
    let q = db
      .selectFrom('receipts')
      .select('id')
      .where('company_id', '=', companyId)
      .where('id', '>', after)
      .orderBy('id')
      .limit(5000);
    if (located) {
      const ids = scope.locationIds ?? [];
      q = q.where((eb) =>
        eb.or([
          ...(ids.length > 0 ? [eb('location_id', 'in', ids)] : []),
          ...(scope.withoutLocation ? [eb('location_id', 'is', null)] : []),
        ]),
      );
    }
    const page = (await q.execute()).map((r) => r.id);
    if (page.length === 0) break;
    await recordReceiptRollups(db, page, tables);
    done += page.length;
    after = page[page.length - 1]!;
  }
  return done;
}

/**
 * A deleted item, category or employee: its receipts now name none (ON DELETE SET NULL), so its
 * roll-up rows move to key 0, merging with rows already there. In the transaction of the delete.
 */
export async function forgetInRollups(
  db: Db,
  companyId: number,
  what: 'item' | 'category' | 'employee',
  id: number,
): Promise<void> {
  const targets: [RollupTable, string][] =
    what === 'item'
      ? [['rollup_items', 'item_id']]
      : what === 'category'
        ? [['rollup_items', 'category_id']]
        : [
            ['rollup_sales', 'employee_id'],
            ['rollup_payments', 'employee_id'],
            ['rollup_taxes', 'employee_id'],
            ['rollup_receipts', 'employee_id'],
          ];
  for (const [table, column] of targets) {
    const rows = (await db
      .selectFrom(table)
      .selectAll()
      .where('company_id', '=', companyId)
      .where(sql.ref(column), '=', id)
      .execute()) as Row[];
    if (rows.length === 0) continue;
    await db.deleteFrom(table).where('company_id', '=', companyId).where(sql.ref(column), '=', id).execute();
    const acc = new Accumulator();
    const spec = ROLLUP_TABLES[table];
    for (const row of rows) {
      const key = Object.fromEntries(spec.keys.map((k) => [k, k === column ? 0 : row[k]!]));
      acc.add(table, key, Object.fromEntries(spec.sums.map((s) => [s, num(row[s])])));
    }
    await upsert(db, table, [...acc.rows[table].values()]);
  }
}

/**
 * The roll-up rows `ids` would add, without writing them: a report over a handful of receipts
 * (a shift's Z report) adds them up by exactly the same rules.
 */
export async function summarizeReceipts(db: Db, ids: readonly number[]): Promise<Record<RollupTable, Row[]>> {
  const acc = new Accumulator();
  for (const part of chunks(ids, RECEIPT_CHUNK)) accumulate(await loadFacts(db, part, false), acc);
  return Object.fromEntries(TABLE_NAMES.map((t) => [t, [...acc.rows[t].values()]])) as Record<RollupTable, Row[]>;
}

/** Every roll-up row of a company computed afresh from its receipts (nothing is written). */
export async function recomputeRollups(db: Db, companyId: number): Promise<Record<RollupTable, Row[]>> {
  const acc = new Accumulator();
  let after = 0;
  for (;;) {
    const page = (
      await db
        .selectFrom('receipts')
        .select('id')
        .where('company_id', '=', companyId)
        .where('id', '>', after)
        .orderBy('id')
        .limit(RECEIPT_CHUNK)
        .execute()
    ).map((r) => r.id);
    if (page.length === 0) break;
    accumulate(await loadFacts(db, page, false), acc);
    after = page[page.length - 1]!;
  }
  return Object.fromEntries(TABLE_NAMES.map((t) => [t, [...acc.rows[t].values()]])) as Record<RollupTable, Row[]>;
}

export interface RollupDifference {
  table: RollupTable;
  key: string;
  stored: Row | null;
  expected: Row | null;
}

/** The stored roll-ups of a company against recomputeRollups: empty when they agree. */
export async function compareRollups(db: Db, companyId: number): Promise<RollupDifference[]> {
  const expected = await recomputeRollups(db, companyId);
  const differences: RollupDifference[] = [];
  for (const table of TABLE_NAMES) {
    const spec = ROLLUP_TABLES[table];
    const keyOf = (row: Row) => spec.keys.map((k) => String(row[k])).join('|');
    const normal = (row: Row): Row =>
      Object.fromEntries([...spec.keys, ...spec.sums].map((c) => [c, spec.sums.includes(c) ? num(row[c]) : row[c]!]));
    const zero = (row: Row) => spec.sums.every((s) => num(row[s]) === 0);
    const stored = new Map(
      ((await db.selectFrom(table).selectAll().where('company_id', '=', companyId).execute()) as Row[])
        .map(normal)
        .filter((r) => !zero(r))
        .map((r) => [keyOf(r), r]),
    );
    const wanted = new Map(
      expected[table]
        .map(normal)
        .filter((r) => !zero(r))
        .map((r) => [keyOf(r), r]),
    );
    for (const key of new Set([...stored.keys(), ...wanted.keys()])) {
      const a = stored.get(key) ?? null;
      const b = wanted.get(key) ?? null;
      if (JSON.stringify(a) !== JSON.stringify(b)) differences.push({ table, key, stored: a, expected: b });
    }
  }
  return differences;
}

/** Companies whose receipts predate the roll-ups (listed by the migration): rebuilt once, at start. */
export async function backfillRollups(db: Kysely<Database>): Promise<number> {
  const pending = await db.selectFrom('rollup_backfill').select(['company_id', 'only_table']).execute();
  let receipts = 0;
  for (const { company_id, only_table } of pending) {
    const tables = TABLE_NAMES.filter((t) => only_table === null || t === only_table);
    receipts += await db.transaction().execute(async (trx) => {
      const done = await rebuildRollups(trx, company_id, { tables });
      await trx.deleteFrom('rollup_backfill').where('company_id', '=', company_id).execute();
      return done;
    });
  }
  return receipts;
}
