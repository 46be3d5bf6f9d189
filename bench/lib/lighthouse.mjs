// Lighthouse 12 on the pages a phone opens first: the login page (`/`) and a storefront
// (`/ordering/blue-door-bistro`), with Lighthouse's mobile defaults (simulated slow 4G, 4x CPU
// slowdown, a Moto G-sized screen), in Debian's Chromium. Each page is audited BENCH_LIGHTHOUSE_RUNS
// times (default 5) and the run with the median performance score is kept whole (its metrics and
// its failing audits belong together), so one noisy run on a shared machine does not move the result.
// Then the budgets (lighthouseBudgets.mjs), with the storefront's first paint from the HTML alone
// (firstPaint.mjs): `lighthousePart` is what `npm run bench` runs.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { median } from './browser.mjs';
import { firstPaintFromHtml } from './firstPaint.mjs';
import { checkLighthouseBudgets, lighthouseBudgetsTable, whereIs } from './lighthouseBudgets.mjs';

const fmtMs = (n) => (n == null ? '–' : `${(n / 1000).toFixed(2)} s`);

export const LIGHTHOUSE_PAGES = { login: '/', storefront: '/ordering/blue-door-bistro' };
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const METRICS = {
  fcp: 'first-contentful-paint',
  lcp: 'largest-contentful-paint',
  tbt: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  si: 'speed-index',
};

/** The scores (0-100), metrics (ms; CLS unitless) and failing audits of one Lighthouse report. */
export function summarize(lhr) {
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]));
  const metrics = Object.fromEntries(
    Object.entries(METRICS).map(([k, id]) => [k, lhr.audits[id]?.numericValue ?? null]),
  );
  // An audit fails when it scores below 0.9 and counts for its category (weight > 0), or belongs to
  // accessibility, best practices or SEO at all (Lighthouse 12 lists some, e.g. label-in-name, with
  // weight 0 but shows them failed); informative and manual audits (score null) never fail.
  const failing = [];
  for (const c of CATEGORIES) {
    for (const ref of lhr.categories[c]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      const counts = ref.weight > 0 || c !== 'performance';
      if (audit && counts && audit.score !== null && audit.score < 0.9 && !failing.includes(ref.id))
        failing.push(ref.id);
    }
  }
  // The elements that moved (what to reserve space for), from the layout-shifts audit (with Chromium
  // newer than Lighthouse 12.2 knows, that audit may end in an error: then there are none here).
  const shifts = (lhr.audits['layout-shifts']?.details?.items ?? [])
    .slice(0, 5)
    .map((i) => ({ score: i.score, node: i.node?.selector ?? i.node?.snippet ?? null }));
  return { scores, metrics, failing, shifts, lighthouseVersion: lhr.lighthouseVersion };
}

