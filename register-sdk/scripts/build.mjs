// Builds the publishable package into register-sdk/dist: ES modules and their types (tsc), the
// README, and a package.json whose exports point at them. In this repository the package's own
// package.json points at the TypeScript sources, which every workspace compiles itself.
//
//   npm run build -w @hive/register-sdk            dist/
//   npm run pack -w @hive/register-sdk [-- <dir>]  dist/, then `npm pack` of it (into <dir>, default: register-sdk/)
import { execFileSync } from 'node:child_process';
import { copyFileSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = path.join(root, 'dist');
const tsc = fileURLToPath(new URL('../../node_modules/typescript/bin/tsc', import.meta.url));

export function build() {
  rmSync(dist, { recursive: true, force: true });
  execFileSync(process.execPath, [tsc, '-p', path.join(root, 'tsconfig.build.json')], { stdio: 'inherit' });
  copyFileSync(path.join(root, 'README.md'), path.join(dist, 'README.md'));
  const source = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  const entry = (dir) => ({ types: `./${dir}index.d.ts`, default: `./${dir}index.js` });
  const manifest = { ...source };
  for (const key of ['scripts', 'devDependencies', 'exports']) delete manifest[key];
  const published = { ...manifest, types: './index.d.ts', exports: { '.': entry(''), './money': entry('money/') } };
  writeFileSync(path.join(dist, 'package.json'), `${JSON.stringify(published, null, 2)}\n`);
  return dist;
}

/** Packs dist/ with npm; the tarball's path. */
export function pack(destination = root) {
  const out = execFileSync('npm', ['pack', dist, '--pack-destination', destination, '--json'], { encoding: 'utf8' });
  return path.join(destination, JSON.parse(out)[0].filename);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  build();
  console.log(`Built ${dist}.`);
  if (process.argv.includes('--pack')) {
    const destination = process.argv.slice(2).find((a) => !a.startsWith('--'));
    console.log(`Packed ${pack(destination ? path.resolve(destination) : root)}.`);
  }
}
