import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { databaseTargets, startTestServer, type TestServer } from '../../test/helpers';

/** Fake webpack output: the shell, two remotes with files, and the ordering remote not built. */
async function makeFakeDists(): Promise<{ root: string; roots: { shell: string; remotes: Record<string, string> } }> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'hive-dist-'));
  const files: Record<string, string> = {
    'shell/dist/index.html':
      '<!doctype html><title>Hive POS</title><div id="root"></div><script defer src="/main.js"></script>',
    'shell/dist/main.js': 'import("../../test/bootstrap")',
    'shell/dist/vendors.0123abcd89.js': '/* vendors */',
    'shell/dist/favicon.ico': 'ico',
    'shell/dist/locales/en/shell.json': '{"from":"shell"}',
    'shell/dist/locales/es/shell.json': '{"from":"shell-es"}',
    'backoffice/dist/remoteEntry.js': '/* remote entry */',
    'backoffice/dist/mf-manifest.json': '{"name":"backoffice"}',
    'backoffice/dist/src_App.deadbeef12.js': '/* chunk */',
    'backoffice/dist/locales/en/common.json': '{"from":"backoffice"}',
    'backoffice/dist/locales/es/common.json': '{"from":"backoffice-es"}',
    'admin/dist/remoteEntry.js': '/* admin entry */',
    'admin/dist/mf-manifest.json': '{"name":"admin"}',
    'admin/dist/locales/en/login.json': '{"from":"admin"}',
    'admin/dist/locales/en/shell.json': '{"from":"admin-should-lose"}',
    'secret.json': '{"secret":true}',
  };
  for (const [file, content] of Object.entries(files)) {
    await fs.mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await fs.writeFile(path.join(root, file), content);
  }
  return {
    root,
    roots: {
      shell: path.join(root, 'shell/dist'),
      remotes: {
        backoffice: path.join(root, 'backoffice/dist'),
        admin: path.join(root, 'admin/dist'),
        ordering: path.join(root, 'ordering/dist'), // never built
      },
    },
  };
}

const HTML = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
const IMMUTABLE = 'public, max-age=31536000, immutable';
const EXPECTED_CSP =
  "default-src 'self';script-src 'self';connect-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data:;" +
  "font-src 'self';object-src 'none';frame-ancestors 'none';base-uri 'self';form-action 'self'";

