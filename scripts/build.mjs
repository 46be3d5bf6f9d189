// Builds the shell and the remotes for production. Without --force only stale apps are rebuilt.
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { APPS, inputHash, isStale, repoRoot, stampFile } from './apps.mjs';
import { buildServer } from './build-server.mjs';

const require = createRequire(import.meta.url);
const webpack = require('webpack');

export async function build({ force = false, only } = {}) {
  const server = !only || only.includes('server') ? await buildServer({ force }) : false;
  const targets = APPS.filter((a) => (!only || only.includes(a.name)) && (force || isStale(a)));
  if (targets.length === 0) {
    if (!server) console.log('Build: everything is up to date.');
    return;
  }
  console.log(`Build: ${targets.map((a) => a.name).join(', ')} (production)…`);
  const started = Date.now();
  // Source maps live beside dist/ (never served); drop the previous build's.
  for (const a of targets) rmSync(path.join(repoRoot, a.dir, 'sourcemaps'), { recursive: true, force: true });
  const configs = targets.map((a) => {
    const factory = require(path.join(repoRoot, a.dir, 'webpack.config.cjs'));
    return { ...factory({}, { mode: 'production' }), name: a.name };
  });
  const stats = await new Promise((resolve, reject) => {
    webpack(configs, (err, result) => (err ? reject(err) : resolve(result)));
  });
  if (stats.hasErrors()) {
    console.error(stats.toString({ colors: false, all: false, errors: true, errorDetails: true }));
    throw new Error('Build failed');
  }
  for (const a of targets) writeFileSync(stampFile(a), inputHash(a));
  console.log(`Build: done in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const force = process.argv.includes('--force');
  // --only backoffice,admin,server: build just these (parallel work on different remotes never collides).
  const i = process.argv.indexOf('--only');
  const only = i > 0 ? process.argv[i + 1]?.split(',') : undefined;
  build({ force, only }).catch((err) => {
    console.error(err.message);
    process.exit(1);
  });
}
