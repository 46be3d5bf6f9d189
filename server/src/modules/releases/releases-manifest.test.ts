import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { parseReleaseOrigins } from './';
import { ConfigError } from '../../platform/config';
import { databaseTargets, startTestServer, type TestServer } from '../../../test/helpers';
import {
  mfManifest,
  newToken,
  startManifestHost,
  storedReleases,
  tokenCall,
  type ManifestHost,
} from '../../../test/release-helpers';

/*
 * Registration fetches the manifest and refuses, with 422 naming the reason and nothing stored,
 * anything that is not a Module Federation manifest of that remote this shell can mount.
 */

for (const target of databaseTargets()) {
  describe(`release manifests are checked at registration [${target.name}]`, () => {
    let server: TestServer;
    let host: ManifestHost;
    let token: string;
    let hosted: string;
    let version = 0;
    const register = (manifestUrl: string, remote = 'ordering') =>
      tokenCall(server, token, 'POST', '/api/releases', { remote, version: `2026.12.${++version}`, manifestUrl });

    before(async () => {
      host = await startManifestHost();
      // The folder this server hosts the ordering build from (same-origin manifest paths).
      hosted = await fs.mkdtemp(path.join(os.tmpdir(), 'hive-hosted-'));
      await fs.mkdir(path.join(hosted, 'ordering'), { recursive: true });
      await fs.writeFile(
        path.join(hosted, 'ordering', 'mf-manifest.json'),
        JSON.stringify(mfManifest('ordering', '^1.0.0')),
      );
      await fs.writeFile(path.join(hosted, 'secret.json'), JSON.stringify(mfManifest('ordering')));
      server = await startTestServer(target, {
        staticRoots: { remotes: { ordering: path.join(hosted, 'ordering') } },
      });
      token = await newToken(server, 'ordering');
    });
    after(async () => {
      await server?.close();
      await host?.close();
      if (hosted) await fs.rm(hosted, { recursive: true, force: true });
    });

    it('the hosted build is the first active release, with the range its manifest declares', async () => {
      const rows = await storedReleases(server, 'ordering');
      assert.equal(rows.length, 1);
      assert.equal(rows[0]!.version, 'server-build');
      assert.equal(rows[0]!.state, 'active');
      assert.equal(rows[0]!.manifest_url, '/remotes/ordering/mf-manifest.json');
      assert.equal(rows[0]!.contract_range, '^1.0.0');
    });

    it('accepts a manifest of the remote on another origin, its range read from metaData or the top level', async () => {
      host.set('/b/mf-manifest.json', mfManifest('ordering', '^1.0.0'));
      const ok = await register(`${host.url}/b/mf-manifest.json`);
      assert.equal(ok.status, 201, JSON.stringify(ok.body));
      assert.equal(ok.body.state, 'registered');
      assert.equal(ok.body.contractRange, '^1.0.0');
      host.set('/top/mf-manifest.json', mfManifest('ordering', '>=1.0.0', 'top'));
      const top = await register(`${host.url}/top/mf-manifest.json`);
      assert.equal(top.status, 201, JSON.stringify(top.body));
      assert.equal(top.body.contractRange, '>=1.0.0');
      // No hiveContract at all: a build from before the contract, taken to need ^1.0.0.
      host.set('/legacy/mf-manifest.json', mfManifest('ordering', null));
      const legacy = await register(`${host.url}/legacy/mf-manifest.json`);
      assert.equal(legacy.status, 201, JSON.stringify(legacy.body));
      assert.equal(legacy.body.contractRange, '^1.0.0');
    });

    it('a same-origin path is read from the hosted folder, never outside it', async () => {
      const ok = await register('/remotes/ordering/mf-manifest.json');
      assert.equal(ok.status, 201, JSON.stringify(ok.body));
      for (const url of [
        '/remotes/ordering/../secret.json',
        '/remotes/ordering/%2e%2e/secret.json',
        '/elsewhere/x.json',
      ]) {
        const before = (await storedReleases(server, 'ordering')).length;
        const refused = await register(url);
        assert.equal(refused.status, 422, `${url}: ${JSON.stringify(refused.body)}`);
        assert.equal(refused.body.error, 'manifest_unreachable', url);
        assert.equal((await storedReleases(server, 'ordering')).length, before);
      }
    });

    it('422 naming the reason, and nothing stored, for each bad manifest', async () => {
      host.set('/not-json', '<html>hello</html>');
      host.set('/not-mf', { name: 'ordering', version: '1.0.0' });
      host.set('/admin/mf-manifest.json', mfManifest('admin'));
      host.set('/v2/mf-manifest.json', mfManifest('ordering', '^2.0.0'));
      host.set('/bad-range/mf-manifest.json', { ...mfManifest('ordering', null), hiveContract: { range: 7 } });
      const big = { ...mfManifest('ordering'), padding: 'x'.repeat(300 * 1024) };
      host.set('/big/mf-manifest.json', big);
      host.set('/big-chunked/mf-manifest.json', big, { chunked: true });
      host.set('/gone/mf-manifest.json', 'gone', { status: 500 });
      const cases: [string, string][] = [
        [`${host.url}/not-json`, 'manifest_invalid'],
        [`${host.url}/not-mf`, 'manifest_invalid'],
        [`${host.url}/bad-range/mf-manifest.json`, 'manifest_invalid'],
        [`${host.url}/admin/mf-manifest.json`, 'wrong_remote'],
        [`${host.url}/v2/mf-manifest.json`, 'contract_incompatible'],
        [`${host.url}/big/mf-manifest.json`, 'manifest_too_large'],
        [`${host.url}/big-chunked/mf-manifest.json`, 'manifest_too_large'],
        [`${host.url}/missing/mf-manifest.json`, 'manifest_unreachable'],
        [`${host.url}/gone/mf-manifest.json`, 'manifest_unreachable'],
        // Nothing listens there.
        ['http://127.0.0.1:9/mf-manifest.json', 'manifest_unreachable'],
      ];
      const db = server.running.database.db;
      const countEvents = async () =>
        Number(
          (
            await db
              .selectFrom('release_events')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const before = (await storedReleases(server, 'ordering')).length;
      const eventsBefore = await countEvents();
      for (const [url, error] of cases) {
        const result = await register(url);
        assert.equal(result.status, 422, `${url}: ${JSON.stringify(result.body)}`);
        assert.equal(result.body.error, error, `${url}: ${result.body.message}`);
        assert.equal(typeof result.body.message, 'string');
      }
      assert.equal((await storedReleases(server, 'ordering')).length, before, 'nothing stored');
      assert.equal(await countEvents(), eventsBefore, 'no history either');
    });

    it('the contract message names both sides', async () => {
      host.set('/v3/mf-manifest.json', mfManifest('ordering', '^3.1.0'));
      const result = await register(`${host.url}/v3/mf-manifest.json`);
      assert.equal(result.body.error, 'contract_incompatible');
      assert.match(result.body.message, /\^3\.1\.0/);
      assert.match(result.body.message, /1\.\d+\.\d+/);
    });
  });
}

for (const target of databaseTargets()) {
  describe(`RELEASE_ORIGINS restricts where manifests may come from [${target.name}]`, () => {
    let server: TestServer;
    let allowed: ManifestHost;
    let other: ManifestHost;
    let token: string;
    before(async () => {
      allowed = await startManifestHost();
      other = await startManifestHost();
      server = await startTestServer(target, { releaseOrigins: `${allowed.url}, https://cdn.example.com` });
      token = await newToken(server, 'admin');
    });
    after(async () => {
      await server?.close();
      await allowed?.close();
      await other?.close();
    });

    it('an allowed origin passes; another is 422 origin_not_allowed, also behind a redirect; nothing stored', async () => {
      allowed.set('/a/mf-manifest.json', mfManifest('admin'));
      other.set('/a/mf-manifest.json', mfManifest('admin'));
      const ok = await tokenCall(server, token, 'POST', '/api/releases', {
        remote: 'admin',
        version: 'ok-1',
        manifestUrl: `${allowed.url}/a/mf-manifest.json`,
      });
      assert.equal(ok.status, 201, JSON.stringify(ok.body));
      const before = (await storedReleases(server, 'admin')).length;
      const refused = await tokenCall(server, token, 'POST', '/api/releases', {
        remote: 'admin',
        version: 'no-1',
        manifestUrl: `${other.url}/a/mf-manifest.json`,
      });
      assert.equal(refused.status, 422);
      assert.equal(refused.body.error, 'origin_not_allowed');
      // An allowed origin that redirects elsewhere.
      allowed.set('/moved/mf-manifest.json', '', { redirect: `${other.url}/a/mf-manifest.json` });
      const redirected = await tokenCall(server, token, 'POST', '/api/releases', {
        remote: 'admin',
        version: 'no-2',
        manifestUrl: `${allowed.url}/moved/mf-manifest.json`,
      });
      assert.equal(redirected.status, 422, JSON.stringify(redirected.body));
      assert.equal(redirected.body.error, 'origin_not_allowed');
      assert.equal((await storedReleases(server, 'admin')).length, before);
    });

    it('RELEASE_ORIGINS must be a list of origins', () => {
      assert.equal(parseReleaseOrigins(undefined), null);
      assert.equal(parseReleaseOrigins(' '), null);
      assert.deepEqual(parseReleaseOrigins('https://a.example.com, http://127.0.0.1:8080'), [
        'https://a.example.com',
        'http://127.0.0.1:8080',
      ]);
      for (const bad of ['cdn.example.com', 'https://a.example.com/path', 'ftp://a.example.com']) {
        assert.throws(() => parseReleaseOrigins(bad), ConfigError, bad);
      }
    });
  });
}
