import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { deployToken, parseArgs } from '../../cli/deployToken';
import { parseReleaseArgs, release } from '../../cli/release';
import { ConfigError } from '../../platform/config';
import { revokeDeployToken } from './';
import { databaseTargets, startTestServer, type TestServer } from '../../../test/helpers';
import { mfManifest, newToken, startManifestHost, tokenCall, type ManifestHost } from '../../../test/release-helpers';

/*
 * Deploy tokens: one remote each (another remote's release 403), unknown or revoked 401, kept only
 * as a hash, made by the deploy-token command whose last line is the token.
 */

/** The server's own database settings, as the command reads them from the environment. */
async function commandEnv(server: TestServer, target: string): Promise<NodeJS.ProcessEnv> {
  const base = { NODE_ENV: 'test', DATA_DIR: server.dataDir, LOG_LEVEL: 'silent' };
  if (target === 'sqlite') return { ...base, DATABASE_URL: `sqlite:${path.join(server.dataDir, 'test.sqlite')}` };
  const { rows } = await sql<{
    db: string;
    schema: string;
  }>`select current_database() as db, current_schema() as schema`.execute(server.running.database.db);
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${rows[0]!.db}`;
  return { ...base, DATABASE_URL: url.href, DATABASE_SCHEMA: rows[0]!.schema };
}

for (const target of databaseTargets()) {
  describe(`deploy tokens [${target.name}]`, () => {
    let server: TestServer;
    let host: ManifestHost;
    let ordering: string;
    let adminReleaseId: number;
    before(async () => {
      host = await startManifestHost();
      host.set('/ordering/mf-manifest.json', mfManifest('ordering'));
      host.set('/admin/mf-manifest.json', mfManifest('admin'));
      server = await startTestServer(target);
      ordering = await newToken(server, 'ordering');
      const admin = await server.running.database.db
        .selectFrom('releases')
        .select('id')
        .where('remote', '=', 'admin')
        .executeTakeFirstOrThrow();
      adminReleaseId = admin.id;
    });
    after(async () => {
      await server?.close();
      await host?.close();
    });

    it("a token changes its own remote's releases only: another remote's is 403 wrong_remote", async () => {
      const own = await tokenCall(server, ordering, 'POST', '/api/releases', {
        remote: 'ordering',
        version: 'own-1',
        manifestUrl: `${host.url}/ordering/mf-manifest.json`,
      });
      assert.equal(own.status, 201, JSON.stringify(own.body));
      assert.deepEqual(own.body.registeredBy, { kind: 'token', label: 'ordering CI' });
      const other = await tokenCall(server, ordering, 'POST', '/api/releases', {
        remote: 'admin',
        version: 'other-1',
        manifestUrl: `${host.url}/admin/mf-manifest.json`,
      });
      assert.equal(other.status, 403);
      assert.equal(other.body.error, 'wrong_remote');
      for (const action of ['canary', 'promote', 'rollback']) {
        const result = await tokenCall(
          server,
          ordering,
          'POST',
          `/api/releases/${adminReleaseId}/${action}`,
          action === 'canary' ? { percent: 10 } : {},
        );
        assert.equal(result.status, 403, `${action}: ${JSON.stringify(result.body)}`);
        assert.equal(result.body.error, 'wrong_remote');
      }
      const list = await tokenCall(server, ordering, 'GET', '/api/releases?remote=admin');
      assert.equal(list.status, 403);
      const admin = await server.running.database.db
        .selectFrom('releases')
        .select(['state', 'version'])
        .where('remote', '=', 'admin')
        .execute();
      assert.deepEqual(admin, [{ state: 'active', version: 'server-build' }], 'the admin remote is untouched');
    });

    it('no token, a malformed, an unknown or a revoked token: 401', async () => {
      const none = await tokenCall(server, null, 'GET', '/api/releases?remote=ordering');
      assert.equal(none.status, 401);
      assert.match(none.headers.get('www-authenticate') ?? '', /^Bearer/);
      const malformed = await tokenCall(server, 'not-a-token', 'GET', '/api/releases?remote=ordering');
      assert.equal(malformed.status, 401);
      assert.equal(malformed.body.error, 'invalid_token');
      const unknown = await tokenCall(server, `hdk_${'A'.repeat(43)}`, 'GET', '/api/releases?remote=ordering');
      assert.equal(unknown.status, 401);
      assert.equal(unknown.body.error, 'invalid_token');
      const doomed = await newToken(server, 'ordering', 'doomed');
      assert.equal((await tokenCall(server, doomed, 'GET', '/api/releases')).status, 200);
      const row = await server.running.database.db
        .selectFrom('deploy_tokens')
        .select('id')
        .where('label', '=', 'doomed')
        .executeTakeFirstOrThrow();
      assert.equal(
        await revokeDeployToken(server.running.database.db, row.id, { userId: null, email: 'test' }, 1),
        true,
      );
      const revoked = await tokenCall(server, doomed, 'POST', '/api/releases', {
        remote: 'ordering',
        version: 'revoked-1',
        manifestUrl: `${host.url}/ordering/mf-manifest.json`,
      });
      assert.equal(revoked.status, 401);
      assert.equal(revoked.body.error, 'invalid_token');
    });

    it('the table keeps only the SHA-256 of a token, and when it was last used', async () => {
      const token = await newToken(server, 'backoffice', 'hash check');
      await tokenCall(server, token, 'GET', '/api/releases');
      const rows = await server.running.database.db.selectFrom('deploy_tokens').selectAll().execute();
      for (const row of rows) {
        for (const value of Object.values(row)) {
          assert.ok(!String(value).includes(token.slice(4)), 'no column holds the token');
        }
      }
      const mine = rows.find((row) => row.label === 'hash check')!;
      assert.equal(mine.token_hash, createHash('sha256').update(token).digest('hex'));
      assert.ok(mine.last_used_at !== null, 'last_used_at is set');
      const audit = await server.running.database.db
        .selectFrom('audit_log')
        .select('action')
        .where('entity_type', '=', 'deploy_token')
        .where('entity_id', '=', mine.id)
        .execute();
      assert.deepEqual(
        audit.map((a) => a.action),
        ['releases.token_created'],
      );
    });

    it('the deploy-token command prints a working token on its last line; --list hides it; --revoke ends it', async () => {
      const env = await commandEnv(server, target.name);
      const output = await deployToken(
        ['--remote', 'ordering', '--label', 'CLI team', '--email', 'Team@Example.com'],
        env,
      );
      const token = output.split('\n').at(-1)!;
      assert.match(token, /^hdk_[A-Za-z0-9_-]{43}$/);
      const list = await tokenCall(server, token, 'GET', '/api/releases?remote=ordering');
      assert.equal(list.status, 200, JSON.stringify(list.body));
      assert.ok(list.body.releases.some((r: { version: string }) => r.version === 'server-build'));
      const row = await server.running.database.db
        .selectFrom('deploy_tokens')
        .selectAll()
        .where('label', '=', 'CLI team')
        .executeTakeFirstOrThrow();
      assert.equal(row.contact_email, 'team@example.com');
      const listed = await deployToken(['--list'], env);
      assert.match(listed, /CLI team/);
      assert.ok(!listed.includes(token));
      assert.match(await deployToken(['--revoke', String(row.id)], env), /Revoked/);
      assert.equal((await tokenCall(server, token, 'GET', '/api/releases')).status, 401);
      await assert.rejects(deployToken(['--revoke', String(row.id)], env), ConfigError);
    });

    it('the commands refuse bad arguments with their usage', () => {
      assert.throws(() => parseArgs([]), /--remote must be one of backoffice, admin, ordering/);
      assert.throws(() => parseArgs(['--remote', 'shop']), ConfigError);
      assert.throws(() => parseArgs(['--remote', 'admin', '--email', 'nope']), /e-mail/);
      assert.throws(() => parseArgs(['--revoke', 'x']), /token id/);
      assert.deepEqual(parseArgs(['--remote=admin', '--label', ' CI ']), {
        kind: 'create',
        remote: 'admin',
        label: 'CI',
        email: null,
      });
      assert.deepEqual(parseReleaseArgs(['canary', '12', '--percent', '30', '--companies', 'a, b']), {
        method: 'POST',
        path: '/api/releases/12/canary',
        body: { percent: 30, companies: ['a', 'b'] },
      });
      assert.throws(() => parseReleaseArgs(['promote']), /release id/);
      assert.throws(() => parseReleaseArgs(['deploy']), /Unknown command/);
    });

    it('the release command wraps the HTTP API with HIVE_URL and HIVE_DEPLOY_TOKEN', async () => {
      const env = { HIVE_URL: server.url, HIVE_DEPLOY_TOKEN: ordering };
      const registered = JSON.parse(
        await release(
          [
            'register',
            '--remote',
            'ordering',
            '--version',
            'cli-1',
            '--manifest-url',
            `${host.url}/ordering/mf-manifest.json`,
          ],
          env,
        ),
      );
      assert.equal(registered.state, 'registered');
      const canary = JSON.parse(await release(['canary', String(registered.id), '--percent', '5'], env));
      assert.deepEqual(canary.canary, { percent: 5, companies: [] });
      const rolled = JSON.parse(await release(['rollback', String(registered.id), '--reason', 'not today'], env));
      assert.equal(rolled.state, 'rolled_back');
      assert.equal(rolled.rollback.reason, 'not today');
      await assert.rejects(release(['promote', String(registered.id)], env), /HTTP 409/);
      await assert.rejects(release(['list'], { HIVE_URL: server.url }), /HIVE_DEPLOY_TOKEN/);
    });
  });
}
