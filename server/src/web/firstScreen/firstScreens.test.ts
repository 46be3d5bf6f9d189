import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { FirstScreens, injectFirstScreen, type FirstScreenInput } from './firstScreens';
import { databaseTargets, ONCE, startTestServer, type TestServer } from '../../../test/helpers';

/*
 * The store page's first screen comes from the visitor's ordering release: its server build (named
 * with its sha256 in the release's manifest), run in a worker, checked, and never a reason for the
 * page to fail or wait long.
 */

const sha256 = (text: string) => `sha256-${createHash('sha256').update(text).digest('base64')}`;

/** A server build as the ordering remote's would answer (escaped store name, item counts). */
const RENDERS = `
const esc = (s) => String(s).replace(/[&<>"']/g, (c) => '&#' + c.charCodeAt(0) + ';');
exports.renderFirstScreen = ({ lng, path, profile, menu }) =>
  profile.takingOrders
    ? {
        head: '<style>#hive-first-screen~#root{display:none}</style>',
        body: '<div id="hive-first-screen"><h1>' + esc(profile.name) + '</h1><p>' + lng + ' ' + esc(path) + ' ' +
          menu.categories.map((c) => c.items.length).join(',') + '</p></div>',
      }
    : null;`;
const ENV = `exports.renderFirstScreen = () => ({ head: '', body: '<div id="hive-first-screen">' + Object.keys(process.env).join(',') + '</div>' });`;
const SLOW = `exports.renderFirstScreen = () => { const end = Date.now() + 3000; while (Date.now() < end); return { head: '', body: '<div id="hive-first-screen"></div>' }; };`;
const THROWS = `exports.renderFirstScreen = () => { throw new Error('boom'); };`;
const NOT_A_SCREEN = `exports.renderFirstScreen = () => ({ head: '', body: '<script>alert(1)</script>' });`;

const INPUT: FirstScreenInput = {
  lng: 'en',
  path: '/ordering/a',
  profile: {
    name: 'A & <B>',
    slug: 'a',
    takingOrders: true,
    openNow: true,
    timezone: 'UTC',
    leadMinutes: 15,
    hours: [null, null, null, null, null, null, null],
    currency: 'USD',
  },
  menu: { currency: 'USD', promotions: [], categories: [{ id: 1, name: 'C', items: [] }] },
};

