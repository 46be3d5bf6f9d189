import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromiumPath } from './chromium';

const chromium = chromiumPath();

const port = Number(process.env.E2E_PORT ?? 8181);
// The remotes' standalone pages (their own dev servers, as their teams run them) on the next ports:
// the back-office's first.
const standalonePort = Number(process.env.E2E_STANDALONE_PORT ?? port + 1);
process.env.E2E_STANDALONE_URL = `http://localhost:${standalonePort}`;
// The admin console's and the storefront's standalone pages, on the two ports after it.
const standaloneAdminPort = standalonePort + 1;
const standaloneOrderingPort = standalonePort + 2;
process.env.E2E_STANDALONE_ADMIN_URL = `http://localhost:${standaloneAdminPort}`;
process.env.E2E_STANDALONE_ORDERING_URL = `http://localhost:${standaloneOrderingPort}`;
// Workers inherit the main process's environment, so every process agrees on one fresh database.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'hive-e2e-'));
const repoRoot = path.resolve(__dirname, '..');

export default defineConfig({
  testDir: './tests',
  // Sized for a busy machine (two cores shared with other heavy jobs): most tests take 3-20 s there,
  // 60 s is ~3x the slowest without a timeout of its own. An expect waits for server work (a save, a
  // refetch) that can take several seconds there too; a passing test never waits for either.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? path.join(repoRoot, '.test-results/e2e.json') }],
  ],
  outputDir: process.env.E2E_OUTPUT_DIR ?? path.join(repoRoot, '.test-results/e2e-artifacts'),
  use: {
    baseURL: `http://localhost:${port}`,
    browserName: 'chromium',
    // DOM snapshots kept for a failure, no film strip: its screenshots, taken for every test and
    // thrown away when it passes, cost the browser a frame capture and JPEG per step.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
        '--disable-quic',
      ],
    },
  },
  webServer: [
    {
      // The production build (npm test builds it first) served by the compiled server (built here when
      // stale, e.g. when only the e2e step runs) and a fresh database.
      command: `node ${path.join(repoRoot, 'scripts/build.mjs')} --only server && node --enable-source-maps ${path.join(repoRoot, 'server/dist/main.js')}`,
      cwd: path.join(repoRoot, 'server'),
      url: `http://localhost:${port}/healthz`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      // TRUST_PROXY: the tests play many shoppers and staff behind one proxy, each test with an
      // X-Forwarded-For address of its own, so per-address limits of one test never hit another.
      env: {
        PORT: String(port),
        DATA_DIR: process.env.E2E_DATA_DIR,
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        TRUST_PROXY: 'true',
      },
    },
    {
      // `npm run dev -w backoffice-remote` on its own port, its API calls proxied to the server above
      // (tests/standalone.spec.ts). Compiled from the sources in development mode.
      command: `node ${path.join(repoRoot, 'node_modules/webpack/bin/webpack.js')} serve --mode development --port ${standalonePort} --host localhost`,
      cwd: path.join(repoRoot, 'backoffice-remote'),
      url: `http://localhost:${standalonePort}/`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'ignore',
      env: { API_ORIGIN: `http://localhost:${port}` },
    },
    // `npm run dev -w admin-remote` and `npm run dev -w ordering-remote`, the same way.
    ...[
      { dir: 'admin-remote', port: standaloneAdminPort },
      { dir: 'ordering-remote', port: standaloneOrderingPort },
    ].map((remote) => ({
      command: `node ${path.join(repoRoot, 'node_modules/webpack/bin/webpack.js')} serve --mode development --port ${remote.port} --host localhost`,
      cwd: path.join(repoRoot, remote.dir),
      url: `http://localhost:${remote.port}/`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'ignore' as const,
      stderr: 'ignore' as const,
      env: { API_ORIGIN: `http://localhost:${port}` },
    })),
  ],
});
