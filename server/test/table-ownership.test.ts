import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { MODULES } from '../src/modules';
import { FOLDERS, SRC, filesUnder } from './module-folders';

/*
 * A module owns its tables (its tables.ts): it alone writes them, and another module reads them
 * only when its module object says so (`reads`). Everything else goes through the owner's
 * index.ts. The references are found in the sources: Kysely's table arguments and raw SQL.
 * Infrastructure tables (db/'s counters, the outbox) belong to no module and are not checked;
 * nor are migrations, the schema's history, which run once, in order, and must not change with
 * the owner's code. A table named through a variable (`insertInto(table)`) is not seen.
 */

/**
 * Foreign writes allowed, `writer -> table` with how many: none. A module that must change another's
 * table calls the owner's index.ts, or, when the owner comes after it in src/modules.ts, announces a
 * reaction the owner implements (module.ts `Reactions`: pointsEdited, couponChosen).
 */
const ALLOWED_FOREIGN_WRITES: Record<string, number> = {};

const WRITES = new Set(['insertInto', 'updateTable', 'deleteFrom', 'mergeInto', 'replaceInto']);

interface TableReference {
  table: string;
  write: boolean;
}

/** The tables a source text names, with whether each use writes. */
function tableReferences(source: string): TableReference[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const found: TableReference[] = [];
  const kysely =
    /\.(selectFrom|insertInto|updateTable|deleteFrom|mergeInto|replaceInto|innerJoin|leftJoin|rightJoin|fullJoin)\(\s*(\[[^\]]*\]|'[^']*'|"[^"]*")/g;
  for (const [, method, argument] of code.matchAll(kysely)) {
    for (const [, table] of argument!.matchAll(/['"](\w+)/g)) found.push({ table: table!, write: WRITES.has(method!) });
  }
  for (const [, text] of code.matchAll(/\bsql(?:<[^`>]*>)?`([^`]*)`/g)) {
    for (const [, verb, table] of text!.matchAll(/\b(insert\s+into|update|delete\s+from|from|join)\s+(\w+)/gi)) {
      found.push({ table: table!, write: !/^(from|join)$/i.test(verb!) });
    }
  }
  return found;
}

/** Each table's module, from the `...Tables` interfaces of the modules' tables.ts files. */
function tableOwners(): Map<string, string> {
  const owners = new Map<string, string>();
  for (const [module, folder] of Object.entries(FOLDERS)) {
    for (const file of filesUnder(path.join(SRC, folder)).filter((f) => path.basename(f) === 'tables.ts')) {
      const text = readFileSync(file, 'utf8');
      for (const [, body] of text.matchAll(/export interface \w+Tables(?: extends [\w, ]+)? \{([^}]*)\}/g)) {
        for (const [, table] of body!.matchAll(/^\s*(\w+): \w+;/gm)) {
          assert.ok(!owners.has(table!), `${table} is declared by ${owners.get(table!)} and ${module}`);
          owners.set(table!, module);
        }
      }
    }
  }
  return owners;
}

const isMigration = (file: string) => /(^m|M)igrations?\.ts$/.test(path.basename(file));

interface Usage {
  /** `writer -> table`: how many writes. */
  writes: Map<string, number>;
  /** module: the foreign tables it reads. */
  reads: Map<string, Set<string>>;
}

/** The foreign writes and reads in sources by module (`sources`: module -> its files' texts). */
function foreignUsage(owners: Map<string, string>, sources: Map<string, string[]>): Usage {
  const usage: Usage = { writes: new Map(), reads: new Map() };
  for (const [module, texts] of sources) {
    const reads = new Set<string>();
    usage.reads.set(module, reads);
    for (const { table, write } of texts.flatMap(tableReferences)) {
      const owner = owners.get(table);
      if (owner === undefined || owner === module) continue;
      const key = `${module} -> ${table}`;
      if (write) usage.writes.set(key, (usage.writes.get(key) ?? 0) + 1);
      else reads.add(table);
    }
  }
  return usage;
}

/** Each module's source texts, migrations left out. */
function moduleSources(): Map<string, string[]> {
  return new Map(
    Object.entries(FOLDERS).map(([module, folder]) => [
      module,
      filesUnder(path.join(SRC, folder))
        .filter((file) => !isMigration(file))
        .map((file) => readFileSync(file, 'utf8')),
    ]),
  );
}

/** What breaks the rules: writes beyond the allow-list, and entries the writes have outgrown. */
function writeProblems(writes: Map<string, number>, allowedWrites: Record<string, number>): string[] {
  const problems: string[] = [];
  for (const [key, count] of writes) {
    const allowed = allowedWrites[key] ?? 0;
    if (count > allowed)
      problems.push(`${key}: ${count} foreign write(s), ${allowed} allowed: write through the owner's index.ts`);
  }
  for (const [key, allowed] of Object.entries(allowedWrites)) {
    const count = writes.get(key) ?? 0;
    if (count < allowed)
      problems.push(`${key}: ${count} foreign write(s) left, the allow-list says ${allowed}: shrink it`);
  }
  return problems;
}

/** Reads a module has not declared, and declared reads it does not make (or of no other module's table). */
function readProblems(
  reads: Map<string, Set<string>>,
  declarations: readonly { name: string; reads?: readonly string[] }[],
  owners: Map<string, string>,
): string[] {
  const problems: string[] = [];
  for (const { name, reads: declared = [] } of declarations) {
    const found = reads.get(name) ?? new Set<string>();
    for (const table of found)
      if (!declared.includes(table)) problems.push(`${name} reads ${table} (module ${owners.get(table)}) undeclared`);
    for (const table of declared) {
      const owner = owners.get(table);
      if (owner === undefined || owner === name) problems.push(`${name} declares ${table}, no other module's table`);
      else if (!found.has(table)) problems.push(`${name} declares ${table} but no longer reads it`);
    }
  }
  return problems;
}

describe('table ownership', () => {
  const owners = tableOwners();
  const usage = foreignUsage(owners, moduleSources());

  it('finds Kysely and raw SQL table references, writes told apart (a planted snippet)', () => {
    const planted = `
      // db.insertInto('commented_out')
      await trx.updateTable('users').set({ role }).where('id', '=', id).execute();
      await db.selectFrom(['receipts as r', 'locations']).innerJoin('items as i', 'i.id', 'r.id')
        .leftJoin("shifts", 'shifts.id', 'r.shift_id').selectAll().execute();
      await trx
        .deleteFrom('terminals').execute();
      await sql\`insert into loyalty_entries (a) select a from customers c join employees e on true\`.execute(trx);
      await sql<{ n: number }>\`update print_jobs set done = 1\`.execute(trx);
    `;
    assert.deepEqual(tableReferences(planted), [
      { table: 'users', write: true },
      { table: 'receipts', write: false },
      { table: 'locations', write: false },
      { table: 'items', write: false },
      { table: 'shifts', write: false },
      { table: 'terminals', write: true },
      { table: 'loyalty_entries', write: true },
      { table: 'customers', write: false },
      { table: 'employees', write: false },
      { table: 'print_jobs', write: true },
    ]);
  });

  it('fails on a planted foreign write, a planted undeclared read and a stale declaration', () => {
    const planted = foreignUsage(
      owners,
      new Map([
        ['team', ["await trx.updateTable('users').set({ role }).execute();", "db.selectFrom('receipts')"]],
        ['reports', ["db.selectFrom('receipts as r').innerJoin('locations as l', 'l.id', 'r.location_id')"]],
      ]),
    );
    assert.deepEqual(writeProblems(planted.writes, {}), [
      "team -> users: 1 foreign write(s), 0 allowed: write through the owner's index.ts",
    ]);
    assert.deepEqual(writeProblems(planted.writes, { 'team -> users': 1 }), []);
    assert.deepEqual(writeProblems(planted.writes, { 'team -> users': 1, 'team -> items': 2 }), [
      'team -> items: 0 foreign write(s) left, the allow-list says 2: shrink it',
    ]);
    assert.deepEqual(
      readProblems(
        planted.reads,
        [
          { name: 'team', reads: ['users'] },
          { name: 'reports', reads: ['receipts', 'locations', 'rollup_sales'] },
        ],
        owners,
      ),
      [
        'team reads receipts (module receipts) undeclared',
        'team declares users but no longer reads it',
        "reports declares rollup_sales, no other module's table",
      ],
    );
  });

  it('maps every table to one module', () => {
    assert.ok(owners.size > 100, `only ${owners.size} tables found in the tables.ts files`);
    for (const [table, module] of [
      ['users', 'auth'],
      ['companies', 'companies'],
      ['receipts', 'receipts'],
      ['terminals', 'devices'],
      ['rollup_sales', 'reports'],
    ]) {
      assert.equal(owners.get(table!), module, table);
    }
  });

  it("writes no other module's table outside the shrinking allow-list", () => {
    assert.deepEqual(writeProblems(usage.writes, ALLOWED_FOREIGN_WRITES), []);
  });

  it("reads no other module's table it has not declared, and declares none it does not read", () => {
    assert.deepEqual(readProblems(usage.reads, MODULES, owners), []);
  });
});
