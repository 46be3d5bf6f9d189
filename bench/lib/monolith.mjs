// Builds the monolith (tools/webpack/monolith.config.cjs) when its inputs changed, like
// scripts/build.mjs does for the four apps: a hash of every app's inputs plus bench/monolith.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { APPS, inputHash } from '../../scripts/apps.mjs';
import { repoRoot } from './graph.mjs';

const require = createRequire(import.meta.url);
const monolithDir = path.join(repoRoot, 'bench/monolith');
const stamp = path.join(monolithDir, 'dist/.build-stamp');

function monolithHash() {
  const h = createHash('sha256');
  for (const app of APPS) h.update(inputHash(app));
  for (const f of readdirSync(monolithDir).sort()) {
    // Build output (dist/, and the source maps written beside it) is not an input.
    if (f === 'dist' || f === 'sourcemaps') continue;
    h.update(f);
    h.update(readFileSync(path.join(monolithDir, f)));
  }
  return h.digest('hex');
}

export async function buildMonolith({ force = false } = {}) {
  const hash = monolithHash();
  if (!force && existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === hash) {
    console.log('Monolith: up to date.');
    return;
  }
  console.log('Monolith: building (production)…');
  const started = Date.now();
  const webpack = require('webpack');
  const config = require(path.join(repoRoot, 'tools/webpack/monolith.config.cjs'))({}, { mode: 'production' });
  const stats = await new Promise((resolve, reject) => webpack(config, (err, s) => (err ? reject(err) : resolve(s))));
  if (stats.hasErrors()) {
    console.error(stats.toString({ colors: false, all: false, errors: true, errorDetails: true }));
    throw new Error('Monolith build failed');
  }
  writeFileSync(stamp, hash);
  console.log(`Monolith: done in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}
