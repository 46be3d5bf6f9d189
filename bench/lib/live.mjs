// Live latency (issue 31): how long a receipt posted by a register takes to show on an open page.
// The real server (bench/serve.mjs: production mode, the federated build, demo data) and Chromium:
// one tab on the overview, one on Reports › Transactions, both signed in as the demo owner and
// holding their live streams. BENCH_LIVE_RECEIPTS sales (default 40), BENCH_LIVE_SPACING_MS apart
// (default 500), go through POST /api/device/v1/events; for each, the time from just before the
// POST to the moment the page shows it (the overview's receipt count, the receipt's row in the
// list), read by the page itself on each animation frame. Target: p95 < 1 s on both.
// Alone: BENCH_ONLY=live npm run bench (merges `live` into bench/results.json).
/* global document, window */
import { SimulatedRegister } from '../../shared/src/simulation/register.ts';
import { BackofficeSession, DeviceClient } from '../../simulator/src/clients.ts';
import { launch, DEMO } from './browser.mjs';

const RECEIPTS = Math.max(1, Number(process.env.BENCH_LIVE_RECEIPTS ?? 40));
const SPACING_MS = Math.max(0, Number(process.env.BENCH_LIVE_SPACING_MS ?? 500));
export const LIVE_TARGET_MS = 1000;

const quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? null : s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)];
};
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The overview's "Receipts" figure, as a number (null until shown). */
function overviewReceipts() {
  const tiles = document.querySelector('[aria-label="Key figures"]');
  const tile = tiles && [...tiles.querySelectorAll('li')].find((li) => /^Receipts/.test(li.textContent ?? ''));
  const strong = tile?.querySelector('strong');
  return strong ? Number((strong.textContent ?? '').replace(/\D/g, '')) : null;
}

async function pair(url) {
  const session = await BackofficeSession.signIn(url, DEMO.owner, DEMO.password);
  const locations = (await session.terminalOptions()).locations;
  const pairing = await session.addTerminal(`Live bench ${Date.now() % 100000}`, locations[0].id);
  const paired = await DeviceClient.pair(url, pairing.pairingCode, 'bench');
  return new DeviceClient(url, paired.token);
}

/** Measures post-to-visible on the overview and the transactions list against `url` (a running server). */
export async function liveBench(url, { log = () => undefined } = {}) {
  const device = await pair(url);
  const config = (await device.config()).body;
  const register = new SimulatedRegister(config, { seed: `bench-live-${Date.now()}`, restaurant: false });
  const opened = await device.send([register.openShift(Date.now() - 5000)]);
  if (opened.status !== 200) throw new Error(`live bench: shift_open answered ${opened.status}`);

  const browser = await launch();
  try {
    // Two windows (a context each), as two people watching: a background tab of one window would
    // have its timers and animation frames throttled by Chromium, which is not what is measured.
    const open = async (path) => {
      const context = await browser.newContext({ baseURL: url, viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      await page.goto('/authentication/login');
      await page.getByLabel('Email').fill(DEMO.owner);
      await page.getByLabel('Password').fill(DEMO.password);
      await page.getByRole('button', { name: /sign in/i }).click();
      await page.getByRole('button', { name: 'Toggle sidebar' }).waitFor();
      await page.goto(path);
      return page;
    };
    const overview = await open('/overview');
    const transactions = await open('/transaction');
    for (const page of [overview, transactions]) {
      await page.getByRole('status', { name: 'Live' }).waitFor({ timeout: 30_000 });
    }
    // The reader of the figure, defined in the page (a function passed to the page is sent as source).
    await overview.evaluate(`window.__receipts = ${overviewReceipts.toString()}`);
    await overview.waitForFunction(() => window.__receipts() !== null, undefined, { polling: 'raf' });
    let count = await overview.evaluate(() => window.__receipts());
    log(`live: ${RECEIPTS} receipts, ${SPACING_MS} ms apart, overview and transactions open`);

    const samples = { overview: [], transactions: [] };
    for (let i = 0; i < RECEIPTS; i += 1) {
      const sale = register.sale(Date.now() - 50);
      const sentAt = Date.now();
      const reply = await device.send([sale]);
      const number = reply.body?.results?.[0]?.receiptNumber;
      if (reply.status !== 200 || !number) throw new Error(`live bench: sale answered ${reply.status}`);
      count += 1;
      // Each page reports, from its own clock, the first animation frame that shows the receipt.
      const [onOverview, onList] = await Promise.all([
        overview.waitForFunction((expected) => window.__receipts() === expected && Date.now(), count, {
          polling: 'raf',
          timeout: 30_000,
        }),
        transactions.waitForFunction(
          (n) => [...document.querySelectorAll('table a')].some((a) => a.textContent === `#${n}`) && Date.now(),
          number,
          { polling: 'raf', timeout: 30_000 },
        ),
      ]);
      samples.overview.push((await onOverview.jsonValue()) - sentAt);
      samples.transactions.push((await onList.jsonValue()) - sentAt);
      await pause(SPACING_MS);
    }
    const summary = (xs) => ({
      n: xs.length,
      p50: quantile(xs, 0.5),
      p95: quantile(xs, 0.95),
      max: Math.max(...xs),
      meetsTarget: quantile(xs, 0.95) < LIVE_TARGET_MS,
    });
    return {
      receipts: RECEIPTS,
      spacingMs: SPACING_MS,
      targetP95Ms: LIVE_TARGET_MS,
      overview: summary(samples.overview),
      transactions: summary(samples.transactions),
    };
  } finally {
    await browser.close();
  }
}

/** The markdown table of a liveBench result. */
export function liveReport(live) {
  const row = (name, s) =>
    `| ${name} | ${s.n} | ${Math.round(s.p50)} ms | ${Math.round(s.p95)} ms | ${Math.round(s.max)} ms | ${s.meetsTarget ? 'yes' : 'no'} |`;
  return [
    `### Live latency: receipt posted to visible (${live.receipts} receipts, ${live.spacingMs} ms apart; target p95 < ${live.targetP95Ms} ms)`,
    '',
    '| Page | Receipts | p50 | p95 | max | p95 < 1 s |',
    '| --- | ---: | ---: | ---: | ---: | :---: |',
    row('Overview (receipt count)', live.overview),
    row('Reports › Transactions (the row)', live.transactions),
  ].join('\n');
}
