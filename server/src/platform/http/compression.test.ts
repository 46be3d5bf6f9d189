import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import express from 'express';
import { compressAnswers } from './';
import { Client, databaseTargets, ONCE, startTestServer, type TestServer } from '../../../test/helpers';

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A request whose body is not decoded (fetch would undo the Content-Encoding under test). */
function raw(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** What Chromium sends: gzip listed before br, all at q=1. */
const CHROMIUM = { 'accept-encoding': 'gzip, deflate, br, zstd' };
const IMMUTABLE = 'public, max-age=31536000, immutable';

const js = `/* main */ ${'console.log("the entry of the shell");\n'.repeat(200)}`;
const chunk = `/* chunk */ ${'export const x = "a hashed chunk";\n'.repeat(200)}`;
const remoteEntry = `/* remote entry */ ${'var remote = "backoffice";\n'.repeat(200)}`;
const locale = JSON.stringify(Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`key${i}`, `Text ${i}`])));
const indexHtml = `<!doctype html><title>Hive POS</title><div id="root"></div>${'<!-- padding -->'.repeat(100)}`;

/** Fake build output as tools/webpack writes it: each text file with `.br` and `.gz` beside it. */
async function makeDists() {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'hive-precompressed-'));
  const files: Record<string, string> = {
    'shell/dist/index.html': indexHtml,
    'shell/dist/main.js': js,
    'shell/dist/boot.0123abcd89.js': chunk,
    'shell/dist/locales/en/shell.json': locale,
    'shell/dist/favicon.ico': 'ico',
    'backoffice/dist/remoteEntry.js': remoteEntry,
  };
  const compressed = new Set(['index.html', 'main.js', 'boot.0123abcd89.js', 'shell.json', 'remoteEntry.js']);
  for (const [file, content] of Object.entries(files)) {
    const full = path.join(root, file);
    await fs.mkdir(path.dirname(full), { recursive: true });
    await fs.writeFile(full, content);
    if (compressed.has(path.basename(file))) {
      await fs.writeFile(`${full}.br`, brotliCompressSync(content));
      await fs.writeFile(`${full}.gz`, gzipSync(content));
    }
  }
  // A dotfile with variants is never served, compressed or not.
  await fs.writeFile(path.join(root, 'shell/dist/.chunk-graph.json'), '{}');
  await fs.writeFile(path.join(root, 'shell/dist/.chunk-graph.json.br'), brotliCompressSync('{}'));
  return {
    root,
    roots: {
      shell: path.join(root, 'shell/dist'),
      remotes: { backoffice: path.join(root, 'backoffice/dist') },
    },
  };
}

