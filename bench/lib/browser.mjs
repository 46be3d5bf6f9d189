// Page-speed scenarios in headless Chromium (playwright-core, Debian's Chromium). Times come from the
// page's own clock (performance.now(), origin = navigation start): a MutationObserver installed before
// any app script records the first moment each marker is in the DOM, and a capturing click listener
// records the submit. Request counts and bytes come from Resource Timing (same clock).
import { chromium } from 'playwright-core';

export const DEMO = {
  owner: 'owner@cornermarket.test',
  staff: 'super@hive.test',
  password: 'hive-demo-2026',
  storefront: '/ordering/blue-door-bistro',
};

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/* global document, window, MutationObserver, location, PopStateEvent, Element */
function markers() {
  performance.setResourceTimingBufferSize(100000);
  const marks = {};
  window.__bench = marks;
  const signIn = () =>
    [...document.querySelectorAll('form button[type="submit"]')].find(
      (b) => /sign in|iniciar/i.test(b.textContent || '') && !b.disabled,
    );
  const watch = {
    loginReady: () => signIn() && document.querySelector('form input'),
    sidebar: () => document.querySelector('nav[aria-label="Main menu"]'),
    // The admin console's first page: its menu, once the login form is gone (after the submit).
    adminMenu: () =>
      'submit' in marks &&
      !document.getElementById('admin-login-title') &&
      document.querySelector('nav[aria-label="Admin menu"]'),
    storefront: () => document.querySelector('[data-area="ordering"] h1'),
  };
  const check = () => {
    const t = performance.now();
    for (const [k, f] of Object.entries(watch)) if (!(k in marks) && f()) marks[k] = t;
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true });
  document.addEventListener(
    'click',
    (e) => {
      if (e.target instanceof Element && e.target.closest('button[type="submit"]')) marks.submit ??= performance.now();
    },
    true,
  );
}

/** In the page: one route change inside the back-office, from the click to the new page's heading. */
function routeChange(href) {
  return new Promise((resolve) => {
    const before = document.querySelector('main h1')?.textContent ?? null;
    const done = () => {
      const h = document.querySelector('main h1');
      return location.pathname === href && h && h.textContent !== before;
    };
    let obs;
    const timer = setTimeout(() => {
      obs.disconnect();
      resolve(null);
    }, 15000);
    const t0 = performance.now();
    obs = new MutationObserver(() => {
      if (!done()) return;
      obs.disconnect();
      clearTimeout(timer);
      resolve(performance.now() - t0);
    });
    obs.observe(document.body, { subtree: true, childList: true, characterData: true });
    const link = document.querySelector(`nav a[href="${href}"]`);
    if (link) link.click();
    else {
      window.history.pushState({}, '', href);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }
  });
}

/** In the page: back-office paths with a lazy page of their own, as links in the sidebar. */
function routeCandidates() {
  const want = ['/items', '/categories', '/customer', '/overview'];
  const have = new Set([...document.querySelectorAll('nav a[href]')].map((a) => a.getAttribute('href')));
  return want.filter((p) => have.has(p)).concat(want.filter((p) => !have.has(p)));
}

export async function launch() {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
      '--disable-quic',
    ],
  });
}

async function newPage(browser, baseURL, throttle) {
  const context = await browser.newContext({ baseURL, serviceWorkers: 'block' });
  await context.addInitScript(markers);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
  return { context, page, cdp };
}

const mark = (page, name, timeout = 30000) =>
  page
    .waitForFunction((n) => window.__bench && window.__bench[n], name, { timeout, polling: 50 })
    .then(() => page.evaluate((n) => window.__bench[n], name));

/**
 * Resource Timing between two marks (ms since navigation start): requests, bytes, JS bytes.
 * `transferred` is what went over the wire (Chromium's `transferSize`: headers + the encoded body),
 * `bytes` the encoded body (compressed when the server compressed it), `decoded` the body once
 * decoded (the file's own size).
 */
function resources(page, from, to) {
  return page.evaluate(
    ([a, b]) => {
      const out = {
        requests: 0,
        bytes: 0,
        transferred: 0,
        decoded: 0,
        jsRequests: 0,
        jsBytes: 0,
        jsTransferred: 0,
        apiRequests: 0,
        apiTransferred: 0,
        urls: [],
      };
      const nav = performance.getEntriesByType('navigation')[0];
      const entries = [...(a === 0 && nav ? [nav] : []), ...performance.getEntriesByType('resource')];
      for (const e of entries) {
        if (e.startTime < a || e.responseEnd > b) continue;
        out.requests += 1;
        out.bytes += e.encodedBodySize;
        out.transferred += e.transferSize;
        out.decoded += e.decodedBodySize;
        const path = new URL(e.name).pathname;
        out.urls.push(path);
        if (path.endsWith('.js')) {
          out.jsRequests += 1;
          out.jsBytes += e.encodedBodySize;
          out.jsTransferred += e.transferSize;
        }
        if (path.startsWith('/api/')) {
          out.apiRequests += 1;
          out.apiTransferred += e.transferSize;
        }
      }
      return out;
    },
    [from, to],
  );
}

/**
 * Bytes on the wire for a first visit (empty cache, no cookies): the login path (navigation to the
 * login form interactive) and the back-office first view (navigation to the sidebar, signing in on
 * the way: the login path, the idle prefetch of the back-office, the sign-in calls, the remote).
 * Also which `Content-Encoding` each response came with.
 */
