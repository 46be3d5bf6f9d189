import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { MODULES, collectMigrations, migrationProvider } from '../src/modules';
import { FOLDERS, SRC, filesUnder } from './module-folders';

/*
 * The composition root (src/modules.ts): the migration names databases have recorded, and the
 * module list in dependency order (what lets mounting, start-up and company set-up run each
 * module after the ones it builds on). Import cycles and reach past index.ts are npm run lint's.
 */

/** Every migration name as databases have recorded it since each was written: never renamed. */
const RECORDED = [
  '2026_01_001_initial',
  '2026_02_100_backoffice_catalog',
  '2026_02_110_backoffice_sales',
  '2026_03_100_admin_console',
  '2026_04_100_ordering',
  '2026_11_200_hardening',
  '2027_10_100_releases',
  '2027_10_200_release_telemetry',
  '2027_11_100_rollup_receipts_figures',
  '2027_11_110_receipts_till_and_refund_indexes',
];

/** The modules whose folder a module's files import from (relative imports only). */
function importedModules(name: string): Set<string> {
  const folder = path.join(SRC, FOLDERS[name]!);
  const found = new Set<string>();
  for (const file of filesUnder(folder)) {
    for (const match of readFileSync(file, 'utf8').matchAll(/from '(\.[^']*)'/g)) {
      const target = path.relative(SRC, path.resolve(path.dirname(file), match[1]!));
      for (const [other, otherFolder] of Object.entries(FOLDERS)) {
        if (other !== name && (target === otherFolder || target.startsWith(`${otherFolder}/`))) found.add(other);
      }
    }
  }
  return found;
}

describe('the composition root', () => {
  it('keeps every recorded migration name, each declared by one module', async () => {
    const names = Object.keys(await migrationProvider.getMigrations());
    for (const name of RECORDED) assert.ok(names.includes(name), `${name} is missing`);
    assert.equal(names.length, 44, 'a migration was added or removed: update this count on purpose');
    assert.equal(new Set(names).size, names.length);
  });

  it('refuses two modules declaring one migration name', () => {
    const migration = { up: async () => undefined };
    const a = { name: 'a', migrations: { '2026_01_001_initial': migration } };
    const b = { name: 'b', migrations: { '2026_01_001_initial': migration } };
    assert.throws(() => collectMigrations([a, b]), /2026_01_001_initial is declared twice \(module b\)/);
  });

  it('lists each module after every module it imports', () => {
    const order = MODULES.map((module) => module.name);
    assert.deepEqual([...order].sort(), Object.keys(FOLDERS).sort(), 'FOLDERS names every module');
    for (const [index, name] of order.entries()) {
      for (const dependency of importedModules(name)) {
        assert.ok(
          order.indexOf(dependency) < index,
          `${name} imports ${dependency}, which src/modules.ts lists after it`,
        );
      }
    }
  });
});
