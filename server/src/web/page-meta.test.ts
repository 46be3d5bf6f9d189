import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { injectPageMeta } from './pageMeta';
import { databaseTargets, ONCE, startTestServer, type TestServer } from '../../test/helpers';

/*
 * The storefront's HTML carries its store's name and description (<title>, meta description, og:
 * tags) before any script runs: escaped, only public data, the built title for an unknown store,
 * and never a failure on an index.html that does not look like today's build.
 */

// The built index.html, minified as webpack writes it.
const BUILT =
  '<!doctype html><html lang=en><head><meta charset=utf-8><meta name=description content="Hive POS: sign in.">' +
  '<title>Hive POS</title></head><body><div id=root>' +
  '<div class=hive-boot-loader role=status aria-live=polite>Loading</div></div></body></html>';

const SLUG = 'blue-door-bistro';
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const descriptionOf = (html: string) =>
  [...html.matchAll(/<meta name="?description"? content="([^"]*)"/g)].map((m) => m[1]);

describe('injectPageMeta', ONCE, () => {
  const meta = { title: 'A & B <Café> "x" $1 $& · Online ordering', description: "Order from A & B's <script>" };

  it('replaces the title and the description, escaped, and adds og: tags', () => {
    const html = injectPageMeta(BUILT, meta);
    assert.equal(titleOf(html), 'A &amp; B &lt;Café&gt; &quot;x&quot; $1 $&amp; · Online ordering');
    assert.deepEqual(descriptionOf(html), ['Order from A &amp; B&#39;s &lt;script&gt;']);
    assert.match(html, /<meta property="og:title" content="A &amp; B &lt;Café&gt;/);
    assert.match(html, /<meta property="og:description" content="Order from A &amp; B&#39;s/);
    assert.doesNotMatch(html, /<script>|<Café>/);
    assert.match(html, /<div class=hive-boot-loader role=status aria-live=polite>Loading<\/div>/);
  });

  it('tolerates an older or odd index.html: no description, no </head>, no <title>', () => {
    const old = '<!doctype html><html lang=en><head><title>Hive POS</title></head><body></body></html>';
    const fromOld = injectPageMeta(old, meta);
    assert.equal(descriptionOf(fromOld).length, 1);
    const noHead = injectPageMeta('<title>Hive POS</title><div id=root></div>', meta);
    assert.match(noHead, /^<title>A &amp; B.*<\/title><meta name="description"/);
    const noTitle = '<html><body>x</body></html>';
    assert.equal(injectPageMeta(noTitle, meta), noTitle);
  });
});

for (const target of databaseTargets()) {
  describe(`the storefront's title and description [${target.name}]`, () => {
    let server: TestServer;
    let shellRoot: string;
    const storeOf = (db: TestServer['running']['database']['db']) =>
      db.selectFrom('ordering_settings').select('company_id').where('slug', '=', SLUG).executeTakeFirstOrThrow();
    before(async () => {
      shellRoot = await fs.mkdtemp(path.join(os.tmpdir(), 'hive-meta-'));
      await fs.writeFile(path.join(shellRoot, 'index.html'), BUILT);
      // The ordering remote's build: its manifest names the entry and the ./App files to preload.
      const ordering = path.join(shellRoot, 'ordering');
      await fs.mkdir(ordering);
      await fs.writeFile(
        path.join(ordering, 'mf-manifest.json'),
        JSON.stringify({
          metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
          exposes: [
            {
              name: 'App',
              assets: {
                js: { sync: ['67.abcdef12.js', '"><script>.js'], async: [] },
                css: { sync: ['app.abcdef12.css'], async: [] },
              },
            },
          ],
        }),
      );
      server = await startTestServer(target, { staticRoots: { shell: shellRoot, remotes: { ordering } } });
    });
    after(async () => {
      await server?.close();
      await fs.rm(shellRoot, { recursive: true, force: true });
    });

    const page = async (pagePath: string, cookie?: string) => {
      const response = await fetch(`${server.url}${pagePath}`, {
        headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) },
      });
      assert.equal(response.status, 200, pagePath);
      return response.text();
    };

    it('names the store in the title and the description of its pages, in the chosen language', async () => {
      for (const sub of ['', '/', '/checkout', '/orders/abc123']) {
        const html = await page(`/ordering/${SLUG}${sub}`);
        assert.equal(titleOf(html), 'Blue Door Bistro · Online ordering', sub);
        const descriptions = descriptionOf(html);
        assert.equal(descriptions.length, 1, sub);
        assert.match(descriptions[0]!, /^Order online from Blue Door Bistro: /);
        assert.match(html, /<meta property="og:title" content="Blue Door Bistro · Online ordering">/);
      }
      const upper = await page(`/ordering/Blue-Door-Bistro`);
      assert.equal(titleOf(upper), 'Blue Door Bistro · Online ordering');
      const es = await page(`/ordering/${SLUG}`, 'hive_lang=es');
      assert.match(es, /<html lang="es">/);
      assert.equal(titleOf(es), 'Blue Door Bistro · Pedidos en línea');
      assert.match(descriptionOf(es)[0]!, /^Haz tu pedido en línea a Blue Door Bistro: /);
    });

    it('announces what the storefront loads first: the remote, its translations, the store', async () => {
      const html = await page(`/ordering/Blue-Door-Bistro/checkout`, 'hive_lang=es');
      const preloads = [...html.matchAll(/<link rel="preload" href="([^"]+)" as="(\w+)"/g)].map(
        (m) => `${m[2]} ${m[1]}`,
      );
      assert.deepEqual(preloads, [
        'fetch /remotes.json',
        'fetch /remotes/ordering/mf-manifest.json',
        'style /remotes/ordering/app.abcdef12.css',
        'script /remotes/ordering/remoteEntry.js',
        'script /remotes/ordering/67.abcdef12.js',
        'fetch /locales/es/ordering.json',
        'fetch /ordering_master/stores/blue-door-bistro',
        'fetch /gettokenonline?store=blue-door-bistro',
      ]);
      assert.ok(html.indexOf('rel="preload"') < html.indexOf('<div id=root>'));
      // The shell's HTTP client sends cookies: the profile's preload must match or it is fetched twice.
      assert.match(html, /href="\/ordering_master\/stores\/blue-door-bistro" as="fetch" crossorigin="use-credentials"/);
      // Other pages and unknown stores get none.
      assert.doesNotMatch(await page('/ordering/no-such-store'), /rel="preload"/);
      assert.doesNotMatch(await page('/'), /rel="preload"/);
    });

    it("escapes the store's name", async () => {
      const db = server.running.database.db;
      const store = await storeOf(db);
      await db
        .updateTable('companies')
        .set({ name: 'Tom & "Jerry" <b>$&</b>' })
        .where('id', '=', store.company_id)
        .execute();
      try {
        const html = await page(`/ordering/${SLUG}`);
        assert.equal(titleOf(html), 'Tom &amp; &quot;Jerry&quot; &lt;b&gt;$&amp;&lt;/b&gt; · Online ordering');
        assert.doesNotMatch(html, /<b>/);
      } finally {
        await db
          .updateTable('companies')
          .set({ name: 'Blue Door Bistro' })
          .where('id', '=', store.company_id)
          .execute();
      }
    });

    it('an unknown or malformed store, and every other page, keep the built title and description', async () => {
      for (const p of [
        '/ordering/no-such-store',
        '/ordering/%E0%A4%A',
        '/ordering/a%00b',
        '/ordering',
        '/items',
        '/',
      ]) {
        const html = await page(p);
        assert.equal(titleOf(html), 'Hive POS', p);
        assert.deepEqual(descriptionOf(html), ['Hive POS: sign in.'], p);
      }
    });

    it('says nothing private: no e-mail, phone, address, tax id or company id of the store', async () => {
      const db = server.running.database.db;
      const store = await storeOf(db);
      const profile = await db
        .selectFrom('company_profiles')
        .selectAll()
        .where('company_id', '=', store.company_id)
        .executeTakeFirst();
      const owner = await db
        .selectFrom('users')
        .select('email')
        .where('company_id', '=', store.company_id)
        .executeTakeFirst();
      const html = await page(`/ordering/${SLUG}`);
      const head = html.slice(0, html.indexOf('<body>'));
      const secrets = [
        owner?.email,
        profile?.email,
        profile?.phone,
        profile?.tax_id,
        profile?.legal_name,
        profile?.address_line1,
        profile?.postal_code,
      ].filter((s): s is string => typeof s === 'string' && s.length > 3 && s !== 'Blue Door Bistro');
      for (const secret of secrets) assert.ok(!head.includes(secret), `leaks ${secret}`);
      assert.ok(!head.includes(`company_id`) && !new RegExp(`content="[^"]*\\b${store.company_id}\\b`).test(head));
    });
  });
}