for (const target of databaseTargets()) {
  describe(`static hosting [${target.name}]`, () => {
    let server: TestServer;
    let distRoot: string;
    before(async () => {
      const dists = await makeFakeDists();
      distRoot = dists.root;
      server = await startTestServer(target, { staticRoots: dists.roots });
    });
    after(async () => {
      await server?.close();
      await fs.rm(distRoot, { recursive: true, force: true });
    });

    const get = (pathname: string, headers: Record<string, string> = {}, method = 'GET') =>
      fetch(`${server.url}${pathname}`, { headers, method, redirect: 'manual' });
    /** fetch() always sends an Accept header: node:http sends exactly the headers given. */
    const getRaw = (pathname: string, headers: Record<string, string>) =>
      new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
        const request = http.get(`${server.url}${pathname}`, { headers }, (response) => {
          let body = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (body += chunk));
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, type: response.headers['content-type'] ?? '', body }),
          );
        });
        request.on('error', reject);
      });

    it('serves the shell at / with no-cache and the Content Security Policy', async () => {
      const response = await get('/', HTML);
      assert.equal(response.status, 200);
      assert.match(await response.text(), /<div id="root">/);
      assert.equal(response.headers.get('cache-control'), 'no-cache');
      assert.equal(response.headers.get('content-security-policy'), EXPECTED_CSP);
      assert.ok(!response.headers.get('content-security-policy')!.includes('unsafe-eval'));
      assert.equal(response.headers.get('x-content-type-options'), 'nosniff');
      assert.equal(response.headers.get('x-powered-by'), null);
    });

    it('falls back to index.html for client routes that accept HTML', async () => {
      for (const route of [
        '/items',
        '/overview',
        '/admin',
        '/admin/companies',
        '/ordering/store/42',
        '/authentication/login',
        '/session-expired',
        '/unauthorized',
        '/signup',
        '/resetpass?token=abc',
      ]) {
        const response = await get(route, HTML);
        assert.equal(response.status, 200, route);
        assert.match(await response.text(), /<title>Hive POS<\/title>/, route);
        assert.equal(response.headers.get('cache-control'), 'no-cache', route);
      }
      const head = await get('/items', HTML, 'HEAD');
      assert.equal(head.status, 200);
    });

    it('serves the app to curl and monitors: Accept */*, no Accept at all, text/html', async () => {
      for (const route of ['/', '/items', '/admin/companies']) {
        for (const headers of [{ accept: '*/*' }, { accept: 'text/html' }, {}] as Record<string, string>[]) {
          const response = await getRaw(route, headers);
          assert.equal(response.status, 200, `${route} ${JSON.stringify(headers)}`);
          assert.match(response.body, /<title>Hive POS<\/title>/, route);
          assert.match(response.type, /^text\/html/, route);
        }
      }
      // Only JSON accepted: the page is no answer, the honest JSON 404 is.
      const json = await getRaw('/items', { accept: 'application/json' });
      assert.equal(json.status, 404);
      assert.equal((JSON.parse(json.body) as { error: string }).error, 'not_found');
      // API paths and files stay JSON 404s, whatever the Accept.
      for (const headers of [{ accept: '*/*' }, {}] as Record<string, string>[]) {
        for (const route of [
          '/api/nope',
          '/missing.0123abcd.js',
          '/remotes/backoffice/missing.js',
          '/ordering_master/x/y',
        ]) {
          const response = await getRaw(route, headers);
          assert.equal(response.status, 404, `${route} ${JSON.stringify(headers)}`);
          assert.doesNotMatch(response.body, /<div id="root">/, route);
        }
        const api = await getRaw('/api/nope', headers);
        assert.equal((JSON.parse(api.body) as { error: string }).error, 'not_found');
      }
    });

    it('never falls back for /api, /remotes, /locales, non-HTML requests or other methods', async () => {
      for (const route of [
        '/api/nope',
        '/api',
        '/remotes/backoffice/missing.js',
        '/remotes/unknown/x.js',
        '/locales/en/missing.json',
      ]) {
        const response = await get(route, HTML);
        assert.equal(response.status, 404, route);
        assert.doesNotMatch(await response.text(), /<div id="root">/, route);
      }
      assert.equal((await get('/items', { accept: 'application/json' })).status, 404);
      assert.equal((await get('/missing.abcdef0123.js', { accept: '*/*' })).status, 404);
      const post = await fetch(`${server.url}/items`, { method: 'POST', headers: HTML });
      assert.equal(post.status, 404);
      const api = await get('/api/nope', HTML);
      assert.equal(((await api.json()) as { error: string }).error, 'not_found');
    });

    it('caches hashed files forever, entry points never, other files briefly', async () => {
      const cases: [string, string][] = [
        ['/main.js', 'no-cache'],
        ['/vendors.0123abcd89.js', IMMUTABLE],
        ['/favicon.ico', 'public, max-age=300'],
        ['/remotes/backoffice/remoteEntry.js', 'no-cache'],
        ['/remotes/backoffice/mf-manifest.json', 'no-cache'],
        ['/remotes/backoffice/src_App.deadbeef12.js', IMMUTABLE],
        ['/remotes/admin/remoteEntry.js', 'no-cache'],
        // Each visitor's own map (their canary or not): no shared cache keeps it.
        ['/remotes.json', 'private, no-cache'],
      ];
      for (const [route, cache] of cases) {
        const response = await get(route);
        assert.equal(response.status, 200, route);
        assert.equal(response.headers.get('cache-control'), cache, route);
      }
    });

    it('allows cross-origin loading of remotes (CORS + CORP), not of the shell', async () => {
      const entry = await get('/remotes/backoffice/remoteEntry.js', { origin: 'https://other.example' });
      assert.equal(entry.headers.get('access-control-allow-origin'), '*');
      assert.equal(entry.headers.get('cross-origin-resource-policy'), 'cross-origin');
      const preflight = await get(
        '/remotes/backoffice/mf-manifest.json',
        { origin: 'https://other.example', 'access-control-request-method': 'GET' },
        'OPTIONS',
      );
      assert.equal(preflight.status, 204);
      assert.equal(preflight.headers.get('access-control-allow-origin'), '*');
      const shell = await get('/main.js', { origin: 'https://other.example' });
      assert.equal(shell.headers.get('access-control-allow-origin'), null);
    });

    it('answers 404 for a remote that was not built, and keeps serving the rest', async () => {
      assert.equal((await get('/remotes/ordering/remoteEntry.js')).status, 404);
      assert.equal((await get('/remotes/backoffice/remoteEntry.js')).status, 200);
    });

    it('serves /remotes.json with the default same-origin manifests', async () => {
      const response = await get('/remotes.json');
      const { _releases: releases, ...map } = (await response.json()) as Record<string, unknown>;
      assert.deepEqual(map, {
        backoffice: '/remotes/backoffice/mf-manifest.json',
        admin: '/remotes/admin/mf-manifest.json',
        ordering: '/remotes/ordering/mf-manifest.json',
      });
      // The server's own builds are the first release of each remote (the registry).
      assert.deepEqual(Object.keys(releases as object).sort(), ['admin', 'backoffice', 'ordering']);
      assert.match(response.headers.get('vary') ?? '', /\bCookie\b/);
    });

    it('finds locale files in the shell first, then the remotes; rejects bad names', async () => {
      const read = async (route: string) => {
        const response = await get(route);
        return { status: response.status, body: response.status === 200 ? await response.json() : null };
      };
      assert.deepEqual(await read('/locales/en/shell.json'), { status: 200, body: { from: 'shell' } });
      assert.deepEqual(await read('/locales/es/common.json'), { status: 200, body: { from: 'backoffice-es' } });
      assert.deepEqual(await read('/locales/en/login.json'), { status: 200, body: { from: 'admin' } });
      assert.equal((await read('/locales/es/login.json')).status, 404);
      for (const bad of [
        '/locales/..%2F..%2F/secret.json',
        '/locales/en/..%2Fsecret.json',
        '/locales/en/shell.txt',
        '/locales/EN--/shell.json',
        '/locales/en/sh%00ell.json',
        '/locales/en/.json',
      ]) {
        assert.equal((await get(bad)).status, 404, bad);
      }
      // A file next to (not inside) the shell's dist is never reachable.
      assert.equal((await get('/secret.json')).status, 404);
      assert.equal((await get('/..%2Fsecret.json')).status, 404);
    });

    it('answers /healthz with ok and a database ping', async () => {
      const response = await get('/healthz');
      assert.equal(response.status, 200);
      assert.deepEqual(await response.json(), { ok: true, db: 'ok' });
    });
  });

  describe(`static hosting without a build, and REMOTES_JSON [${target.name}]`, () => {
    let bare: TestServer;
    let overridden: TestServer;
    before(async () => {
      bare = await startTestServer(target);
      overridden = await startTestServer(target, {
        remotesJson:
          '{"backoffice":"https://cdn.example.com/bo/mf-manifest.json","reports":"http://localhost:9000/mf-manifest.json"}',
      });
    });
    after(async () => {
      await bare?.close();
      await overridden?.close();
    });

    it('shows a clear "run npm run build" page instead of crashing', async () => {
      const response = await fetch(`${bare.url}/items`, { headers: HTML });
      assert.equal(response.status, 503);
      // curl's */* gets the same page, not a 404 that reads as a dead site.
      const curl = await fetch(`${bare.url}/`, { headers: { accept: '*/*' } });
      assert.equal(curl.status, 503);
      assert.match(await curl.text(), /not built yet/);
      const text = await response.text();
      assert.match(text, /not built yet/);
      assert.match(text, /npm run build/);
      assert.equal((await fetch(`${bare.url}/remotes/backoffice/remoteEntry.js`)).status, 404);
      assert.equal((await fetch(`${bare.url}/healthz`)).status, 200);
    });

    it('merges REMOTES_JSON over the defaults and allows its origins in the CSP', async () => {
      const response = await fetch(`${overridden.url}/remotes.json`);
      const { _releases: releases, ...map } = (await response.json()) as Record<string, Record<string, unknown>>;
      assert.deepEqual(map, {
        backoffice: 'https://cdn.example.com/bo/mf-manifest.json',
        admin: '/remotes/admin/mf-manifest.json',
        ordering: '/remotes/ordering/mf-manifest.json',
        reports: 'http://localhost:9000/mf-manifest.json',
      });
      // An overridden remote is no release of the registry.
      assert.equal(releases!.backoffice, null);
      assert.equal(releases!.reports, null);
      const csp = response.headers.get('content-security-policy')!;
      assert.match(csp, /script-src 'self' https:\/\/cdn\.example\.com http:\/\/localhost:9000;/);
      assert.match(csp, /connect-src 'self' https:\/\/cdn\.example\.com http:\/\/localhost:9000;/);
    });
  });
}
