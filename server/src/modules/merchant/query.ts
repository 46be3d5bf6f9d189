import type { Response } from 'express';
import { PostgresAdapter, sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { Database } from '../../database';
import { isUniqueViolation } from '../../platform/db';
import { HttpError } from '../../platform/http';

/** `:id` path parameter: a positive integer, else 404 (the same answer as another company's id). */
export function idParam(value: unknown): number {
  if (typeof value !== 'string' || !/^[1-9]\d{0,9}$/.test(value) || Number(value) > 2_147_483_647) {
    throw notFound();
  }
  return Number(value);
}

export function notFound(what = 'record'): HttpError {
  return new HttpError(404, { error: 'not_found', message: `No such ${what}.` });
}

/** `LIKE` pattern for a case-insensitive "contains" search, with % _ and \ escaped. */
export function containsPattern(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** `lower(column) LIKE pattern ESCAPE '\'` on SQLite and PostgreSQL alike. */
export function ilike(column: string, pattern: string): RawBuilder<boolean> {
  return sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
}

/** A 409 with a field message when the database reports a unique violation; rethrows anything else. */
export function conflictOr(error: unknown, field: string, problem: string): never {
  if (isUniqueViolation(error)) {
    throw new HttpError(409, { error: 'conflict', message: `${field}: ${problem}`, fields: { [field]: problem } });
  }
  throw error;
}

/**
 * 409: the request is valid but the state of the data refuses it; `error` is a stable code the
 * page translates (with `extra`, e.g. a count, as its values) and `message` says why in English.
 */
export function refused(error: string, message: string, extra: Record<string, unknown> = {}): HttpError {
  return new HttpError(409, { error, message, ...extra });
}

/** 400 on one field, in the shape of every validation answer. */
export function fieldProblem(field: string, problem: string): HttpError {
  return new HttpError(400, {
    error: 'validation_error',
    message: `${field}: ${problem}`,
    fields: { [field]: problem },
  });
}

/** `ORDER BY <column expression> <dir>` from a whitelisted sort column. */
export function orderBy(column: string, dir: 'asc' | 'desc') {
  return sql`${sql.raw(column)} ${dir === 'desc' ? sql`desc` : sql`asc`}`;
}

/**
 * Locks a company's rows of `table` until the transaction ends, so that a rule over several rows
 * ("at least one active location") holds when two requests change two rows at once. PostgreSQL
 * takes row locks; SQLite needs none (one connection, one transaction at a time).
 */
export async function lockCompanyRows(
  trx: Transaction<Database> | Kysely<Database>,
  table: 'locations' | 'payment_types' | 'order_types' | 'tax_rates',
  companyId: number,
): Promise<void> {
  if (!(trx.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`select id from ${sql.table(table)} where company_id = ${companyId} for update`.execute(trx);
}

const fromCents = (value: number | string | null | undefined) => Math.round(Number(value ?? 0)) / 100;
export const money = fromCents;
export const cents = (amount: number) => Math.round(amount * 100);
export const percentFromBp = (bp: number) => Math.round(Number(bp)) / 100;

/** API responses must never be cached by a browser or proxy (they are per-user). */
export function noStore(res: Response): Response {
  return res.set('Cache-Control', 'no-store');
}
