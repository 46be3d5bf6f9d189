// The front ends' layer rules in .dependency-cruiser.cjs (part of `npm run lint`), each shown to
// fail on a planted violation: a fixture tree of the same apps in a temp folder, cruised with the
// repo's own rules. Run by `npm test` (step `dev`).
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { cruise } from 'dependency-cruiser';
import { repoRoot } from './apps.mjs';

const config = createRequire(import.meta.url)(path.join(repoRoot, '.dependency-cruiser.cjs'));
const RULES = ['layers-know-no-page', 'page-area-stands-alone'];
const REMOTES = ['backoffice-remote', 'admin-remote', 'ordering-remote'];

/** file -> what it imports (relative specifiers), planted in every app. */
function tree(app) {
  const files = {
    // Allowed: the composition root mounts pages, an area uses itself, the layers and the pages'
    // stylesheet, a page that is one file its own test, a test sets two areas side by side.
    'src/app/routes.ts': ['../pages/alpha', '../pages/beta/Beta', '../pages/Gamma'],
    'src/App.tsx': ['./pages/Gamma'],
    'src/components/Field.ts': [],
    'src/pages/alpha/index.ts': ['./Alpha'],
    'src/pages/alpha/Alpha.ts': ['../../components/Field', './alpha.module.css', '../pages.module.css'],
    'src/pages/alpha/alpha.module.css': [],
    'src/pages/pages.module.css': [],
    'src/pages/Gamma.ts': ['../components/Field'],
    'src/pages/Gamma.test.ts': ['./Gamma', './alpha/Alpha'],
    'src/pages/beta/Beta.test.ts': ['../alpha/Alpha', './Beta'],
    'src/pages/beta/Beta.ts': [],
    // Planted: a shared layer (an existing one and one that does not exist yet) reaching into a page.
    'src/components/Bad.ts': ['../pages/alpha/Alpha'],
    'src/widgets-new/Bad.ts': ['../pages/Gamma'],
  };
  // Planted: one area into another, a one-file page into an area, an area into a one-file page.
  if (REMOTES.includes(app)) {
    files['src/pages/beta/Beta.ts'] = ['../alpha/Alpha'];
    files['src/pages/Delta.ts'] = ['./beta/Beta'];
    files['src/pages/alpha/Alpha.ts'] = [...files['src/pages/alpha/Alpha.ts'], '../Gamma'];
  }
  return files;
}

let root;
let violations;

before(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'depcruise-layers-'));
  const apps = [...REMOTES, 'shell'];
  for (const app of apps) {
    for (const [file, imports] of Object.entries(tree(app))) {
      const full = path.join(root, app, file);
      mkdirSync(path.dirname(full), { recursive: true });
      const body = file.endsWith('.css') ? '.x { color: red; }\n' : imports.map((i) => `import '${i}';\n`).join('');
      writeFileSync(full, body || 'export {};\n');
    }
  }
  // The fixture's imports are relative: the repo's tsconfig (its path aliases) has no part here.
  const options = { ...config.options, tsConfig: undefined };
  const result = await cruise(
    apps.map((app) => `${app}/src`),
    { ...options, baseDir: root, validate: true, ruleSet: { forbidden: config.forbidden } },
    { extensions: ['.ts', '.tsx', '.css'] },
  );
  violations = result.output.summary.violations
    .filter((v) => RULES.includes(v.rule.name))
    .map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`)
    .sort();
});

after(() => rmSync(root, { recursive: true, force: true }));

test('a shared layer that imports a page fails layers-know-no-page, in every front end and any new layer folder', () => {
  for (const app of [...REMOTES, 'shell']) {
    assert.ok(
      violations.includes(`layers-know-no-page: ${app}/src/components/Bad.ts -> ${app}/src/pages/alpha/Alpha.ts`),
      `${app} components/\n${violations.join('\n')}`,
    );
    assert.ok(
      violations.includes(`layers-know-no-page: ${app}/src/widgets-new/Bad.ts -> ${app}/src/pages/Gamma.ts`),
      `${app} widgets-new/\n${violations.join('\n')}`,
    );
  }
});

test('a page area that imports another area or page fails page-area-stands-alone, in every remote', () => {
  for (const app of REMOTES) {
    for (const [from, to] of [
      ['pages/beta/Beta.ts', 'pages/alpha/Alpha.ts'],
      ['pages/Delta.ts', 'pages/beta/Beta.ts'],
      ['pages/alpha/Alpha.ts', 'pages/Gamma.ts'],
    ]) {
      assert.ok(
        violations.includes(`page-area-stands-alone: ${app}/src/${from} -> ${app}/src/${to}`),
        `${app} ${from}\n${violations.join('\n')}`,
      );
    }
  }
});

test('the composition root, an area using itself and the layers, and tests pass', () => {
  const expected = [...REMOTES, 'shell'].flatMap((app) => [
    `layers-know-no-page: ${app}/src/components/Bad.ts -> ${app}/src/pages/alpha/Alpha.ts`,
    `layers-know-no-page: ${app}/src/widgets-new/Bad.ts -> ${app}/src/pages/Gamma.ts`,
    ...(REMOTES.includes(app)
      ? [
          `page-area-stands-alone: ${app}/src/pages/Delta.ts -> ${app}/src/pages/beta/Beta.ts`,
          `page-area-stands-alone: ${app}/src/pages/alpha/Alpha.ts -> ${app}/src/pages/Gamma.ts`,
          `page-area-stands-alone: ${app}/src/pages/beta/Beta.ts -> ${app}/src/pages/alpha/Alpha.ts`,
        ]
      : []),
  ]);
  assert.deepEqual(violations, expected.sort());
});
