// Compiles the server to JavaScript (server/dist): `npm start` and the e2e tests run it with plain
// node, no TypeScript compiled at run time. @hive/shared and @hive/register-sdk (TypeScript sources) are bundled in; every
// other package stays an import of node_modules.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build as esbuild } from 'esbuild';
import { repoRoot } from './apps.mjs';

const serverDir = path.join(repoRoot, 'server');
export const serverDist = path.join(serverDir, 'dist');
const stamp = path.join(serverDist, '.build-stamp');

function walk(dir, out) {
  if (!existsSync(dir)) return;
  if (statSync(dir).isFile()) return out.push(dir);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    walk(path.join(dir, entry.name), out);
  }
}

function inputHash() {
  const files = [];
  for (const p of [
    'server/src',
    'server/package.json',
    'shared/src',
    'shared/package.json',
    'register-sdk/src',
    'register-sdk/package.json',
    'package-lock.json',
  ]) {
    walk(path.join(repoRoot, p), files);
  }
  const hash = createHash('sha256');
  for (const f of files.sort()) {
    if (/\.test\.tsx?$/.test(f)) continue;
    hash.update(path.relative(repoRoot, f));
    hash.update(readFileSync(f));
  }
  return hash.digest('hex');
}

export const serverIsStale = () => !existsSync(stamp) || readFileSync(stamp, 'utf8').trim() !== inputHash();

/** Bundles our own code (server, @hive/shared, @hive/register-sdk); leaves every npm package external. */
const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@hive/shared') || args.path.startsWith('@hive/register-sdk')
        ? undefined
        : { path: args.path, external: true },
    );
  },
};

export async function buildServer({ force = false } = {}) {
  if (!force && !serverIsStale()) return false;
  const started = Date.now();
  rmSync(serverDist, { recursive: true, force: true });
  await esbuild({
    absWorkingDir: repoRoot,
    entryPoints: {
      main: 'server/src/main.ts',
      'create-admin': 'server/src/cli/createAdmin.ts',
      'disable-demo': 'server/src/cli/disableDemo.ts',
      'deploy-token': 'server/src/cli/deployToken.ts',
      release: 'server/src/cli/release.ts',
    },
    outdir: serverDist,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    plugins: [externalPackages],
    logLevel: 'warning',
  });
  writeFileSync(stamp, inputHash());
  console.log(`Build: server compiled in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  return true;
}
