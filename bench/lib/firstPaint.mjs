// The storefront's first screen from the HTML alone (issue 46): the page opened in Chromium with
// JavaScript disabled, at a phone's size. Without scripts only the HTML and its CSS can paint, so
// the store's name visible in an <h1> and a first-contentful-paint entry prove that the server's
// HTML paints it. The name is the store's own, from its public profile (what the page renders).
import { DEMO, launch } from './browser.mjs';

/**
 * { path, name, h1Visible (on the first screen, not covered), inViewport and covered (null without an
 * h1), fcp (ms from navigation start) } or { path, error }.
 */
export async function firstPaintFromHtml(baseUrl, { pagePath = DEMO.storefront, timeout = 15000 } = {}) {
  const slug = decodeURIComponent(pagePath.split('/').filter(Boolean).pop());
  let browser;
  try {
    const res = await fetch(`${baseUrl}/ordering_master/stores/${encodeURIComponent(slug)}`);
    if (!res.ok) throw new Error(`the store's profile answered ${res.status}`);
    const { name } = await res.json();
    browser = await launch();
    const context = await browser.newContext({
      baseURL: baseUrl,
      javaScriptEnabled: false,
      serviceWorkers: 'block',
      viewport: { width: 412, height: 823 },
    });
    const page = await context.newPage();
    await page.goto(pagePath, { waitUntil: 'load', timeout });
    const h1 = page.getByRole('heading', { level: 1, name, exact: true }).first();
    const h1Visible = (await h1.count()) > 0 && (await h1.isVisible());
    // Playwright's own evaluations still run with the page's JavaScript off.
    const box = h1Visible ? await h1.boundingBox() : null;
    const inViewport = box ? box.y < 823 && box.y + box.height > 0 : null;
    // Not under another element (e.g. the shell's full-screen boot loader, position: fixed): what is
    // painted at the heading's centre must be the heading. Playwright's visibility does not see that.
    const covered = inViewport
      ? await h1.evaluate((el) => {
          const r = el.getBoundingClientRect();
          const atCentre = el.ownerDocument.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
          return !el.contains(atCentre);
        })
      : null;
    // The paint entry is queued once the frame is presented: poll briefly after `load`.
    let fcp = null;
    for (let waited = 0; fcp === null && waited < 3000; waited += 100) {
      fcp = await page.evaluate(
        () => performance.getEntriesByType('paint').find((e) => e.name === 'first-contentful-paint')?.startTime ?? null,
      );
      if (fcp === null) await page.waitForTimeout(100);
    }
    await context.close();
    // Visible means on the first screen (in the viewport, not below the fold) and not covered.
    return { path: pagePath, name, h1Visible: h1Visible && inViewport === true && !covered, inViewport, covered, fcp };
  } catch (err) {
    return { path: pagePath, error: String(err.message).split('\n')[0] };
  } finally {
    await browser?.close();
  }
}
