import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { grantReleasesPermission, rollbackRelease } from './';
import { STAFF, api, signedIn } from '../../../test/admin-helpers';
import { Client, databaseTargets, startTestServer, type TestServer } from '../../../test/helpers';
import { mfManifest, newToken, startManifestHost, tokenCall, type ManifestHost } from '../../../test/release-helpers';

/*
 * The registry's state machine (one active release per remote, at most one canary, promote and
 * rollback with their history) through the deploy-token API, and the same actions for staff in
 * the admin API with its role, Origin and body rules.
 */

for (const target of databaseTargets()) {
  describe(`release registry [${target.name}]`, () => {
    let server: TestServer;
    let host: ManifestHost;
    let token: string;
    let changes = 0;
    const manifestUrl = () => `${host.url}/ordering/mf-manifest.json`;
    const call = (method: string, path: string, json?: unknown) => tokenCall(server, token, method, path, json);
    const register = (version: string) =>
      call('POST', '/api/releases', { remote: 'ordering', version, manifestUrl: manifestUrl() });
    const states = async () =>
      Object.fromEntries(
        (
          await server.running.database.db
            .selectFrom('releases')
            .select(['version', 'state'])
            .where('remote', '=', 'ordering')
            .execute()
        ).map((row) => [row.version, row.state]),
      );

    before(async () => {
      host = await startManifestHost();
      host.set('/ordering/mf-manifest.json', mfManifest('ordering'));
      host.set('/admin/mf-manifest.json', mfManifest('admin'));
      server = await startTestServer(target);
      token = await newToken(server, 'ordering');
      server.running.live.onReleasesChanged(() => {
        changes += 1;
      });
    });
    after(async () => {
      await server?.close();
      await host?.close();
    });

    it('starts with the hosted build active for every remote', async () => {
      const rows = await server.running.database.db
        .selectFrom('releases')
        .select(['remote', 'state', 'version'])
        .execute();
      assert.deepEqual(rows.map((r) => `${r.remote}:${r.version}:${r.state}`).sort(), [
        'admin:server-build:active',
        'backoffice:server-build:active',
        'ordering:server-build:active',
      ]);
    });

    it('register, canary, a second canary refused naming the first, promote retires the previous active', async () => {
      const a = await register('2026.12.02-a');
      assert.equal(a.status, 201, JSON.stringify(a.body));
      assert.equal(a.body.state, 'registered');
      assert.equal(a.body.canary, null);
      assert.equal((await register('2026.12.02-a')).body.error, 'version_taken');

      const before = changes;
      const canary = await call('POST', `/api/releases/${a.body.id}/canary`, { percent: 30 });
      assert.equal(canary.status, 200, JSON.stringify(canary.body));
      assert.equal(canary.body.state, 'canary');
      assert.deepEqual(canary.body.canary, { percent: 30, companies: [] });
      await new Promise((resolve) => setImmediate(resolve));
      assert.ok(changes > before, 'the live bus heard of the change');

      const b = await register('2026.12.02-b');
      const second = await call('POST', `/api/releases/${b.body.id}/canary`, { percent: 10 });
      assert.equal(second.status, 409);
      assert.equal(second.body.error, 'canary_exists');
      assert.match(second.body.message, /2026\.12\.02-a/);
      assert.match(second.body.message, new RegExp(`release ${a.body.id}\\b`));

      const changed = await call('POST', `/api/releases/${a.body.id}/canary`, {
        percent: 50,
        companies: ['corner-market'],
      });
      assert.equal(changed.status, 200, JSON.stringify(changed.body));
      assert.deepEqual(changed.body.canary, { percent: 50, companies: ['corner-market'] });
      assert.equal(changed.body.stateChangedAt, canary.body.stateChangedAt, 'still the same canary');

      const promoted = await call('POST', `/api/releases/${a.body.id}/promote`, {});
      assert.equal(promoted.status, 200, JSON.stringify(promoted.body));
      assert.equal(promoted.body.state, 'active');
      assert.equal(promoted.body.canary, null);
      assert.deepEqual(
        promoted.body.events.map((e: { action: string }) => e.action),
        ['registered', 'canary', 'canary_changed', 'promoted'],
      );
      assert.ok(promoted.body.events.every((e: { by: string }) => e.by === 'token ordering CI'));
      assert.deepEqual(await states(), {
        'server-build': 'retired',
        '2026.12.02-a': 'active',
        '2026.12.02-b': 'registered',
      });
      assert.equal((await call('POST', `/api/releases/${a.body.id}/promote`, {})).body.error, 'invalid_state');
    });

    it('rollback: a canary reads rolled_back; the active one restores the previous; none left is 409', async () => {
      const list = await call('GET', '/api/releases?remote=ordering');
      const byVersion = (v: string) => list.body.releases.find((r: { version: string }) => r.version === v);
      const a = byVersion('2026.12.02-a');
      const b = byVersion('2026.12.02-b');
      // Each release carries its health (no telemetry yet: zero sessions).
      assert.equal(a.health.sessions, 0);
      assert.ok(a.health.window.from < a.health.window.to);

      assert.equal((await call('POST', `/api/releases/${b.id}/canary`, { percent: 20 })).status, 200);
      const rolled = await call('POST', `/api/releases/${b.id}/rollback`, { reason: 'errors in checkout' });
      assert.equal(rolled.status, 200, JSON.stringify(rolled.body));
      assert.equal(rolled.body.state, 'rolled_back');
      assert.deepEqual(rolled.body.rollback, { reason: 'errors in checkout', automatic: false, figures: null });
      assert.equal((await call('POST', `/api/releases/${b.id}/rollback`, {})).body.error, 'invalid_state');

      const back = await call('POST', `/api/releases/${a.id}/rollback`, {});
      assert.equal(back.status, 200, JSON.stringify(back.body));
      assert.equal(back.body.state, 'rolled_back');
      assert.deepEqual(await states(), {
        'server-build': 'active',
        '2026.12.02-a': 'rolled_back',
        '2026.12.02-b': 'rolled_back',
      });
      const build = (await call('GET', '/api/releases')).body.releases.find(
        (r: { version: string }) => r.version === 'server-build',
      );
      assert.deepEqual(build.registeredBy, { kind: 'system' });
      assert.deepEqual(
        build.events.map((e: { action: string; by: string }) => `${e.action} ${e.by}`),
        ['registered system', 'promoted system', 'retired token ordering CI', 'promoted token ordering CI'],
      );
      const none = await call('POST', `/api/releases/${build.id}/rollback`, {});
      assert.equal(none.status, 409);
      assert.equal(none.body.error, 'no_previous_release');
      assert.equal((await states())['server-build'], 'active');
    });

    it("the server's own rollback records its reason and figures, in audit_log as system", async () => {
      const c = await register('2026.12.03-c');
      await call('POST', `/api/releases/${c.body.id}/canary`, { percent: 50 });
      const ctx = { db: server.running.database.db, now: server.clock.now, live: server.running.live };
      const figures = { sessions: 25, loadFailureRate: 0.2 };
      const row = await rollbackRelease(ctx, c.body.id, { kind: 'automatic', reason: 'load failures', figures });
      assert.equal(row?.state, 'rolled_back');
      assert.equal(await rollbackRelease(ctx, c.body.id, { kind: 'automatic', reason: 'again', figures }), null);
      const json = (await call('GET', '/api/releases')).body.releases.find((r: { id: number }) => r.id === c.body.id);
      assert.deepEqual(json.rollback, { reason: 'load failures', automatic: true, figures });
      assert.equal(json.events.at(-1).by, 'automatic');
      const audit = await server.running.database.db
        .selectFrom('audit_log')
        .select(['actor_email', 'action'])
        .where('entity_type', '=', 'release')
        .where('entity_id', '=', c.body.id)
        .execute();
      assert.deepEqual(audit, [{ actor_email: 'system', action: 'releases.rolled_back' }]);
    });

    it('bodies are checked: 400 with the fields named, nothing stored', async () => {
      const empty = await call('POST', '/api/releases', {});
      assert.equal(empty.status, 400);
      assert.equal(empty.body.error, 'invalid_body');
      for (const field of ['remote', 'version', 'manifestUrl']) assert.ok(empty.body.fields[field], field);
      const bad = await call('POST', '/api/releases', {
        remote: 'ordering',
        version: 'has space',
        manifestUrl: 'ftp://x/y.json',
        notes: 5,
      });
      assert.deepEqual(Object.keys(bad.body.fields).sort(), ['manifestUrl', 'notes', 'version']);
      const extra = await call('POST', '/api/releases', {
        remote: 'ordering',
        version: 'x1',
        manifestUrl: '/x',
        foo: 1,
      });
      assert.equal(extra.status, 400);
      const d = await register('2026.12.04-d');
      for (const [body, field] of [
        [{ percent: 101 }, 'percent'],
        [{ percent: 2.5 }, 'percent'],
        [{}, 'percent'],
        [{ percent: 10, companies: ['Not A Slug'] }, 'companies.0'],
        [{ percent: 10, companies: ['no-such-company'] }, 'companies'],
        [{ percent: 10, companies: ['corner-market', 'corner-market'] }, 'companies'],
      ] as const) {
        const result = await call('POST', `/api/releases/${d.body.id}/canary`, body);
        assert.equal(result.status, 400, JSON.stringify(body));
        assert.ok(result.body.fields[field], `${JSON.stringify(body)}: ${JSON.stringify(result.body.fields)}`);
      }
      assert.equal((await states())['2026.12.04-d'], 'registered');
      assert.equal((await call('POST', `/api/releases/999999/promote`, {})).status, 404);
      const form = await fetch(new URL('/api/releases', server.url), {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'text/plain' },
        body: '{}',
      });
      assert.equal(form.status, 415);
    });
  });

  describe(`release registry: the staff API [${target.name}]`, () => {
    let server: TestServer;
    let host: ManifestHost;
    before(async () => {
      host = await startManifestHost();
      host.set('/admin/mf-manifest.json', mfManifest('admin'));
      server = await startTestServer(target);
    });
    after(async () => {
      await server?.close();
      await host?.close();
    });

    it('super_admin and dev_admin hold view_releases_menu; the start-up grant is idempotent', async () => {
      const db = server.running.database.db;
      const holders = async () =>
        (
          await db
            .selectFrom('user_permissions')
            .innerJoin('users', 'users.id', 'user_permissions.user_id')
            .select('users.email')
            .where('user_permissions.id_permission', '=', 'view_releases_menu')
            .execute()
        )
          .map((r) => r.email)
          .sort();
      assert.deepEqual(await holders(), [STAFF.dev, STAFF.super]);
      const dev = await db.selectFrom('users').select('id').where('email', '=', STAFF.dev).executeTakeFirstOrThrow();
      await db
        .deleteFrom('user_permissions')
        .where('user_id', '=', dev.id)
        .where('id_permission', '=', 'view_releases_menu')
        .execute();
      assert.equal(await grantReleasesPermission(db), 1);
      assert.equal(await grantReleasesPermission(db), 0);
      assert.deepEqual(await holders(), [STAFF.dev, STAFF.super]);
    });

    it('per remote: active, canary, health and history; staff writes are audited', async () => {
      const root = await signedIn(server, STAFF.super);
      const overview = await api(root, 'GET', '/api/admin/releases');
      assert.equal(overview.status, 200, JSON.stringify(overview.body));
      assert.deepEqual(
        overview.body.remotes.map((r: { remote: string }) => r.remote),
        ['backoffice', 'admin', 'ordering'],
      );
      for (const remote of overview.body.remotes) {
        assert.equal(remote.active.version, 'server-build');
        assert.equal(remote.canary, null);
        assert.equal(remote.health.active.sessions, 0);
        assert.equal(remote.health.canary, null);
        assert.equal(remote.releases.length, 1);
      }
      const created = await api(root, 'POST', '/api/admin/releases', {
        remote: 'admin',
        version: 'staff-1',
        manifestUrl: `${host.url}/admin/mf-manifest.json`,
        notes: 'from the console',
      });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      assert.deepEqual(created.body.registeredBy, { kind: 'user', email: STAFF.super });
      const dev = await signedIn(server, STAFF.dev);
      const canary = await api(dev, 'POST', `/api/admin/releases/${created.body.id}/canary`, {
        percent: 25,
        companies: ['blue-door-bistro'],
      });
      assert.equal(canary.status, 200, JSON.stringify(canary.body));
      const now = (await api(root, 'GET', '/api/admin/releases')).body.remotes.find(
        (r: { remote: string }) => r.remote === 'admin',
      );
      assert.equal(now.canary.id, created.body.id);
      assert.equal(now.releases[0].id, created.body.id, 'newest first');
      assert.deepEqual(
        now.canary.events.map((e: { action: string; by: string }) => `${e.action} ${e.by}`),
        [`registered ${STAFF.super}`, `canary ${STAFF.dev}`],
      );
      const audit = await server.running.database.db
        .selectFrom('audit_log')
        .select(['actor_email', 'action'])
        .where('entity_type', '=', 'release')
        .where('entity_id', '=', created.body.id)
        .orderBy('id')
        .execute();
      assert.deepEqual(audit, [
        { actor_email: STAFF.super, action: 'releases.registered' },
        { actor_email: STAFF.dev, action: 'releases.canary' },
      ]);
      const bad = await api(root, 'POST', `/api/admin/releases/${created.body.id}/canary`, { percent: -1 });
      assert.equal(bad.status, 400);
      assert.ok(bad.body.fields.percent);
    });

    it('other staff, merchants and the signed-out are refused; a viewer given the page may read, not write', async () => {
      for (const email of [STAFF.support, STAFF.billing, STAFF.distributor, STAFF.viewer]) {
        const client = await signedIn(server, email);
        assert.equal((await api(client, 'GET', '/api/admin/releases')).status, 403, email);
        assert.equal((await api(client, 'POST', '/api/admin/releases/1/promote', {})).status, 403, email);
      }
      const merchant = await signedIn(server, 'owner@cornermarket.test');
      assert.equal((await api(merchant, 'GET', '/api/admin/releases')).status, 403);
      const anonymous = new Client(server.url);
      assert.equal((await api(anonymous, 'GET', '/api/admin/releases')).status, 401);
      assert.equal((await api(anonymous, 'POST', '/api/admin/releases', {})).status, 401);

      const db = server.running.database.db;
      const viewer = await db
        .selectFrom('users')
        .select('id')
        .where('email', '=', STAFF.viewer)
        .executeTakeFirstOrThrow();
      await db
        .insertInto('user_permissions')
        .values({ user_id: viewer.id, id_permission: 'view_releases_menu' })
        .execute();
      const reader = await signedIn(server, STAFF.viewer);
      assert.equal((await api(reader, 'GET', '/api/admin/releases')).status, 200);
      const write = await api(reader, 'POST', '/api/admin/releases/1/promote', {});
      assert.equal(write.status, 403);
      assert.match(write.body.message, /may not change releases/);
    });

    it('Origin rules as the rest of /api/admin: a foreign Origin or cross-site cookies are 403', async () => {
      const root = await signedIn(server, STAFF.super);
      const lookAlike = await root.request('/api/admin/releases/1/rollback', {
        method: 'POST',
        json: {},
        headers: { origin: `${server.url}.evil.example` },
      });
      assert.equal(lookAlike.status, 403);
      assert.equal(((await lookAlike.json()) as { error: string }).error, 'forbidden_origin');
      const crossSite = await root.request('/api/admin/releases', {
        method: 'POST',
        json: {},
        headers: { 'sec-fetch-site': 'cross-site' },
      });
      assert.equal(crossSite.status, 403);
      const own = await root.request('/api/admin/releases', {
        method: 'POST',
        json: {},
        headers: { origin: server.url, 'sec-fetch-site': 'same-origin' },
      });
      assert.equal(own.status, 400, 'our own origin reaches the body check');
    });
  });
}