describe('FirstScreens', ONCE, () => {
  let dir: string;
  let screens: FirstScreens;
  const build = async (name: string, source: string) => {
    const file = path.join(dir, 'server', `${name}.cjs`);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, source);
    return { kind: 'file' as const, path: file, integrity: sha256(source) };
  };
  before(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'hive-first-screen-'));
    screens = new FirstScreens(undefined, path.join(dir, 'cache'));
  });
  after(async () => {
    await screens.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it("renders with the release's build, and only the file its manifest names", async () => {
    const good = await build('renders', RENDERS);
    const screen = await screens.render(good, INPUT);
    assert.equal(screen?.body, '<div id="hive-first-screen"><h1>A &#38; &#60;B&#62;</h1><p>en /ordering/a 0</p></div>');
    // Another file under the name (a half-copied or tampered release): refused, nothing runs.
    const swapped = await build('swapped', RENDERS);
    await fs.writeFile(swapped.path, ENV);
    const fresh = new FirstScreens(undefined, path.join(dir, 'cache'));
    assert.equal(await fresh.render(swapped, INPUT), null);
    await fresh.close();
    // A build that renders nothing for this page (a store taking no orders).
    assert.equal(await screens.render(good, { ...INPUT, profile: { ...INPUT.profile, takingOrders: false } }), null);
  });

  it("runs the release's code without the server's secrets", async () => {
    process.env.HIVE_TEST_SECRET = 'not for releases';
    try {
      const screen = await screens.render(await build('env', ENV), INPUT);
      assert.equal(screen?.body, '<div id="hive-first-screen">NODE_ENV</div>');
    } finally {
      delete process.env.HIVE_TEST_SECRET;
    }
  });

  it('a build that throws, answers something else or is late gives no first screen, and the server is not held', async () => {
    assert.equal(await screens.render(await build('throws', THROWS), INPUT), null);
    assert.equal(await screens.render(await build('other', NOT_A_SCREEN), INPUT), null);
    const slow = await build('slow', SLOW);
    // Loaded first (a cold load is not the build's fault): then its render is past the deadline.
    await screens.render(slow, INPUT, 0);
    let ticks = 0;
    const timer = setInterval(() => ticks++, 10);
    const started = Date.now();
    const late = await screens.render(slow, INPUT, 2_000).finally(() => clearInterval(timer));
    assert.equal(late, null);
    const waited = Date.now() - started;
    assert.ok(waited >= 1_900 && waited < 2_900, `waited ${waited} ms`);
    // The server's event loop kept turning while the release's code spun.
    assert.ok(ticks > 50, `the server's timers ran ${ticks} times in ${waited} ms`);
    // A failed build is not asked again at once: the next page goes without, at once.
    const again = Date.now();
    assert.equal(await screens.render(slow, INPUT, 2_000), null);
    assert.ok(Date.now() - again < 100);
  });

  it('fetches a release on another origin once, checked against its sha256', async () => {
    let requests = 0;
    const files: Record<string, string> = { '/server/good.cjs': RENDERS, '/server/bad.cjs': ENV };
    const origin = http.createServer((req, res) => {
      requests++;
      const body = files[req.url ?? ''];
      res.writeHead(body ? 200 : 404).end(body ?? '');
    });
    await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(origin.address() as { port: number }).port}`;
    try {
      const remote = new FirstScreens(undefined, path.join(dir, 'remote-cache'));
      const good = { kind: 'url' as const, url: `${base}/server/good.cjs`, integrity: sha256(RENDERS) };
      assert.match((await remote.render(good, INPUT))!.body, /<h1>A &#38; &#60;B&#62;<\/h1>/);
      assert.match((await remote.render(good, INPUT))!.body, /<h1>/);
      assert.equal(requests, 1);
      // Not what the manifest names: not run.
      const bad = { kind: 'url' as const, url: `${base}/server/bad.cjs`, integrity: sha256(RENDERS + ' ') };
      assert.equal(await remote.render(bad, INPUT), null);
      const missing = { kind: 'url' as const, url: `${base}/server/none.cjs`, integrity: sha256('x') };
      assert.equal(await remote.render(missing, INPUT), null);
      await remote.close();
      // Another instance (a restart) takes the kept file: no second download.
      const restarted = new FirstScreens(undefined, path.join(dir, 'remote-cache'));
      assert.match((await restarted.render(good, INPUT))!.body, /<h1>/);
      assert.equal(requests, 3);
      await restarted.close();
    } finally {
      origin.close();
    }
  });

  it("goes before the shell's root as built or as written; a page without one is left alone", () => {
    const screen = { head: '<style>x</style>', body: '<div id="hive-first-screen">menu</div>' };
    assert.equal(
      injectFirstScreen('<html><head></head><body><div id=root><p>Loading</p></div></body></html>', screen),
      '<html><head><style>x</style></head><body><div id="hive-first-screen">menu</div><div id=root><p>Loading</p></div></body></html>',
    );
    assert.match(injectFirstScreen('<head></head><div id="root"></div>', screen), /menu<\/div><div id="root">/);
    // The shell's CSS (the document's base) paints with it: a stylesheet, not a preload.
    assert.equal(
      injectFirstScreen(
        '<head><link rel=preload as=style href=/186.ee85fc2775.css><link rel=preload as=script href=/1.js></head><div id=root></div>',
        screen,
      ),
      '<head><link rel=stylesheet href=/186.ee85fc2775.css><link rel=preload as=script href=/1.js><style>x</style></head><div id="hive-first-screen">menu</div><div id=root></div>',
    );
    const other = '<head></head><div id=rooted></div>';
    assert.equal(injectFirstScreen(other, screen), other);
  });
});

// The built index.html, minified as webpack writes it.
const BUILT =
  '<!doctype html><html lang=en><head><meta charset=utf-8><title>Hive POS</title></head><body>' +
  '<div id=root><div class=hive-boot-loader role=status aria-live=polite>Loading</div></div></body></html>';

for (const target of databaseTargets()) {
  describe(`the store page's first screen, from the ordering release [${target.name}]`, () => {
    let server: TestServer;
    let root: string;
    const manifest = (hiveServer?: object) =>
      JSON.stringify({
        metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' }, ...(hiveServer ? { hiveServer } : {}) },
        exposes: [{ name: 'App', assets: { js: { sync: ['app.abcdef12.js'] }, css: { sync: ['app.abcdef12.css'] } } }],
      });
    before(async () => {
      root = await fs.mkdtemp(path.join(os.tmpdir(), 'hive-first-screen-http-'));
      await fs.writeFile(path.join(root, 'index.html'), BUILT);
      const ordering = path.join(root, 'ordering');
      await fs.mkdir(path.join(ordering, 'server'), { recursive: true });
      await fs.writeFile(path.join(ordering, 'server/fs.abcdef1234.cjs'), RENDERS);
      await fs.writeFile(
        path.join(ordering, 'mf-manifest.json'),
        manifest({ file: 'server/fs.abcdef1234.cjs', integrity: sha256(RENDERS), version: 1 }),
      );
      // An older release in a sub-folder, built before server builds: no first screen.
      await fs.mkdir(path.join(ordering, 'old'));
      await fs.writeFile(path.join(ordering, 'old/mf-manifest.json'), manifest());
      server = await startTestServer(target, { staticRoots: { shell: root, remotes: { ordering } } });
    });
    after(async () => {
      await server?.close();
      await fs.rm(root, { recursive: true, force: true });
    });

    const page = async (pagePath: string, cookie?: string) => {
      const response = await fetch(`${server.url}${pagePath}`, {
        headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) },
      });
      assert.equal(response.status, 200, pagePath);
      return response.text();
    };
    const FIRST = /<div id="hive-first-screen">(.*?)<\/div><div id=root>/;

    it("the store page carries its release's first screen, from the store's own data, in the visitor's language", async () => {
      const html = await page('/ordering/Blue-Door-Bistro', 'hive_lang=es');
      const menu = await fetch(`${server.url}/gettokenonline?store=blue-door-bistro`)
        .then((r) => r.json() as Promise<{ token: string }>)
        .then(({ token }) =>
          fetch(`${server.url}/ordering_online/blue-door-bistro/menu`, {
            headers: { 'x-ordering-token': token, accept: 'application/json' },
          }),
        )
        .then((r) => r.json() as Promise<{ categories: { items: unknown[] }[] }>);
      const counts = menu.categories.map((c) => c.items.length).join(',');
      assert.equal(FIRST.exec(html)?.[1], `<h1>Blue Door Bistro</h1><p>es /ordering/Blue-Door-Bistro ${counts}</p>`);
      assert.ok(html.indexOf('<style>#hive-first-screen~#root{display:none}</style>') < html.indexOf('</head>'));
      // It paints with the release's CSS: a stylesheet now, not a preload.
      assert.match(html, /<link rel="stylesheet" href="\/remotes\/ordering\/app\.abcdef12\.css">/);
      assert.doesNotMatch(html, /as="style"/);
    });

    it('none on its other pages, for a store taking no orders, an unknown store, or elsewhere', async () => {
      for (const p of [
        '/ordering/blue-door-bistro/checkout',
        '/ordering/blue-door-bistro/orders/abc',
        '/ordering/corner-market',
        '/ordering/no-such-store',
        '/',
      ]) {
        const html = await page(p);
        assert.doesNotMatch(html, /hive-first-screen/, p);
      }
    });

    it('none when the visitor gets a release without a server build (an older one)', async () => {
      const db = server.running.database.db;
      const active = await db
        .selectFrom('releases')
        .select(['id', 'manifest_url'])
        .where('remote', '=', 'ordering')
        .where('state', '=', 'active')
        .executeTakeFirstOrThrow();
      await db
        .updateTable('releases')
        .set({ manifest_url: '/remotes/ordering/old/mf-manifest.json' })
        .where('id', '=', active.id)
        .execute();
      // Every instance reads the registry again within 500 ms.
      await new Promise((resolve) => setTimeout(resolve, 700));
      try {
        const html = await page('/ordering/blue-door-bistro');
        assert.doesNotMatch(html, /hive-first-screen/);
        assert.match(html, /<link rel="preload" href="\/remotes\/ordering\/old\/app\.abcdef12\.css" as="style">/);
      } finally {
        await db
          .updateTable('releases')
          .set({ manifest_url: active.manifest_url })
          .where('id', '=', active.id)
          .execute();
      }
    });
  });
}
