// Child process of bench/run.mjs (run with `node --import tsx`): the real server twice, once serving
// the federated build (the repo's dist folders, as `npm start` does) and once serving the monolith
// (bench/monolith/dist as the shell's static root, no remote folders), each with its own fresh SQLite
// database and demo data, plus a bare Express endpoint as the floor of what Express can do here.
// Prints one line `READY {"federated":url,"monolith":url,"bare":url}`; stops on SIGTERM.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import express from 'express';
import { startServer } from '../server/src/app.ts';
import { seedDemo } from '../server/src/modules.ts';
import { PasswordHasher, DEFAULT_SCRYPT_COST } from '../server/src/modules/auth/index.ts';
import { DIST } from './lib/graph.mjs';

const dirs = [];
const common = () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hive-bench-'));
  dirs.push(dataDir);
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir,
    // Production behaviour (cookies, headers, caching, scrypt cost) with a fixed secret; request logs
    // off (LOG_LEVEL=warn), the sign-in limit raised so that repeated runs are not throttled.
    nodeEnv: 'production',
    // Production requires the origin of e-mailed links; the bench sends no mail.
    publicUrl: 'http://localhost',
    secret: randomBytes(32).toString('hex'),
    logLevel: 'warn',
    trustProxy: false,
    rateLimits: { signIn: { limit: 1_000_000, windowMs: 60_000 } },
  };
};

/**
 * Production never seeds the demo accounts (their password is public): the bench, which measures
 * production behaviour on demo data, seeds its own throw-away databases itself.
 */
async function withDemoData(running) {
  const passwords = new PasswordHasher(DEFAULT_SCRYPT_COST);
  await seedDemo(running.database.db, { now: Date.now(), hashPassword: (p) => passwords.hash(p) });
  return running;
}

const federated = await withDemoData(await startServer(common()));
const monolith = await withDemoData(
  await startServer({ ...common(), staticRoots: { shell: DIST.monolith, remotes: {} } }),
);

const bareApp = express();
bareApp.get('/bare', (_req, res) => res.json({ ok: true }));
const bare = await new Promise((resolve) => {
  const s = bareApp.listen(0, '127.0.0.1', () => resolve(s));
});

const url = (port) => `http://localhost:${port}`;
console.log(
  `READY ${JSON.stringify({ federated: url(federated.port), monolith: url(monolith.port), bare: url(bare.address().port) })}`,
);

async function stop() {
  bare.closeAllConnections();
  bare.close();
  await Promise.allSettled([federated.close(), monolith.close()]);
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  process.exit(0);
}
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
