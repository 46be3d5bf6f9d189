// Every app compiles in development mode (what `npm run dev` and `npm run dev -w <remote>` serve) with
// no error and no warning: an error puts webpack-dev-server's overlay over the page. The production
// build never showed the facades' asset conflict (hashed names), so only this test sees dev mode.
// Run by `npm test` (step `dev`): node --test tools/webpack/dev-compile.test.mjs
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { APPS, repoRoot } from '../../scripts/apps.mjs';

const require = createRequire(import.meta.url);
const webpack = require('webpack');
const out = mkdtempSync(path.join(tmpdir(), 'hive-dev-compile-'));
after(() => rmSync(out, { recursive: true, force: true }));

/**
 * Infrastructure warnings (the `<w>` lines) a developer sees and may ignore, each with its reason.
 * Anything else fails the test.
 */
const EXPECTED_INFRA_WARNINGS = [
  // A remote's publicPath is 'auto' on purpose: its chunks load from wherever its manifest was found
  // (its dev server, /remotes/<name>/ on the server, or a CDN named in REMOTES_JSON).
  /Manifest will use absolute path resolution via its host at runtime, reason: publicPath='auto'/,
];

for (const app of APPS) {
  test(`${app.name} compiles in development mode with no error and no warning`, async () => {
    const factory = require(path.join(repoRoot, app.dir, 'webpack.config.cjs'));
    const config = factory({ WEBPACK_SERVE: true }, { mode: 'development' });
    const infraWarnings = [];
    const record = (...args) => infraWarnings.push(args.join(' '));
    const compiler = webpack({
      ...config,
      output: { ...config.output, path: path.join(out, app.name) },
      infrastructureLogging: {
        level: 'warn',
        console: { ...console, warn: record, error: record, info() {}, log() {}, debug() {} },
      },
    });
    const stats = await new Promise((resolve, reject) => compiler.run((err, s) => (err ? reject(err) : resolve(s))));
    await new Promise((resolve) => compiler.close(resolve));

    const { errors, warnings } = stats.toJson({ all: false, errors: true, warnings: true });
    const text = (list) => list.map((e) => e.message).join('\n');
    assert.equal(errors.length, 0, `errors:\n${text(errors)}`);
    assert.equal(warnings.length, 0, `warnings:\n${text(warnings)}`);
    const unexpected = infraWarnings.filter((w) => !EXPECTED_INFRA_WARNINGS.some((re) => re.test(w)));
    assert.deepEqual(unexpected, [], `infrastructure warnings:\n${unexpected.join('\n')}`);

    // No child compilation (e.g. an HTML template compiled with the app's plugins) emits files of its
    // own: they would collide with the app's chunks in dev and ship unused copies in production.
    const childAssets = stats.compilation.children.flatMap((c) => c.getAssets().map((a) => `${c.name}: ${a.name}`));
    assert.deepEqual(childAssets, []);
    // The page a developer opens: the app's own page with its entry (the shell, or a remote standalone).
    assert.ok(stats.compilation.getAsset('index.html'), 'index.html is emitted');
  });
}
