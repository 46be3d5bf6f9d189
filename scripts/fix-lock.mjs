// The npm registry reachable here serves no binaries for other platforms (404), so npm cannot write
// their lockfile entries and `npm ci` then refuses the lockfile ("Missing: … from lock file").
// This adds each missing optional platform package as an os/cpu-restricted entry, which npm skips on
// machines it does not fit, without fetching. Run it after every change of dependencies:
//   npm install … && node scripts/fix-lock.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const file = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'package-lock.json');
const lock = JSON.parse(readFileSync(file, 'utf8'));
const pkgs = lock.packages;

const OS = ['darwin', 'win32', 'linux', 'freebsd', 'android', 'openharmony', 'sunos', 'aix', 'netbsd', 'openbsd'];
const CPU = ['arm64', 'x64', 'ia32', 'arm', 'ppc64', 'riscv64', 's390x', 'loong64', 'mips64el'];

function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  if (parts.includes('wasm32') || parts.includes('wasi')) return { cpu: ['wasm32'] };
  const os = OS.find((o) => parts.includes(o));
  const cpu = CPU.find((c) => parts.includes(c));
  const libc = parts.includes('musl') ? ['musl'] : parts.includes('gnu') && os === 'linux' ? ['glibc'] : undefined;
  return { ...(os && { os: [os] }), ...(cpu && { cpu: [cpu] }), ...(libc && { libc }) };
}

let added = 0;
for (const [at, meta] of Object.entries(pkgs)) {
  for (const [dep, version] of Object.entries(meta.optionalDependencies ?? {})) {
    if (pkgs[`node_modules/${dep}`] || pkgs[`${at ? `${at}/` : ''}node_modules/${dep}`]) continue;
    const platform = platformOf(dep);
    if (!platform.os && !platform.cpu) continue; // not a platform binary: a real gap, leave it to npm
    pkgs[`node_modules/${dep}`] = { version, optional: true, ...platform };
    added++;
  }
}
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(added ? `fix-lock: added ${added} platform-restricted optional entries` : 'fix-lock: nothing to add');
