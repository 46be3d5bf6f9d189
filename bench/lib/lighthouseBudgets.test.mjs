/* global describe, expect, it */
import { checkLighthouseBudgets, lighthouseBudgetsTable } from './lighthouseBudgets.mjs';

/** Five runs of a page, every one at `run`'s values unless `overrides[i]` says otherwise. */
const page = ({ performance, categories = {}, run = {}, overrides = {} }) => {
  const scores = { performance, accessibility: 100, 'best-practices': 100, seo: 100, ...categories };
  const runs = [0, 1, 2, 3, 4].map((i) => ({
    ...scores,
    fcp: 700,
    lcp: 1800,
    tbt: 100,
    cls: 0,
    ...run,
    ...overrides[i],
  }));
  return { path: '/', scores, runs, failing: [] };
};
const good = { login: page({ performance: 98 }), storefront: page({ performance: 95 }) };
const painted = { path: '/ordering/blue-door-bistro', name: 'Blue Door Bistro', h1Visible: true, fcp: 310 };

const failuresOf = (pages, firstPaint = painted) => checkLighthouseBudgets(pages, firstPaint).failures;

describe('Lighthouse budgets', () => {
  it('passes at every limit exactly', () => {
    const { rows, failures } = checkLighthouseBudgets(good, painted);
    expect(failures).toEqual([]);
    expect(rows.every((r) => r[4] === 'pass')).toBe(true);
  });

  it('storefront performance: 95 passes, 94 fails', () => {
    const f = failuresOf({ ...good, storefront: page({ performance: 94 }) });
    expect(f).toEqual([expect.stringMatching(/storefront: performance \(median of 5\) 94, budget >= 95/)]);
  });

  it('login performance: 98 passes, 97 fails', () => {
    const f = failuresOf({ ...good, login: page({ performance: 97 }) });
    expect(f).toEqual([expect.stringMatching(/login: performance \(median of 5\) 97, budget >= 98/)]);
  });

  it('CLS: 0.049 in every run passes, 0.05 in one run of either page fails', () => {
    expect(failuresOf({ login: page({ performance: 98, run: { cls: 0.049 } }), storefront: good.storefront })).toEqual(
      [],
    );
    const f = failuresOf({ ...good, login: page({ performance: 98, overrides: { 3: { cls: 0.05 } } }) });
    expect(f).toEqual([expect.stringMatching(/login: CLS \(every run of 5\) 0\.050, budget < 0\.05 \(run 4;/)]);
    expect(
      failuresOf({ ...good, storefront: page({ performance: 95, overrides: { 0: { cls: 0.05 } } }) }),
    ).toHaveLength(1);
  });

  it('storefront LCP: 2.6 s in one run of five fails although the median run is fast', () => {
    const f = failuresOf({ ...good, storefront: page({ performance: 95, overrides: { 2: { lcp: 2600 } } }) });
    expect(f).toEqual([expect.stringMatching(/storefront: LCP \(every run of 5\) 2\.60 s, budget < 2\.50 s \(run 3;/)]);
  });

  it('storefront LCP: 2.499 s passes, 2.5 s fails; the login has no LCP budget', () => {
    expect(failuresOf({ ...good, storefront: page({ performance: 95, run: { lcp: 2499 } }) })).toEqual([]);
    expect(failuresOf({ ...good, storefront: page({ performance: 95, run: { lcp: 2500 } }) })).toHaveLength(1);
    expect(failuresOf({ ...good, login: page({ performance: 98, run: { lcp: 4000 } }) })).toEqual([]);
  });

  it.each(['accessibility', 'best-practices', 'seo'])('%s below 100 fails on either page', (category) => {
    const f = failuresOf({
      login: page({ performance: 98, categories: { [category]: 99 } }),
      storefront: page({ performance: 95, categories: { [category]: 92 } }),
    });
    expect(f).toEqual([
      expect.stringMatching(new RegExp(`login: ${category} \\(median run\\) 99, budget >= 100`)),
      expect.stringMatching(new RegExp(`storefront: ${category} \\(median run\\) 92, budget >= 100`)),
    ]);
  });

  it('a run that measured nothing (a runtime error) fails the every-run budgets', () => {
    const error = { cls: null, lcp: null, runtimeError: 'Something went wrong (NO_NAVSTART)' };
    const f = failuresOf({ ...good, storefront: page({ performance: 95, overrides: { 1: error } }) });
    expect(f).toEqual([
      expect.stringMatching(
        /storefront: CLS \(every run of 5\) none, .*run 2;.*Lighthouse error in run 2: .*NO_NAVSTART/,
      ),
      expect.stringMatching(
        /storefront: LCP \(every run of 5\) none, .*run 2;.*Lighthouse error in run 2: .*NO_NAVSTART/,
      ),
    ]);
  });

  it('a page not audited fails', () => {
    expect(failuresOf({ login: good.login })).toEqual([expect.stringMatching(/storefront: audited no run/)]);
  });

  it("the store's name must paint from the HTML alone", () => {
    const name = /storefront: store's name painted from the HTML alone/;
    expect(failuresOf(good, { ...painted, h1Visible: false })).toEqual([expect.stringMatching(name)]);
    // Under the shell's full-screen boot loader, or below the fold: painted, but not seen.
    expect(failuresOf(good, { ...painted, h1Visible: false, inViewport: true, covered: true })).toEqual([
      expect.stringMatching(/h1 "Blue Door Bistro" covered by another element/),
    ]);
    expect(failuresOf(good, { ...painted, h1Visible: false, inViewport: false })).toEqual([
      expect.stringMatching(/h1 "Blue Door Bistro" below the first screen/),
    ]);
    expect(failuresOf(good, { ...painted, fcp: null })).toEqual([expect.stringMatching(name)]);
    expect(failuresOf(good, { error: 'net::ERR_CONNECTION_REFUSED' })).toEqual([expect.stringMatching(name)]);
    expect(checkLighthouseBudgets(good, undefined).failures).toEqual([expect.stringMatching(name)]);
  });

  it('prints pass and FAIL in the table', () => {
    const { rows } = checkLighthouseBudgets({ ...good, login: page({ performance: 97 }) }, painted);
    const table = lighthouseBudgetsTable(rows);
    expect(table).toMatch(/\| login \| performance \(median of 5\) \| 97 \| >= 98 \| \*\*FAIL\*\* \|/);
    expect(table).toMatch(/\| storefront \| performance \(median of 5\) \| 95 \| >= 95 \| pass \|/);
  });
});
