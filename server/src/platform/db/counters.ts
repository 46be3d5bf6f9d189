import type { Kysely, Transaction } from 'kysely';

/** Next number of each kind of numbered document, per company. */
export interface DocumentCountersTable {
  company_id: number;
  kind: string;
  value: number;
}

/** The counters' table (created by the hardening migration); part of the app's Database. */
export interface CountersTables {
  document_counters: DocumentCountersTable;
}

/** Kinds of numbered documents; each company numbers each kind 1, 2, 3 ... without gaps. */
export type DocumentKind =
  | 'order'
  | 'receipt'
  | 'invoice'
  | 'purchase_order'
  | 'transfer'
  | 'production_order'
  /** Inventory adjustments and stock counts. */
  | 'adjustment'
  | 'stock_count'
  /** The platform's monthly invoices to the company (Settings › Billing). */
  | 'platform_invoice'
  /** Register shifts (the closings). */
  | 'shift';

/**
 * Reserves `count` consecutive numbers of `kind` for `companyId` and returns the first. Must run
 * inside the transaction that stores the documents: the increment is one `UPDATE ... RETURNING`,
 * so concurrent transactions queue on the counter row (PostgreSQL row lock; SQLite runs one
 * transaction at a time), and a rolled-back document gives its number back.
 */
export async function reserveNumbers<DB extends CountersTables>(
  db: Transaction<DB> | Kysely<DB>,
  companyId: number,
  kind: DocumentKind,
  count = 1,
): Promise<number> {
  const trx = db as unknown as Kysely<CountersTables>;
  await trx
    .insertInto('document_counters')
    .values({ company_id: companyId, kind, value: 0 })
    .onConflict((oc) => oc.columns(['company_id', 'kind']).doNothing())
    .execute();
  const row = await trx
    .updateTable('document_counters')
    .set((eb) => ({ value: eb('value', '+', count) }))
    .where('company_id', '=', companyId)
    .where('kind', '=', kind)
    .returning('value')
    .executeTakeFirstOrThrow();
  return Number(row.value) - count + 1;
}

export const nextNumber = <DB extends CountersTables>(trx: Transaction<DB>, companyId: number, kind: DocumentKind) =>
  reserveNumbers(trx, companyId, kind, 1);
