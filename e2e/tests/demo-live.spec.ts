import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { signIn } from './helpers';

/*
 * The demo open for business (DEMO_LIVE): a server of its own (the shared e2e server runs without
 * it, so other specs' numbers stay still), with every demo shop open and ~12 sales a minute per
 * register (DEMO_LIVE_TEST_RATE, NODE_ENV=test only). The terminals page shows its registers
 * online, the overview's receipts rise, the transactions list gets a new receipt.
 */

const port = Number(process.env.E2E_PORT ?? 8181) + 4;
const base = `http://localhost:${port}`;
const repoRoot = path.resolve(__dirname, '../..');
let server: ChildProcess | undefined;
let dataDir = '';

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: base });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dataDir = mkdtempSync(path.join(tmpdir(), 'hive-e2e-live-'));
  server = spawn(process.execPath, ['--enable-source-maps', path.join(repoRoot, 'server/dist/main.js')], {
    cwd: path.join(repoRoot, 'server'),
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DEMO_LIVE: 'true',
      DEMO_LIVE_TEST_RATE: '60',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 110_000;
  for (;;) {
    const up = await fetch(`${base}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline || server.exitCode !== null) throw new Error('the DEMO_LIVE server did not start');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
});

test.afterAll(() => {
  server?.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
});

test('the demo is open for business: registers online, receipts rising, new receipts listed', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'owner@cornermarket.test');
  await expect(page).toHaveURL(/\/overview/);

  await page.goto('/terminal');
  await expect(page.getByRole('heading', { level: 1, name: 'Terminals' })).toBeVisible();
  // The live registers pair within a tick or two (every 5 s).
  await expect(page.getByRole('article').getByText('Online', { exact: true }).first()).toBeVisible({
    timeout: 30_000,
  });

  await page.goto('/overview');
  const receipts = page
    .getByRole('list', { name: 'Key figures' })
    .getByRole('listitem')
    .filter({ hasText: /^Receipts/ })
    .locator('strong');
  await expect(receipts).toHaveText(/\d/);
  const before = Number((await receipts.textContent())!.replace(/\D/g, ''));
  await expect
    .poll(async () => Number((await receipts.textContent())!.replace(/\D/g, '')), { timeout: 60_000 })
    .toBeGreaterThan(before);

  await page.goto('/transaction');
  const table = page.getByRole('table', { name: 'Receipts' });
  await expect(table).toBeVisible();
  const first = async () =>
    (await table
      .getByRole('link', { name: /^#\d+$/ })
      .first()
      .textContent()) ?? '';
  const newest = await first();
  await expect.poll(async () => (await page.reload(), await first()), { timeout: 60_000 }).not.toBe(newest);
});
