import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { startServer, type RunningServer } from '../src/app';
import { MAIL_LIMITS } from '../src/platform/outbox';
import { api } from './admin-helpers';
import { Client, DEMO_PASSWORD, TEST_SCRYPT, errorParam } from './helpers';
import { PO, orderedPurchaseOrders } from './mail-helpers';

/*
 * Two instances behind a load balancer, on one PostgreSQL: per-address limits, the sign-in lockout
 * and sessions must hold across both (the limiter state lives in PostgreSQL, not in either
 * instance's memory). Each request goes to the other instance than the one before.
 */

const url = process.env.TEST_DATABASE_URL?.trim();

describe('scale-out: two instances on one PostgreSQL', { skip: url ? false : 'TEST_DATABASE_URL is not set' }, () => {
  const schema = `hive_test_scale_${process.pid}_${randomBytes(3).toString('hex')}`;
  const instances: RunningServer[] = [];
  let dataDir: string;

  before(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hive-scale-'));
    const options = {
      port: 0,
      nodeEnv: 'test',
      dataDir,
      databaseUrl: url,
      databaseSchema: schema,
      secret: 'shared-secret-shared-secret-shared-secret-42',
      logLevel: 'silent' as const,
      scryptCost: TEST_SCRYPT,
      seedDemoSales: false,
      trustProxy: true,
      rateLimits: { signIn: { limit: 10, windowMs: 15 * 60_000 } },
    };
    // Started together, as a deployment would: the start-up lock keeps their migrations apart.
    instances.push(...(await Promise.all([startServer(options), startServer(options)])));
  });

  after(async () => {
    await Promise.all(instances.map((i) => i.close()));
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`drop schema if exists "${schema}" cascade`);
    await client.end();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  /** Attempt `i` goes to instance `i % 2`, as a round-robin balancer would send it. */
  const on = (i: number, address: string) => new Client(instances[i % instances.length]!.url, address);

  it('the per-address sign-in limit is one limit, not one per instance', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 14; i += 1) {
      const { response } = await on(i, '198.51.100.7').signIn(`nobody${i}@scale.test`, 'wrong-wrong-1');
      statuses.push(response.status);
    }
    assert.equal(statuses.filter((s) => s !== 429).length, 10, statuses.join(','));
  });

  it('the lockout counts failures from both instances', async () => {
    for (let i = 0; i < 5; i += 1) await on(i, '198.51.100.8').signIn('owner@tinykiosk.test', 'wrong-wrong-1');
    for (let i = 0; i < 2; i += 1) {
      const { response, body } = await on(i, '198.51.100.8').signIn('owner@tinykiosk.test', DEMO_PASSWORD);
      assert.equal(response.status, 429, JSON.stringify(body));
      assert.equal(body.error, 'account_locked');
    }
  });

  it('the mail limits are one budget on both instances: a vendor gets 5 purchase orders an hour, not 10', async () => {
    const first = on(0, '198.51.100.10');
    assert.equal(errorParam((await first.signIn('owner@cornermarket.test')).body.url), null);
    const second = on(1, '198.51.100.10');
    for (const [name, value] of first.jar.cookies) second.jar.cookies.set(name, value);
    const { ids } = await orderedPurchaseOrders(instances[0]!.database.db, first, 'corner-market', 12);
    const statuses: number[] = [];
    for (const [i, id] of ids.entries()) {
      statuses.push((await api(i % 2 === 0 ? first : second, 'POST', `${PO}/${id}/email`, {})).status);
    }
    const allowed = MAIL_LIMITS.perRecipient.purchase_order.limit;
    assert.deepEqual(statuses, [...Array<number>(allowed).fill(200), ...Array<number>(12 - allowed).fill(429)]);
  });

  it('a session made on one instance reads on the other; a sign-out on the other ends it on both', async () => {
    const first = on(0, '198.51.100.9');
    assert.equal(errorParam((await first.signIn('owner@atlas.test')).body.url), null);
    const cookie = first.jar.header();
    const second = on(1, '198.51.100.9');
    for (const [name, value] of first.jar.cookies) second.jar.cookies.set(name, value);
    assert.equal((await second.session()).user.email, 'owner@atlas.test');
    assert.equal((await second.signOut()).status, 200);
    for (const instance of instances) {
      const replay = await fetch(`${instance.url}/api/auth/session`, { headers: { cookie } });
      assert.equal(await replay.json(), null, `${instance.url} still honours the signed-out cookie`);
    }
  });
});
