// The server's folder-kind rules in .dependency-cruiser.cjs (part of `npm run lint`), each shown to
// fail on a planted violation: a fixture server/src in a temp folder, cruised with the repo's own
// rules. Run by `npm test` (step `dev`), beside the front ends' (depcruise-layers.test.mjs).
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { cruise } from 'dependency-cruiser';
import { repoRoot } from './apps.mjs';

const config = createRequire(import.meta.url)(path.join(repoRoot, '.dependency-cruiser.cjs'));
const RULES = [
  'server-folder-kinds',
  'platform-knows-no-module',
  'module-through-its-index',
  'modules-below-the-app',
  'demo-on-top',
  'composition-root-on-top',
];

/** server/src file -> what it imports (relative specifiers). */
const TREE = {
  // Allowed: each kind using what is below it.
  'modules/alpha/index.ts': ['./inner', '../beta', '../../platform/db', '../../platform/config', '../../module'],
  'modules/alpha/inner.ts': ['../../database'],
  'modules/alpha/tables.ts': [],
  'modules/beta/index.ts': ['./deep'],
  'modules/beta/deep.ts': [],
  'platform/config.ts': [],
  'platform/db/index.ts': ['../config'],
  'database.ts': ['./modules/alpha/tables', './platform/db'],
  'module.ts': ['./platform/db'],
  'modules.ts': ['./modules/alpha', './demo', './posting'],
  'posting.ts': ['./modules/alpha'],
  'demo/index.ts': ['../modules/alpha'],
  'web/index.ts': ['../modules/alpha', '../platform/db'],
  'cli/run.ts': ['../modules'],
  'app.ts': ['./modules', './web'],
  'main.ts': ['./app'],
  // A test beside its module may start the app and look into other modules.
  'modules/beta/beta.test.ts': ['../../modules', '../alpha/inner', '../../demo', '../../web'],
  'platform/db/db.test.ts': ['../../modules/alpha', '../../database'],
  // Planted: a folder and a root file of no kind.
  'helpers/bad.ts': ['../platform/db'],
  'stray.ts': ['./platform/db'],
  // Planted: infrastructure reaching a module and the app's Database.
  'platform/http/bad.ts': ['../../modules/alpha', '../../database'],
  // Planted: a module past another's face; a module on the app level.
  'modules/alpha/reach.ts': ['../beta/deep'],
  'modules/beta/up.ts': ['../../web', '../../posting'],
  'modules/beta/seed.ts': ['../../demo'],
  // Planted: the web layer building from the composition root.
  'web/root.ts': ['../modules'],
};

let root;
let violations;

before(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'depcruise-server-'));
  for (const [file, imports] of Object.entries(TREE)) {
    const full = path.join(root, 'server', 'src', file);
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, imports.map((i) => `import '${i}';\n`).join('') || 'export {};\n');
  }
  const options = { ...config.options, tsConfig: undefined };
  const result = await cruise(
    ['server/src'],
    { ...options, baseDir: root, validate: true, ruleSet: { forbidden: config.forbidden } },
    { extensions: ['.ts'] },
  );
  violations = result.output.summary.violations
    .filter((v) => RULES.includes(v.rule.name))
    .map((v) => `${v.rule.name}: ${v.from.replace('server/src/', '')} -> ${v.to.replace('server/src/', '')}`)
    .sort();
});

after(() => rmSync(root, { recursive: true, force: true }));

test('a file outside modules/, platform/ and the app level fails server-folder-kinds', () => {
  assert.ok(violations.includes('server-folder-kinds: helpers/bad.ts -> platform/db/index.ts'), violations.join('\n'));
  assert.ok(violations.includes('server-folder-kinds: stray.ts -> platform/db/index.ts'), violations.join('\n'));
});

test("platform/ importing a module or the app's Database fails platform-knows-no-module", () => {
  assert.ok(violations.includes('platform-knows-no-module: platform/http/bad.ts -> modules/alpha/index.ts'));
  assert.ok(violations.includes('platform-knows-no-module: platform/http/bad.ts -> database.ts'));
});

test("a module past another module's index.ts fails module-through-its-index", () => {
  assert.ok(violations.includes('module-through-its-index: modules/alpha/reach.ts -> modules/beta/deep.ts'));
});

test('a module importing the app level fails modules-below-the-app (and demo-on-top for the demo)', () => {
  assert.ok(violations.includes('modules-below-the-app: modules/beta/up.ts -> web/index.ts'));
  assert.ok(violations.includes('modules-below-the-app: modules/beta/up.ts -> posting.ts'));
  assert.ok(violations.includes('modules-below-the-app: modules/beta/seed.ts -> demo/index.ts'));
  assert.ok(violations.includes('demo-on-top: modules/beta/seed.ts -> demo/index.ts'));
});

test('anything but the app and the command line importing the composition root fails composition-root-on-top', () => {
  assert.ok(violations.includes('composition-root-on-top: web/root.ts -> modules.ts'));
});

test('each kind using what is below it passes: only the planted files are reported', () => {
  assert.deepEqual(violations, [
    'composition-root-on-top: web/root.ts -> modules.ts',
    'demo-on-top: modules/beta/seed.ts -> demo/index.ts',
    'module-through-its-index: modules/alpha/reach.ts -> modules/beta/deep.ts',
    'modules-below-the-app: modules/beta/seed.ts -> demo/index.ts',
    'modules-below-the-app: modules/beta/up.ts -> posting.ts',
    'modules-below-the-app: modules/beta/up.ts -> web/index.ts',
    'platform-knows-no-module: platform/http/bad.ts -> database.ts',
    'platform-knows-no-module: platform/http/bad.ts -> modules/alpha/index.ts',
    'server-folder-kinds: helpers/bad.ts -> platform/db/index.ts',
    'server-folder-kinds: stray.ts -> platform/db/index.ts',
  ]);
});
