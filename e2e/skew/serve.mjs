// The version-skew e2e's servers (run by e2e/skew.config.ts with `node --import tsx`): builds what is
// missing (scripts/skew-build.mjs: every app at its released commit, the incompatible fixture), then
// starts the real server three times, each with a fresh database and the demo data, serving:
//   port     today's shell + the released remotes
//   port + 1 the released shell + today's remotes
//   port + 2 today's shell + today's back-office and admin + the fixture in place of the ordering remote
// Stops on SIGTERM.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer } from '../../server/src/app.ts';
import { skewBuild } from '../../scripts/skew-build.mjs';
import { repoRoot } from '../../scripts/apps.mjs';

const port = Number(process.env.E2E_SKEW_PORT ?? 8186);
const { released, fixture } = await skewBuild();
const dist = (dir) => path.join(dir, 'dist');
const today = {
  shell: path.join(repoRoot, 'shell/dist'),
  backoffice: path.join(repoRoot, 'backoffice-remote/dist'),
  admin: path.join(repoRoot, 'admin-remote/dist'),
  ordering: path.join(repoRoot, 'ordering-remote/dist'),
};
const arrangements = [
  {
    shell: today.shell,
    remotes: { backoffice: dist(released.backoffice), admin: dist(released.admin), ordering: dist(released.ordering) },
  },
  {
    shell: dist(released.shell),
    remotes: { backoffice: today.backoffice, admin: today.admin, ordering: today.ordering },
  },
  { shell: today.shell, remotes: { backoffice: today.backoffice, admin: today.admin, ordering: dist(fixture) } },
];

const dirs = [];
const servers = [];
for (const [i, staticRoots] of arrangements.entries()) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hive-skew-'));
  dirs.push(dataDir);
  servers.push(
    await startServer({
      port: port + i,
      host: '127.0.0.1',
      dataDir,
      nodeEnv: 'test',
      logLevel: 'warn',
      seedDemo: true,
      seedDemoSales: false,
      trustProxy: true,
      staticRoots,
    }),
  );
}
console.log(`skew servers on ${port}, ${port + 1}, ${port + 2}`);

async function stop() {
  await Promise.allSettled(servers.map((s) => s.close()));
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  process.exit(0);
}
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