for (const target of databaseTargets()) {
  describe(`compressed responses [${target.name}]`, () => {
    let server: TestServer;
    let root: string;
    before(async () => {
      const dists = await makeDists();
      root = dists.root;
      server = await startTestServer(target, { staticRoots: dists.roots });
    });
    after(async () => {
      await server?.close();
      await fs.rm(root, { recursive: true, force: true });
    });
    const url = (p: string) => `${server.url}${p}`;

    it('sends the brotli file to a browser that accepts br and gzip, with the headers of the file itself', async () => {
      const identity = await raw(url('/main.js'));
      const res = await raw(url('/main.js'), CHROMIUM);
      assert.equal(res.status, 200);
      assert.equal(res.headers['content-encoding'], 'br');
      assert.equal(brotliDecompressSync(res.body).toString(), js);
      assert.equal(Number(res.headers['content-length']), res.body.length);
      assert.ok(res.body.length < js.length / 4);
      assert.equal(res.headers.vary, 'Accept-Encoding');
      assert.equal(res.headers['content-type'], identity.headers['content-type']);
      assert.match(String(res.headers['content-type']), /javascript/);
      assert.equal(res.headers['cache-control'], 'no-cache');
      // A hashed chunk keeps its immutable caching when compressed.
      const hashed = await raw(url('/boot.0123abcd89.js'), CHROMIUM);
      assert.equal(hashed.headers['content-encoding'], 'br');
      assert.equal(hashed.headers['cache-control'], IMMUTABLE);
    });

    it('sends gzip when that is all the client takes, or when it refuses br', async () => {
      for (const accept of ['gzip', 'gzip, deflate', 'br;q=0, gzip', 'br;q=0.5, gzip;q=0.8']) {
        const res = await raw(url('/main.js'), { 'accept-encoding': accept });
        assert.equal(res.headers['content-encoding'], 'gzip', accept);
        assert.equal(gunzipSync(res.body).toString(), js, accept);
        assert.equal(Number(res.headers['content-length']), res.body.length, accept);
        assert.equal(res.headers.vary, 'Accept-Encoding', accept);
      }
      assert.equal(
        (await raw(url('/main.js'), { 'accept-encoding': 'br;q=1, gzip;q=0.5' })).headers['content-encoding'],
        'br',
      );
    });

    it('sends the file itself, still with Vary, when the client accepts no compression', async () => {
      const cases: Record<string, string>[] = [
        {},
        { 'accept-encoding': 'identity' },
        { 'accept-encoding': 'br;q=0, gzip;q=0' },
      ];
      for (const headers of cases) {
        const res = await raw(url('/main.js'), headers);
        assert.equal(res.status, 200);
        assert.equal(res.headers['content-encoding'], undefined);
        assert.equal(res.body.toString(), js);
        assert.equal(Number(res.headers['content-length']), Buffer.byteLength(js));
        assert.equal(res.headers.vary, 'Accept-Encoding');
      }
    });

    it('answers HEAD with the headers of the compressed file and no body', async () => {
      const get = await raw(url('/main.js'), CHROMIUM);
      const head = await raw(url('/main.js'), CHROMIUM, 'HEAD');
      assert.equal(head.status, 200);
      assert.equal(head.body.length, 0);
      assert.equal(head.headers['content-encoding'], 'br');
      assert.equal(head.headers['content-length'], get.headers['content-length']);
      assert.equal(head.headers.etag, get.headers.etag);
    });

    it('revalidates with the ETag of each representation (304), and the two ETags differ', async () => {
      const br = await raw(url('/main.js'), CHROMIUM);
      const gz = await raw(url('/main.js'), { 'accept-encoding': 'gzip' });
      const plain = await raw(url('/main.js'));
      assert.ok(br.headers.etag && gz.headers.etag && plain.headers.etag);
      assert.equal(new Set([br.headers.etag, gz.headers.etag, plain.headers.etag]).size, 3);
      const again = await raw(url('/main.js'), { ...CHROMIUM, 'if-none-match': br.headers.etag! });
      assert.equal(again.status, 304);
      assert.equal(again.body.length, 0);
      assert.equal(again.headers.vary, 'Accept-Encoding');
      const plainAgain = await raw(url('/main.js'), { 'if-none-match': plain.headers.etag! });
      assert.equal(plainAgain.status, 304);
      // The brotli ETag does not validate the gzip representation.
      assert.equal(
        (await raw(url('/main.js'), { 'accept-encoding': 'gzip', 'if-none-match': br.headers.etag! })).status,
        200,
      );
    });

    it('compresses the remotes (with their CORS headers), the locales and the shell page', async () => {
      const entry = await raw(url('/remotes/backoffice/remoteEntry.js'), CHROMIUM);
      assert.equal(entry.headers['content-encoding'], 'br');
      assert.equal(brotliDecompressSync(entry.body).toString(), remoteEntry);
      assert.equal(entry.headers['access-control-allow-origin'], '*');
      assert.equal(entry.headers['cache-control'], 'no-cache');

      const strings = await raw(url('/locales/en/shell.json'), CHROMIUM);
      assert.equal(strings.headers['content-encoding'], 'br');
      assert.match(String(strings.headers['content-type']), /^application\/json/);
      assert.equal(brotliDecompressSync(strings.body).toString(), locale);
      assert.equal(strings.headers.vary, 'Accept-Encoding');
      assert.equal(strings.headers['cache-control'], 'no-cache');

      for (const route of ['/', '/items']) {
        const page = await raw(url(route), { ...CHROMIUM, accept: 'text/html' });
        assert.equal(page.status, 200, route);
        assert.equal(page.headers['content-encoding'], 'br', route);
        assert.match(String(page.headers['content-type']), /^text\/html/, route);
        assert.equal(page.headers['cache-control'], 'no-cache', route);
        assert.ok(page.headers['content-security-policy'], route);
        assert.equal(brotliDecompressSync(page.body).toString(), indexHtml, route);
      }
    });

    it('leaves files without compressed variants alone, and never serves dotfiles', async () => {
      const icon = await raw(url('/favicon.ico'), CHROMIUM);
      assert.equal(icon.status, 200);
      assert.equal(icon.headers['content-encoding'], undefined);
      assert.equal(icon.headers.vary, undefined);
      assert.equal(icon.body.toString(), 'ico');
      for (const route of [
        '/.chunk-graph.json',
        '/%2e%2e/%2e%2e/backoffice/dist/remoteEntry.js',
        '/..%2fbackoffice/dist/remoteEntry.js',
      ]) {
        const res = await raw(url(route), CHROMIUM);
        assert.equal(res.status, 404, route);
        assert.equal(res.headers['content-encoding'], undefined, route);
      }
    });

    it('compresses API JSON of 1 KB and more, not smaller answers', async () => {
      const client = new Client(server.url);
      await client.signIn('owner@cornermarket.test');
      const cookie = client.jar.header();
      const big = await raw(url('/api/backoffice/items?pageSize=50'), { ...CHROMIUM, cookie });
      assert.equal(big.status, 200);
      assert.equal(big.headers['content-encoding'], 'br');
      const items = JSON.parse(brotliDecompressSync(big.body).toString()) as unknown;
      assert.ok(Buffer.byteLength(JSON.stringify(items)) >= 1024);
      assert.match(String(big.headers.vary), /Accept-Encoding/);
      const gz = await raw(url('/api/backoffice/items?pageSize=50'), { 'accept-encoding': 'gzip', cookie });
      assert.equal(gz.headers['content-encoding'], 'gzip');
      assert.deepEqual(JSON.parse(gunzipSync(gz.body).toString()), items);
      const none = await raw(url('/api/backoffice/items?pageSize=50'), { cookie });
      assert.equal(none.headers['content-encoding'], undefined);
      assert.deepEqual(JSON.parse(none.body.toString()), items);

      const small = await raw(url('/api/auth/csrf'), CHROMIUM);
      assert.ok(small.body.length < 1024);
      assert.equal(small.headers['content-encoding'], undefined);
      assert.ok(JSON.parse(small.body.toString()));
    });
  });
}

