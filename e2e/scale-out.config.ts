import { defineConfig } from '@playwright/test';
import path from 'node:path';
import { chromiumPath } from './chromium';

/*
 * The scale-out run (issue 31): two server processes (the production build, server/dist/main.js) on
 * one fresh PostgreSQL database behind nginx, started by scale-out/global-setup.ts with the site
 * block of docs/deploy.md. Needs TEST_DATABASE_URL and nginx (scripts/test.mjs runs it only then).
 * One worker: the tests count which instance nginx's round-robin picks, so no other test may send
 * requests through nginx at the same time. releases.spec.ts (issue 44) ships the ordering remote through
 * the release registry on the same instances (no server of its own: a static origin for the releases).
 */
const chromium = chromiumPath();
const repoRoot = path.resolve(__dirname, '..');

export default defineConfig({
  testDir: './scale-out',
  globalSetup: './scale-out/global-setup.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [
    ['list'],
    [
      'json',
      {
        outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? path.join(repoRoot, '.test-results/e2e-scale-out.json'),
      },
    ],
  ],
  outputDir: process.env.E2E_OUTPUT_DIR ?? path.join(repoRoot, '.test-results/e2e-scale-out-artifacts'),
  use: {
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
});
