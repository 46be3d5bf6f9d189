import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createApp, startServer } from '../src/app';
import { disableDemo } from '../src/cli/disableDemo';
import { ConfigError } from '../src/platform/config';
import { DEMO_PASSWORD, DEMO_USERS } from '../src/demo';
import { Client, TEST_SCRYPT, TEST_SECRET, databaseTargets, errorParam, type DatabaseTarget } from './helpers';

/*
 * Issue 30 item 4: NODE_ENV=production on a database the development server seeded signed in
 * super@hive.test with the public demo password. Now production refuses to start while a demo
 * account can sign in, naming them and the ways out (a fresh data folder, or disable-demo); after
 * disable-demo it starts and the demo accounts stay shut.
 */

const SECRET = TEST_SECRET;

for (const target of databaseTargets()) {
  describe(`production on a development database [${target.name}]`, () => {
    let dataDir: string;
    let prepared: Awaited<ReturnType<DatabaseTarget['prepare']>>;

    before(async () => {
      dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hive-prod-demo-'));
      prepared = await target.prepare(dataDir);
      // What `npm start` leaves behind: the demo seeded in development.
      const dev = await createApp({
        nodeEnv: 'development',
        dataDir,
        secret: SECRET,
        logLevel: 'silent',
        scryptCost: TEST_SCRYPT,
        seedDemoSales: false,
        ...prepared.options,
      });
      await dev.close();
    });
    after(async () => {
      await prepared?.cleanup();
      await fs.rm(dataDir, { recursive: true, force: true });
    });

    const production = () => ({
      nodeEnv: 'production',
      dataDir,
      secret: SECRET,
      publicUrl: 'https://pos.example.test',
      logLevel: 'silent' as const,
      ...prepared.options,
    });
    const env = () => ({
      DATA_DIR: dataDir,
      DATABASE_URL: prepared.options.databaseUrl ?? '',
      DATABASE_SCHEMA: prepared.options.databaseSchema ?? '',
    });

    it('refuses to start, naming the demo accounts and the way out', async () => {
      await assert.rejects(createApp(production()), (error: Error) => {
        assert.ok(error instanceof ConfigError, String(error));
        assert.match(error.message, /^NODE_ENV=production refuses to start: this database holds demo accounts/);
        for (const user of DEMO_USERS) assert.ok(error.message.includes(user.email), user.email);
        assert.match(error.message, /fresh data folder \(DATA_DIR/);
        assert.match(error.message, /npm run disable-demo -w server/);
        return true;
      });
    });

    it('starts once disable-demo has run; the demo accounts cannot sign in', async () => {
      const done = await disableDemo(env());
      assert.match(done, new RegExp(`^Disabled ${DEMO_USERS.length} demo accounts in `));
      assert.match(done, /super@hive\.test/);
      const running = await startServer({ ...production(), port: 0 });
      try {
        for (const email of ['super@hive.test', 'owner@cornermarket.test']) {
          const { body } = await new Client(running.url).signIn(email, DEMO_PASSWORD);
          assert.equal(errorParam(body.url), 'CredentialsSignin', email);
        }
      } finally {
        await running.close();
      }
      assert.match(await disableDemo(env()), /nothing to do/);
    });
  });
}
