// Import directions of every workspace's src (part of `npm run lint`): .dependency-cruiser.cjs
// forbids import cycles anywhere and, in the server, infrastructure importing modules and modules
// reaching past each other's index.ts. One run over all folders; exits non-zero on a violation.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { repoRoot } from './apps.mjs';

const WORKSPACES = [
  'register-sdk',
  'server',
  'shared',
  'shell',
  'backoffice-remote',
  'admin-remote',
  'ordering-remote',
  'simulator',
];

const bin = path.join(repoRoot, 'node_modules', '.bin', process.platform === 'win32' ? 'depcruise.cmd' : 'depcruise');
const result = spawnSync(
  bin,
  [...WORKSPACES.map((w) => `${w}/src`), '--config', '.dependency-cruiser.cjs', '--output-type', 'err'],
  { cwd: repoRoot, stdio: 'inherit' },
);
if (result.error) throw result.error;
process.exit(result.status ?? 1);
