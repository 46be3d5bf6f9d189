// Child process of the device benchmarks (bench/lib/device.mjs), run with `node --import tsx`: the
// real server in production mode on a fresh SQLite database with the demo data (90 days of sales),
// device limits raised so that the load, not the limiter, is measured. Prints
// `READY {"url":...,"pid":...}`; stops on SIGTERM.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { startServer } from '../server/src/app.ts';
import { seedDemo } from '../server/src/modules.ts';
import { PasswordHasher, DEFAULT_SCRYPT_COST } from '../server/src/modules/auth/index.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'hive-bench-device-'));
const generous = { limit: 10_000_000, windowMs: 60_000 };
const running = await startServer({
  port: 0,
  host: '127.0.0.1',
  dataDir,
  nodeEnv: 'production',
  // Production requires the origin of e-mailed links; the bench sends no mail.
  publicUrl: 'http://localhost',
  secret: randomBytes(32).toString('hex'),
  logLevel: 'warn',
  rateLimits: { signIn: generous },
  deviceRateLimits: { pair: generous, requests: generous, events: generous },
});
// Production never seeds the demo accounts: the benchmark seeds its throw-away database itself.
const passwords = new PasswordHasher(DEFAULT_SCRYPT_COST);
await seedDemo(running.database.db, { now: Date.now(), hashPassword: (p) => passwords.hash(p) });

console.log(`READY ${JSON.stringify({ url: `http://localhost:${running.port}`, pid: process.pid })}`);

async function stop() {
  await running.close().catch(() => {});
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
}
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
