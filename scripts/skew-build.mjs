// Builds what the version-skew e2e (e2e/skew.config.ts) runs against, into a cache outside the
// clone (HIVE_SKEW_CACHE, default ~/.cache/hive-pos/skew; node_modules/.cache/hive-skew when the home
// folder cannot be written), each reused when present. What is cached is named by what it is built
// from (a commit; the fixture's input hash), so every clone on the machine, CI's fresh ones too,
// reuses it:
//   - every app at the commit it was last released from (releases.json): <commit>/<app>/dist;
//   - the incompatible-contract fixture: today's ordering remote built with
//     HIVE_CONTRACT_RANGE='^99.0.0' (fixture-<input hash>/ordering/dist).
// A released commit is checked out into a temporary git worktree with today's node_modules
// hard-linked when its lockfile is today's (else `npm ci` there) and built with that commit's own
// webpack configs. Prints the cache folders as JSON on its last line (and returns them).
import { execFileSync } from 'node:child_process';
import {
  accessSync,
  constants,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { APPS, inputHash, repoRoot } from './apps.mjs';

const require = createRequire(import.meta.url);
function cacheRoot() {
  if (process.env.HIVE_SKEW_CACHE) return path.resolve(process.env.HIVE_SKEW_CACHE);
  const home = path.join(os.homedir(), '.cache/hive-pos/skew');
  try {
    mkdirSync(home, { recursive: true });
    accessSync(home, constants.W_OK);
    return home;
  } catch {
    return path.join(repoRoot, 'node_modules/.cache/hive-skew');
  }
}
export const CACHE = cacheRoot();

/**
 * Moves a finished build into the cache in one step, so that a run beside this one (another clone)
 * never sees half a folder; if another run put it there first, theirs is kept.
 */
function publish(built, dest) {
  mkdirSync(path.dirname(dest), { recursive: true });
  const staging = `${dest}.part-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging);
  renameSync(built, path.join(staging, 'dist'));
  try {
    renameSync(staging, dest);
  } catch (err) {
    rmSync(staging, { recursive: true, force: true });
    if (!existsSync(dest)) throw err;
  }
}
export const FIXTURE_RANGE = '^99.0.0';

const git = (args, cwd = repoRoot) => execFileSync('git', args, { cwd, encoding: 'utf8' }).trim();
const sh = (cmd, args, cwd, env = {}) =>
  execFileSync(cmd, args, { cwd, stdio: 'inherit', env: { ...process.env, ...env } });

export function readReleases() {
  const releases = JSON.parse(readFileSync(path.join(repoRoot, 'releases.json'), 'utf8'));
  for (const app of APPS) {
    if (!/^[0-9a-f]{40}$/.test(releases[app.name]?.commit ?? '')) {
      throw new Error(`releases.json: ${app.name}.commit must be a full 40-hex commit`);
    }
  }
  return releases;
}

/** `<commit>/<app>/dist` for every app released from `commit`, built together in one checkout. */
function buildReleased(commit, apps) {
  const missing = apps.filter(
    (a) =>
      !existsSync(path.join(CACHE, commit, a.name, 'dist/remoteEntry.js')) &&
      !existsSync(path.join(CACHE, commit, a.name, 'dist/index.html')),
  );
  if (!missing.length) return;
  try {
    git(['cat-file', '-e', `${commit}^{commit}`]);
  } catch {
    throw new Error(
      `releases.json names commit ${commit}, which is not in this clone's history (a shallow clone? run \`git fetch --unshallow\`)`,
    );
  }
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'hive-skew-'));
  const tree = path.join(tmp, 'tree');
  console.log(`skew: building ${missing.map((a) => a.name).join(', ')} at ${commit.slice(0, 10)}…`);
  git(['worktree', 'add', '--detach', tree, commit]);
  try {
    const oldLock = JSON.parse(readFileSync(path.join(tree, 'package-lock.json'), 'utf8'));
    const lock = JSON.parse(readFileSync(path.join(repoRoot, 'package-lock.json'), 'utf8'));
    const differing = lockDifferences(oldLock, lock);
    if (differing.size === 0 || onlyTestTools(oldLock, differing)) {
      if (differing.size)
        console.log(
          `skew: today's node_modules serve the build (only test tools differ: ${[...differing].join(', ')})`,
        );
      // Hard links, not symlinks: node_modules/@hive/shared is a relative link that must point at
      // the old commit's shared/, and webpack resolves real paths.
      for (const dir of ['.', ...readdirSync(repoRoot)]) {
        const from = path.join(repoRoot, dir, 'node_modules');
        if (dir.startsWith('.') && dir !== '.') continue;
        if (!existsSync(from) || !existsSync(path.join(tree, dir))) continue;
        sh('cp', ['-al', from, path.join(tree, dir, 'node_modules')], repoRoot);
      }
      rmSync(path.join(tree, 'node_modules/.cache'), { recursive: true, force: true });
    } else {
      sh('npm', ['ci', '--no-audit', '--no-fund'], tree);
    }
    for (const app of missing) {
      sh(path.join(tree, 'node_modules/.bin/webpack'), ['--mode', 'production'], path.join(tree, app.dir));
      const dest = path.join(CACHE, commit, app.name);
      rmSync(dest, { recursive: true, force: true });
      publish(path.join(tree, app.dir, 'dist'), dest);
    }
  } finally {
    git(['worktree', 'remove', '--force', tree]);
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** `node_modules/a/node_modules/@s/b` -> `@s/b`; undefined for the workspaces' own entries. */
const packageName = (where) =>
  where.includes('node_modules/')
    ? where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length)
    : undefined;