/** Audits each page `runs` times on `baseUrl`; returns { [page]: { median run, runs: [scores] } }. */
export async function lighthouseBench(baseUrl, { runs = 5, log = console.log, chromePath } = {}) {
  const chrome = await chromeLauncher.launch({
    chromePath: chromePath ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    logLevel: 'silent',
  });
  const out = {};
  try {
    for (const [page, pagePath] of Object.entries(LIGHTHOUSE_PAGES)) {
      const samples = [];
      for (let i = 0; i < runs; i++) {
        const audit = () =>
          lighthouse(`${baseUrl}${pagePath}`, {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: CATEGORIES,
          });
        let result = await audit();
        // A run whose trace Lighthouse could not read (e.g. NO_NAVSTART, seen once on the login's
        // first audit) measured nothing, and would fail the every-run budgets: Lighthouse's own
        // advice is to run it again. Twice at most; a page that keeps failing keeps its error.
        for (let retry = 1; result.lhr.runtimeError && retry <= 2; retry++) {
          log(`lighthouse ${page} run ${i + 1}: ${result.lhr.runtimeError.code}, audited again (${retry} of 2)`);
          result = await audit();
        }
        const s = summarize(result.lhr);
        // BENCH_LIGHTHOUSE_REPORTS=<dir>: every full report kept, to read what an audit found.
        const dir = process.env.BENCH_LIGHTHOUSE_REPORTS;
        if (dir) {
          mkdirSync(dir, { recursive: true });
          writeFileSync(path.join(dir, `${page}-${i + 1}.json`), result.report);
        }
        if (result.lhr.runtimeError) s.runtimeError = result.lhr.runtimeError.message;
        samples.push(s);
        log(
          `lighthouse ${page} run ${i + 1}: performance ${s.scores.performance}, LCP ${fmtMs(s.metrics.lcp)}, CLS ${s.metrics.cls?.toFixed(3)}`,
        );
      }
      const perf = median(samples.map((s) => s.scores.performance));
      const chosen = samples.find((s) => s.scores.performance === perf) ?? samples[0];
      out[page] = {
        path: pagePath,
        ...chosen,
        runs: samples.map((s) => ({
          ...s.scores,
          ...s.metrics,
          ...(s.runtimeError && { runtimeError: s.runtimeError }),
        })),
      };
    }
  } finally {
    await chrome.kill();
  }
  return out;
}

/** Markdown: one row per page with the four scores, the five metrics and the failing audits. */
export function lighthouseReport(result) {
  const rows = Object.entries(result).map(
    ([page, r]) =>
      `| ${page} (\`${r.path}\`) | ${r.scores.performance} | ${r.scores.accessibility} | ${r.scores['best-practices']} | ${r.scores.seo} | ${fmtMs(r.metrics.fcp)} | ${fmtMs(r.metrics.lcp)} | ${Math.round(r.metrics.tbt ?? 0)} ms | ${(r.metrics.cls ?? 0).toFixed(3)} | ${fmtMs(r.metrics.si)} | ${r.failing.join(', ') || '–'} |`,
  );
  return [
    '### Lighthouse (mobile defaults: simulated slow 4G, 4x CPU; median of the runs by performance)',
    '',
    '| Page | Perf | A11y | Best pr. | SEO | FCP | LCP | TBT | CLS | SI | Failing audits |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
  ].join('\n');
}

/**
 * `npm run bench`'s Lighthouse part: the storefront with JavaScript off (its first paint from the
 * HTML), the Lighthouse runs of both pages, and the budgets checked on them.
 */
export async function lighthousePart(baseUrl, { runs = 5, log = console.log } = {}) {
  log('first paint of the storefront from the HTML alone (JavaScript off)');
  const firstPaint = await firstPaintFromHtml(baseUrl, { pagePath: LIGHTHOUSE_PAGES.storefront });
  log(
    firstPaint.error
      ? `first paint: ${firstPaint.error}`
      : `first paint: h1 "${firstPaint.name}" ${whereIs(firstPaint)}, FCP ${fmtMs(firstPaint.fcp)}`,
  );
  const pages = await lighthouseBench(baseUrl, { runs, log });
  const budgets = checkLighthouseBudgets(pages, firstPaint);
  return { runs, pages, firstPaint, budgets };
}

/** Markdown: the pages' table, the first paint from the HTML, the budgets with pass / FAIL. */
export function lighthousePartReport({ pages, firstPaint, budgets }) {
  const lines = [lighthouseReport(pages)];
  if (firstPaint && !firstPaint.error)
    lines.push(
      '',
      `Storefront with JavaScript off (\`${firstPaint.path}\`, 412 x 823, no throttling): first contentful paint ${fmtMs(firstPaint.fcp)}; the store's name "${firstPaint.name}" in an h1 ${whereIs(firstPaint)}.`,
    );
  if (budgets) lines.push('', '#### Lighthouse budgets', '', lighthouseBudgetsTable(budgets.rows));
  return lines.join('\n');
}
