// `npm start`: build what is stale, then serve everything from one URL (PORT, default 8080).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { build } from './build.mjs';
import { repoRoot } from './apps.mjs';

await build();
// The compiled server (scripts/build-server.mjs): no TypeScript is compiled at run time.
const server = spawn(process.execPath, ['--enable-source-maps', path.join(repoRoot, 'server/dist/main.js')], {
  cwd: path.join(repoRoot, 'server'),
  stdio: 'inherit',
  env: process.env,
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code) => process.exit(code ?? 0));
