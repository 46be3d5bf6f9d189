// The four front-end apps and what each build depends on (for "build what is stale").
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const APPS = [
  { name: 'shell', dir: 'shell' },
  { name: 'backoffice', dir: 'backoffice-remote' },
  { name: 'admin', dir: 'admin-remote' },
  { name: 'ordering', dir: 'ordering-remote' },
];

function walk(dir, out) {
  if (!existsSync(dir)) return;
  const st = statSync(dir);
  if (st.isFile()) return out.push(dir);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    walk(path.join(dir, entry.name), out);
  }
}

/** A hash of every input of an app's build: its sources, the shared library, the tooling, the lockfile. */
export function inputHash(app) {
  const files = [];
  for (const p of [
    path.join(repoRoot, app.dir, 'src'),
    path.join(repoRoot, app.dir, 'public'),
    path.join(repoRoot, app.dir, 'package.json'),
    path.join(repoRoot, app.dir, 'webpack.config.cjs'),
    path.join(repoRoot, app.dir, 'tsconfig.json'),
    path.join(repoRoot, 'shared/src'),
    path.join(repoRoot, 'shared/package.json'),
    path.join(repoRoot, 'tools/webpack'),
    path.join(repoRoot, 'package-lock.json'),
  ]) {
    walk(p, files);
  }
  // Shell imports from remotes never happen, but remotes' standalone entries import the shell library.
  if (app.name !== 'shell') walk(path.join(repoRoot, 'shell/src/lib'), files);
  const hash = createHash('sha256');
  for (const f of files.sort()) {
    if (f.endsWith('.test.ts') || f.endsWith('.test.tsx')) continue;
    hash.update(path.relative(repoRoot, f));
    hash.update(readFileSync(f));
  }
  return hash.digest('hex');
}

export const stampFile = (app) => path.join(repoRoot, app.dir, 'dist', '.build-stamp');

export function isStale(app) {
  const stamp = stampFile(app);
  return !existsSync(stamp) || readFileSync(stamp, 'utf8').trim() !== inputHash(app);
}
