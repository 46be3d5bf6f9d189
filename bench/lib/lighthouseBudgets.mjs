// The budgets of `npm run bench`'s Lighthouse part (issue 46), checked on what it measured: the
// Lighthouse runs of each page (bench/lib/lighthouse.mjs) and the storefront opened with JavaScript
// off (bench/lib/firstPaint.mjs). Pure, so that every boundary has a test (lighthouseBudgets.test.mjs).
// A budget that could not be measured (a run that ended in an error, a page not audited) fails.

export const LIGHTHOUSE_BUDGETS = {
  /** Performance score of the median run (by performance), at least. */
  performance: { storefront: 95, login: 98 },
  /** Accessibility, best practices and SEO of the median run, on both pages, at least. */
  categories: { accessibility: 100, 'best-practices': 100, seo: 100 },
  /** Cumulative layout shift, below, in every run of both pages (not only the median). */
  cls: 0.05,
  /** The storefront's largest contentful paint (ms), below, in every run. */
  storefrontLcpMs: 2500,
};

const PAGES = ['login', 'storefront'];

const sec = (ms) => `${(ms / 1000).toFixed(2)} s`;
const listOf = (xs, fmt) => xs.map((x) => (typeof x === 'number' ? fmt(x) : 'none')).join(', ');

/**
 * `pages`: lighthouseBench's result ({ [page]: { scores of the median run, runs: [{ performance, cls,
 * lcp, ... }] } }); `firstPaint`: firstPaintFromHtml's ({ path, name, h1Visible, fcp, error? }).
 * Returns the report's rows ([page, budget, value, limit, pass | FAIL]) and one sentence per breach.
 */
export function checkLighthouseBudgets(pages, firstPaint) {
  const rows = [];
  const failures = [];
  const check = (page, budget, value, limit, ok, why) => {
    rows.push([page, budget, value, limit, ok ? 'pass' : 'FAIL']);
    if (!ok) failures.push(`[lighthouse] ${page}: ${budget} ${value}, budget ${limit}${why ? ` (${why})` : ''}`);
  };

  for (const page of PAGES) {
    const r = pages?.[page];
    if (!r?.runs?.length) {
      check(page, 'audited', 'no run', 'every budget', false, 'Lighthouse did not audit the page');
      continue;
    }
    const n = r.runs.length;
    // A run that ended in a Lighthouse error: said in the page's failures, beside the numbers.
    const errors = r.runs.flatMap((x, i) => (x.runtimeError ? [`run ${i + 1}: ${x.runtimeError}`] : []));
    const errorNote = errors.length ? `; Lighthouse error in ${errors.join('; ')}` : '';
    const perf = r.scores?.performance;
    const perfLimit = LIGHTHOUSE_BUDGETS.performance[page];
    check(
      page,
      `performance (median of ${n})`,
      String(perf ?? 'none'),
      `>= ${perfLimit}`,
      typeof perf === 'number' && perf >= perfLimit,
      `runs: ${r.runs.map((x) => x.performance).join(', ')}${errorNote}`,
    );
    for (const [category, limit] of Object.entries(LIGHTHOUSE_BUDGETS.categories)) {
      const v = r.scores?.[category];
      check(page, `${category} (median run)`, String(v ?? 'none'), `>= ${limit}`, typeof v === 'number' && v >= limit);
    }
    // Every run: the worst one is the value; a run without a value (a runtime error) fails.
    const cls = r.runs.map((x) => x.cls);
    const clsBad = cls.findIndex((x) => typeof x !== 'number' || !(x < LIGHTHOUSE_BUDGETS.cls));
    const clsWorst = clsBad >= 0 ? cls[clsBad] : Math.max(...cls);
    check(
      page,
      `CLS (every run of ${n})`,
      typeof clsWorst === 'number' ? clsWorst.toFixed(3) : 'none',
      `< ${LIGHTHOUSE_BUDGETS.cls}`,
      clsBad < 0,
      clsBad >= 0 ? `run ${clsBad + 1}; runs: ${listOf(cls, (x) => x.toFixed(3))}${errorNote}` : '',
    );
    if (page === 'storefront') {
      const lcp = r.runs.map((x) => x.lcp);
      const lcpBad = lcp.findIndex((x) => typeof x !== 'number' || !(x < LIGHTHOUSE_BUDGETS.storefrontLcpMs));
      const lcpWorst = lcpBad >= 0 ? lcp[lcpBad] : Math.max(...lcp);
      check(
        page,
        `LCP (every run of ${n})`,
        typeof lcpWorst === 'number' ? sec(lcpWorst) : 'none',
        `< ${sec(LIGHTHOUSE_BUDGETS.storefrontLcpMs)}`,
        lcpBad < 0,
        lcpBad >= 0 ? `run ${lcpBad + 1}; runs: ${listOf(lcp, sec)}${errorNote}` : '',
      );
    }
  }

  // With JavaScript off only the HTML and its CSS can paint: the name visible and a first
  // contentful paint mean the HTML alone painted it.
  const fp = firstPaint;
  const painted = Boolean(fp && !fp.error && fp.h1Visible && typeof fp.fcp === 'number');
  const value = !fp
    ? 'not measured'
    : fp.error
      ? `error: ${fp.error}`
      : `h1 "${fp.name}" ${whereIs(fp)}, FCP ${typeof fp.fcp === 'number' ? sec(fp.fcp) : 'none'}`;
  check(
    'storefront',
    "store's name painted from the HTML alone (JavaScript off)",
    value,
    'h1 visible, FCP entry',
    painted,
    painted ? '' : 'the server must send the name in the HTML, visible without scripts',
  );
  return { rows, failures };
}

/** Where firstPaintFromHtml found the store's name. */
export function whereIs(fp) {
  if (fp.h1Visible) return 'visible';
  if (fp.covered) return 'covered by another element';
  if (fp.inViewport === false) return 'below the first screen';
  return 'not in the HTML, or hidden';
}

/** Markdown: one row per budget, with pass / FAIL. */
export function lighthouseBudgetsTable(rows) {
  return [
    '| page | budget | value | limit | result |',
    '|---|---|---|---|---|',
    ...rows.map((r) => `| ${r.slice(0, 4).join(' | ')} | ${r[4] === 'pass' ? 'pass' : '**FAIL**'} |`),
  ].join('\n');
}
