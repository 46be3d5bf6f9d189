import type { ColumnType } from 'kysely';

/*
 * Column helpers every module's table types use. The tables themselves belong to the modules
 * (each module's tables.ts); the app's `Database` type is their intersection (src/database.ts).
 */

/**
 * Milliseconds since the epoch. Stored as BIGINT on both databases; the pg pool is configured to
 * parse int8 as a JS number (see connection.ts), so reads are numbers everywhere.
 */
export type Millis = number;

/** Booleans are 0/1 integers: better-sqlite3 cannot bind JS booleans, PostgreSQL accepts both. */
export type Flag = ColumnType<number, number, number>;
