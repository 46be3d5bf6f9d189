import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import BetterSqlite3 from 'better-sqlite3';
import type { Kysely } from 'kysely';
import { prepared } from './';
import { openDatabase } from '../../database';
import { migrateToLatest } from '../../modules';
import type { Database, DatabaseHandle } from '../../database';
import { reusingStatements } from './connection';

describe('prepared queries and reused SQLite statements', () => {
  let dir: string;
  let handle: DatabaseHandle;
  before(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'hive-prepared-'));
    handle = await openDatabase({ dataDir: dir });
    await migrateToLatest(handle.db);
    await handle.db
      .insertInto('permissions')
      .values([
        { id_permission: 'a_menu', description: 'A', scope: 'backoffice' },
        { id_permission: 'b_menu', description: 'B', scope: 'admin' },
        { id_permission: 'c_menu', description: 'C', scope: 'backoffice' },
      ])
      .execute();
  });
  after(async () => {
    await handle.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('fills each named parameter in its place, around literal ones, on every run', async () => {
    const query = prepared(['scope', 'after'], (db: Kysely<Database>, p: { scope: string; after: string }) =>
      db
        .selectFrom('permissions')
        .select('id_permission')
        .where('id_permission', '>', p.after)
        .where('description', '!=', 'nothing') // a literal parameter between the two
        .where('scope', '=', p.scope)
        .orderBy('id_permission'),
    );
    const ids = async (scope: string, after: string) =>
      (await query(handle.db, { scope, after })).map((row) => row.id_permission);
    assert.deepEqual(await ids('backoffice', ''), ['a_menu', 'c_menu']);
    assert.deepEqual(await ids('backoffice', 'a_menu'), ['c_menu']);
    assert.deepEqual(await ids('admin', ''), ['b_menu']);
  });

  it('refuses a build that leaves a named parameter out', async () => {
    const query = prepared(['scope'], (db: Kysely<Database>, _p: { scope: string }) =>
      db.selectFrom('permissions').selectAll(),
    );
    await assert.rejects(query(handle.db, { scope: 'admin' }), /parameter scope not used/);
  });

  it('reuses a statement by its SQL text, but never one that is still being iterated', () => {
    const sqlite = new BetterSqlite3(':memory:');
    const db = reusingStatements(sqlite, 2);
    const first = db.prepare('select 1 as x');
    assert.equal(db.prepare('select 1 as x'), first, 'reused');
    const iterating = first.iterate([]);
    iterating.next();
    const other = db.prepare('select 1 as x');
    assert.notEqual(other, first, 'a busy statement is not handed out');
    assert.deepEqual(other.all([]), [{ x: 1 }]);
    iterating.return?.();
    db.prepare('select 2');
    db.prepare('select 3'); // the cache holds two: 'select 1 as x' goes
    assert.notEqual(db.prepare('select 1 as x'), first, 'least recently used statement dropped');
    db.close();
  });
});
