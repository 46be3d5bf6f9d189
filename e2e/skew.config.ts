import { defineConfig } from '@playwright/test';
import path from 'node:path';
import base from './playwright.config';

/**
 * The version-skew run (`node scripts/test.mjs skew`, and `npm test` after the main e2e run): the
 * shell and the remotes ship on their own, so today's shell must run yesterday's remotes and the
 * reverse, and a remote built for another shell contract must get its area's fallback. skew/serve.mjs
 * builds each app at the commit releases.json names (cached by commit outside the clone) and
 * serves the three arrangements on E2E_SKEW_PORT, +1, +2. Needs today's production build.
 */
const repoRoot = path.resolve(__dirname, '..');
const port = Number(process.env.E2E_SKEW_PORT ?? 8186);
process.env.E2E_SKEW_PORT = String(port);

export default defineConfig({
  ...base,
  testDir: './skew',
  workers: 2,
  reporter: [
    ['list'],
    [
      'json',
      { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? path.join(repoRoot, '.test-results/e2e-skew.json') },
    ],
  ],
  outputDir: path.join(repoRoot, '.test-results/e2e-skew-artifacts'),
  use: { ...base.use, baseURL: undefined },
  webServer: {
    command: `node --import tsx ${path.join(__dirname, 'skew/serve.mjs')}`,
    cwd: repoRoot,
    url: `http://localhost:${port + 2}/healthz`,
    // A cold cache builds the released apps first (~2-3 min on two busy cores).
    timeout: 600_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: { E2E_SKEW_PORT: String(port) },
  },
});