describe('compressAnswers', ONCE, () => {
  let server: http.Server;
  let base: string;
  before(async () => {
    const app = express();
    app.use(compressAnswers());
    app.get('/json', (_req, res) => {
      res.json({ rows: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `row ${i}` })) });
    });
    app.get('/page', (_req, res) => {
      res.type('html').send(`<!doctype html><title>A store</title>${'<li>A dish · $1.80</li>'.repeat(200)}`);
    });
    app.get('/text', (_req, res) => {
      res.type('text').send('plain text '.repeat(500));
    });
    // An event stream: the first event must reach the client while the response is still open.
    app.get('/events', (_req, res) => {
      res.type('text/event-stream');
      res.write(`data: ${'first event '.repeat(200)}\n\n`);
      const timer = setTimeout(() => res.end('data: last\n\n'), 1500);
      res.on('close', () => clearTimeout(timer));
    });
    server = app.listen(0);
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://localhost:${(server.address() as { port: number }).port}`;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('compresses JSON and written pages only', async () => {
    assert.equal((await raw(`${base}/json`, CHROMIUM)).headers['content-encoding'], 'br');
    assert.equal((await raw(`${base}/page`, CHROMIUM)).headers['content-encoding'], 'br');
    assert.equal((await raw(`${base}/text`, CHROMIUM)).headers['content-encoding'], undefined);
  });

  it('does not hold back an event stream', async () => {
    const started = Date.now();
    const firstChunk = await new Promise<{ at: number; encoding?: string; text: string }>((resolve, reject) => {
      const req = http.get(`${base}/events`, { headers: CHROMIUM }, (res) => {
        res.once('data', (c: Buffer) => {
          resolve({ at: Date.now() - started, encoding: res.headers['content-encoding'], text: c.toString() });
          req.destroy();
        });
      });
      req.on('error', reject);
    });
    assert.equal(firstChunk.encoding, undefined);
    assert.match(firstChunk.text, /^data: first event/);
    assert.ok(firstChunk.at < 1000, `the first event arrived after ${firstChunk.at} ms`);
  });
});
