import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { localizeShellIndex, requestLanguage } from './language';
import { ONCE, oneDatabase, startTestServer, type TestServer } from '../../test/helpers';

// The built index.html, minified as webpack writes it.
const BUILT =
  '<!doctype html><html lang=en><head><title>Hive POS</title></head><body><div id=root>' +
  '<div class=hive-boot-loader role=status aria-live=polite>Loading</div></div></body></html>';

describe('the language cookie (hive_lang) on the first HTML', ONCE, () => {
  let shellRoot: string;
  before(async () => {
    shellRoot = await fs.mkdtemp(path.join(os.tmpdir(), 'hive-lang-'));
    await fs.mkdir(path.join(shellRoot, 'locales/es'), { recursive: true });
    await fs.writeFile(path.join(shellRoot, 'index.html'), BUILT);
    await fs.writeFile(path.join(shellRoot, 'locales/es/shell.json'), JSON.stringify({ loading: 'Cargando' }));
  });
  after(() => fs.rm(shellRoot, { recursive: true, force: true }));

  it('reads the chosen language from the Cookie header; anything else is English', () => {
    assert.equal(requestLanguage('a=1; hive_lang=es'), 'es');
    assert.equal(requestLanguage('hive_lang=en'), 'en');
    assert.equal(requestLanguage('hive_lang=fr'), 'en');
    assert.equal(requestLanguage('xhive_lang=es'), 'en');
    assert.equal(requestLanguage(undefined), 'en');
  });

  it('rewrites <html lang> and the loader text, minified or not; English is served as built', async () => {
    assert.equal(await localizeShellIndex(BUILT, shellRoot, 'en'), BUILT);
    const es = await localizeShellIndex(BUILT, shellRoot, 'es');
    assert.match(es, /<html lang="es">/);
    assert.match(es, /aria-live=polite>Cargando<\/div>/);
    const readable = '<html lang="en">\n<div class="hive-boot-loader" role="status">Loading</div>';
    assert.equal(
      await localizeShellIndex(readable, shellRoot, 'es'),
      '<html lang="es">\n<div class="hive-boot-loader" role="status">Cargando</div>',
    );
  });

  it('without the translation file only the lang attribute changes', async () => {
    const empty = await fs.mkdtemp(path.join(os.tmpdir(), 'hive-lang-none-'));
    try {
      const es = await localizeShellIndex(BUILT, empty, 'es');
      assert.match(es, /<html lang="es">/);
      assert.match(es, />Loading<\/div>/);
    } finally {
      await fs.rm(empty, { recursive: true, force: true });
    }
  });

  // Static hosting does not touch the database: SQLite is enough here.
  describe('over HTTP', () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer(oneDatabase()[0]!, {
        staticRoots: { shell: shellRoot, remotes: {} },
      });
    });
    after(() => server?.close());

    const page = (cookie?: string) =>
      fetch(`${server.url}/items`, { headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) } });

    it('answers a client route in the language of the cookie, before any script runs', async () => {
      const response = await page('hive_lang=es');
      assert.equal(response.status, 200);
      const html = await response.text();
      assert.match(html, /<html lang="es">/);
      assert.match(html, />Cargando</);
      assert.match(response.headers.get('vary') ?? '', /cookie/i);
    });

    it('without the cookie (or with a language we do not have) the page is English', async () => {
      for (const cookie of [undefined, 'hive_lang=de', 'hive_lang=%E0%A4%A']) {
        const html = await (await page(cookie)).text();
        assert.match(html, /<html lang=en>/, String(cookie));
        assert.match(html, />Loading</, String(cookie));
      }
    });
  });
});