/** Names of the packages the old lock installs at another version than today's, or not at all. */
export function lockDifferences(oldLock, lock) {
  const names = new Set();
  for (const [where, entry] of Object.entries(oldLock.packages ?? {})) {
    const name = packageName(where);
    if (!name) continue;
    const now = lock.packages?.[where];
    if (!now || now.version !== entry.version || now.resolved !== entry.resolved) names.add(name);
  }
  return names;
}

/** What only the tests load: a build never requires these (nor what only they depend on). */
const TEST_TOOLS =
  /^(jest|jest-.*|ts-jest|@jest\/.*|@swc\/jest|@playwright\/.*|playwright(-core)?|@axe-core\/.*|axe-core|@testing-library\/.*|fast-check)$/;

/**
 * True when every differing package is reachable from the old commit's test tools and from nothing
 * else it declares: its build then loads only packages at the versions it locked, and today's
 * node_modules (hard-linked) build it as `npm ci` would. Reachability follows dependency names
 * through the whole lock, which over-counts on both sides (so it errs towards `npm ci`).
 */
export function onlyTestTools(oldLock, differing) {
  const packages = oldLock.packages ?? {};
  const depsOf = new Map();
  for (const [where, entry] of Object.entries(packages)) {
    const name = packageName(where);
    if (!name) continue;
    const deps = { ...entry.dependencies, ...entry.optionalDependencies, ...entry.peerDependencies };
    depsOf.set(name, new Set([...(depsOf.get(name) ?? []), ...Object.keys(deps)]));
  }
  const reach = (roots) => {
    const seen = new Set();
    const todo = [...roots];
    while (todo.length) {
      const name = todo.pop();
      if (seen.has(name)) continue;
      seen.add(name);
      todo.push(...(depsOf.get(name) ?? []));
    }
    return seen;
  };
  const declared = new Set();
  for (const [where, entry] of Object.entries(packages)) {
    if (packageName(where)) continue;
    for (const deps of [
      entry.dependencies,
      entry.devDependencies,
      entry.optionalDependencies,
      entry.peerDependencies,
    ]) {
      for (const name of Object.keys(deps ?? {})) declared.add(name);
    }
  }
  const tests = reach([...declared].filter((n) => TEST_TOOLS.test(n)));
  const rest = reach([...declared].filter((n) => !TEST_TOOLS.test(n) && !n.startsWith('@hive/')));
  return [...differing].every((name) => tests.has(name) && !rest.has(name));
}

/** Today's ordering remote recording an incompatible contract range. */
async function buildFixture() {
  const app = APPS.find((a) => a.name === 'ordering');
  const dir = path.join(CACHE, `fixture-${inputHash(app).slice(0, 16)}`, 'ordering');
  if (existsSync(path.join(dir, 'dist/remoteEntry.js'))) return dir;
  console.log(`skew: building the fixture (ordering, HIVE_CONTRACT_RANGE='${FIXTURE_RANGE}')…`);
  const webpack = require('webpack');
  const previous = process.env.HIVE_CONTRACT_RANGE;
  process.env.HIVE_CONTRACT_RANGE = FIXTURE_RANGE;
  try {
    const factory = require(path.join(repoRoot, app.dir, 'webpack.config.cjs'));
    const config = factory({}, { mode: 'production' });
    const built = mkdtempSync(path.join(os.tmpdir(), 'hive-skew-fixture-'));
    config.output = { ...config.output, path: path.join(built, 'dist') };
    const stats = await new Promise((resolve, reject) =>
      webpack(config, (err, result) => (err ? reject(err) : resolve(result))),
    );
    if (stats.hasErrors()) throw new Error(stats.toString({ all: false, errors: true }));
    publish(path.join(built, 'dist'), dir);
    rmSync(built, { recursive: true, force: true });
  } finally {
    if (previous === undefined) delete process.env.HIVE_CONTRACT_RANGE;
    else process.env.HIVE_CONTRACT_RANGE = previous;
  }
  return dir;
}

/** Builds what is missing; returns `{ released: { app: dir }, fixture: dir }` (dirs hold `dist/`). */
export async function skewBuild() {
  const releases = readReleases();
  const byCommit = new Map();
  for (const app of APPS) {
    const commit = releases[app.name].commit;
    byCommit.set(commit, [...(byCommit.get(commit) ?? []), app]);
  }
  for (const [commit, apps] of byCommit) buildReleased(commit, apps);
  const released = Object.fromEntries(APPS.map((a) => [a.name, path.join(CACHE, releases[a.name].commit, a.name)]));
  return { released, fixture: await buildFixture() };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  skewBuild().then(
    (dirs) => console.log(JSON.stringify(dirs)),
    (err) => {
      console.error(`skew: ${err.message}`);
      process.exit(1);
    },
  );
}
