import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import BetterSqlite3 from 'better-sqlite3';
import { KEEP_ALIVE_MS } from '../app';
import { signedIn } from '../../test/admin-helpers';
import { databaseTargets, startTestServer, type Client, type TestServer } from '../../test/helpers';

/*
 * /healthz tells the truth (issue 30, item 9). It reads real rows of several tables on every call;
 * a database that answers "database disk image is malformed" to any query makes it answer 503
 * until the server restarts. The damage is made the way a failing disk makes it: pages in the
 * middle of the SQLite file overwritten while the server runs.
 */

for (const target of databaseTargets()) {
  describe(`health check [${target.name}]`, () => {
    let server: TestServer;
    let owner: Client;
    before(async () => {
      server = await startTestServer(target);
      owner = await signedIn(server, 'owner@greenleaf.test');
    });
    after(() => server?.close());

    it('a healthy database: 200 ok, and a report answers', async () => {
      const health = await fetch(`${server.url}/healthz`);
      assert.equal(health.status, 200);
      assert.deepEqual(await health.json(), { ok: true, db: 'ok' });
      assert.equal((await owner.request('/api/backoffice/items')).status, 200);
    });

    it('keeps idle connections longer than a proxy or a client does (Keep-Alive: timeout=65)', async () => {
      // Closing first (Node's 5 s) raced clients onto closing sockets: "fetch failed" under load.
      const health = await fetch(`${server.url}/healthz`);
      assert.equal(health.headers.get('keep-alive'), `timeout=${KEEP_ALIVE_MS / 1000}`);
      assert.ok(KEEP_ALIVE_MS > 60_000, "longer than nginx's upstream keep-alive (60 s)");
      await health.body?.cancel();
    });

    it(
      'a damaged SQLite file: the catalogue fails, and /healthz says so with a 503 from then on',
      { skip: target.name !== 'sqlite' },
      async () => {
        const file = path.join(server.dataDir, 'test.sqlite');
        // Another connection, as a copy tool or a failing disk would be: everything into the main
        // file, then the first page of the items table overwritten (a table /healthz never reads).
        const other = new BetterSqlite3(file);
        try {
          other.pragma('wal_checkpoint(TRUNCATE)');
          const pageSize = other.pragma('page_size', { simple: true }) as number;
          const { rootpage } = other.prepare(`select rootpage from sqlite_master where name = 'items'`).get() as {
            rootpage: number;
          };
          const handle = await fs.open(file, 'r+');
          try {
            await handle.write(Buffer.alloc(pageSize, 0x5a), 0, pageSize, (rootpage - 1) * pageSize);
          } finally {
            await handle.close();
          }
          // A write elsewhere: the server's connection drops its cached pages and reads the file anew.
          other.pragma('user_version = 30');
        } finally {
          other.close();
        }
        const items = await owner.request('/api/backoffice/items');
        assert.equal(items.status, 500, await items.clone().text());
        for (let i = 0; i < 2; i++) {
          const health = await fetch(`${server.url}/healthz`);
          assert.equal(health.status, 503);
          assert.deepEqual(await health.json(), { ok: false, db: 'damaged' });
        }
      },
    );
  });
}
