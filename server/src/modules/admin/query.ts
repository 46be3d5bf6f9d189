import type { Request } from 'express';
import { sql, type Expression, type SqlBool } from 'kysely';
import type { z } from 'zod';
import { idParamSchema } from '@hive/shared/schemas/admin';
import { HttpError, parseOrThrow } from '../../platform/http';

/** `:id` route parameter: a positive whole number, else 400. */
export function idParam(req: Request, name = 'id'): number {
  return parseOrThrow(idParamSchema, { id: req.params[name] }).id;
}

export function parseQuery<S extends z.ZodType>(schema: S, req: Request): z.output<S> {
  return parseOrThrow(schema, req.query);
}

/** The one body parser of admin writes (JSON only; anything else arrives as undefined -> 400). */
export function parseBody<S extends z.ZodType>(schema: S, req: Request): z.output<S> {
  return parseOrThrow(schema, req.body);
}

/**
 * Case-insensitive "contains" on any of the columns, portable between SQLite and PostgreSQL
 * (lower() on both sides; `!` escapes the user's % and _ so they match literally).
 */
export function contains(columns: string[], q: string): Expression<SqlBool> | null {
  if (!q) return null;
  const pattern = `%${q.toLowerCase().replace(/[!%_]/g, (c) => `!${c}`)}%`;
  const parts = columns.map((column) => sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '!'`);
  return sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
}

export const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());
export const isoAt = (ms: number): string => new Date(ms).toISOString();
export const toCents = (value: number): number => Math.round(value * 100);
export const fromCents = (cents: number): number => cents / 100;

export const notFound = (what: string) => new HttpError(404, { error: 'not_found', message: `${what} not found.` });
export const conflict = (error: string, message: string) => new HttpError(409, { error, message });

export function offsetOf(page: number, pageSize: number): number {
  return (page - 1) * pageSize;
}