export async function transfer(browser, baseURL) {
  const { context, page } = await newPage(browser, baseURL, 1);
  const encodings = {};
  page.on('response', (res) => {
    const path = new URL(res.url()).pathname;
    encodings[path] = res.headers()['content-encoding'] ?? 'identity';
  });
  try {
    await page.goto('/authentication/login', { waitUntil: 'commit' });
    const loginReady = await mark(page, 'loginReady');
    const login = await resources(page, 0, loginReady);
    await signIn(page, DEMO.owner);
    const sidebar = await mark(page, 'sidebar');
    const firstView = await resources(page, 0, sidebar);
    const withEncoding = (r) => ({ ...r, encodings: Object.fromEntries(r.urls.map((u) => [u, encodings[u] ?? '?'])) });
    return { login: withEncoding(login), firstView: withEncoding(firstView) };
  } finally {
    await context.close();
  }
}

async function signIn(page, email) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(DEMO.password);
  await page.getByRole('button', { name: /sign in/i }).click();
}

/**
 * One run of every scenario for one build at one CPU throttling rate. Each scenario uses a fresh
 * browser context (empty cache, no cookies): first visits. `full: false` stops after the back-office
 * (login, sign-in, route changes): throttled runs skip the storefront and the admin console to keep
 * `npm run bench` near ten minutes.
 */
export async function runScenarios(browser, baseURL, throttle, { routeChanges = 6, full = true } = {}) {
  const r = {};
  // 1-3: login page, sign-in to the sidebar, route changes inside the back-office.
  {
    const { context, page } = await newPage(browser, baseURL, throttle);
    try {
      await page.goto('/authentication/login', { waitUntil: 'commit' });
      r.loginInteractive = await mark(page, 'loginReady');
      r.loginPath = await resources(page, 0, r.loginInteractive);
      await signIn(page, DEMO.owner);
      const sidebar = await mark(page, 'sidebar');
      const submit = await page.evaluate(() => window.__bench.submit);
      r.loginToSidebar = sidebar - submit;
      r.backofficePath = await resources(page, submit, sidebar);
      await page.waitForSelector('main h1', { timeout: 30000 });
      const paths = await page.evaluate(routeCandidates);
      const times = [];
      for (let i = 0; i < routeChanges; i++) {
        const current = await page.evaluate(() => location.pathname);
        const next = paths.filter((p) => p !== current)[i % 2];
        times.push(await page.evaluate(routeChange, next));
      }
      // The first visit to each page loads its chunk; later ones are warm.
      r.routeChangeFirst = times[0];
      r.routeChange = median(times.slice(2).filter((t) => t !== null));
    } finally {
      await context.close();
    }
  }
  if (!full) return r;
  // 4: storefront first render.
  {
    const { context, page } = await newPage(browser, baseURL, throttle);
    try {
      await page.goto(DEMO.storefront, { waitUntil: 'commit' });
      r.storefront = await mark(page, 'storefront');
    } finally {
      await context.close();
    }
  }
  // 5: sign-in at /admin to the admin console's first page (its menu).
  {
    const { context, page } = await newPage(browser, baseURL, throttle);
    try {
      await page.goto('/admin', { waitUntil: 'commit' });
      await page.getByLabel('Email').waitFor({ timeout: 30000 });
      await signIn(page, DEMO.staff);
      const menu = await mark(page, 'adminMenu', 20000);
      r.adminSignIn = menu - (await page.evaluate(() => window.__bench.submit));
    } catch (err) {
      r.adminSignIn = null;
      r.adminError = String(err.message).split('\n')[0];
    } finally {
      await context.close();
    }
  }
  return r;
}

/** JS heap after 10 and after 200 back-office route changes (after a forced GC each time). */
export async function memory(browser, baseURL, { total = 200, early = 10 } = {}) {
  const { context, page, cdp } = await newPage(browser, baseURL, 1);
  try {
    await page.goto('/authentication/login', { waitUntil: 'commit' });
    await mark(page, 'loginReady');
    await signIn(page, DEMO.owner);
    await mark(page, 'sidebar');
    await page.waitForSelector('main h1', { timeout: 30000 });
    const paths = (await page.evaluate(routeCandidates)).slice(0, 3);
    const heap = async () => {
      await cdp.send('HeapProfiler.enable');
      await cdp.send('HeapProfiler.collectGarbage');
      await cdp.send('HeapProfiler.collectGarbage');
      return (await cdp.send('Runtime.getHeapUsage')).usedSize;
    };
    let after10 = null;
    let failed = 0;
    for (let i = 1; i <= total; i++) {
      const current = await page.evaluate(() => location.pathname);
      const candidates = paths.filter((p) => p !== current);
      if ((await page.evaluate(routeChange, candidates[i % candidates.length])) === null) failed += 1;
      if (i === early) after10 = await heap();
    }
    const after200 = await heap();
    return { after10, after200, growth: after200 - after10, failedRouteChanges: failed, paths };
  } finally {
    await context.close();
  }
}

export function median(xs) {
  return quantile(xs, 0.5);
}

export function quantile(xs, q) {
  const v = xs.filter((x) => typeof x === 'number' && Number.isFinite(x)).sort((a, b) => a - b);
  if (!v.length) return null;
  const i = Math.min(v.length - 1, Math.max(0, Math.ceil(q * v.length) - 1));
  return v[i];
}
