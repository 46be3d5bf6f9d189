// Child process of the reports-at-scale benchmark (bench/reports-scale.mjs), run with
// `node --import tsx`: the real server in production mode on the benchmark's database (argv[2]:
// the data directory; DATABASE_URL for PostgreSQL), nothing seeded, the sign-in limiter raised.
// Prints `READY {"url":...,"pid":...}`; stops on SIGTERM and leaves the database as it is.
import { randomBytes } from 'node:crypto';
import { startServer } from '../server/src/app.ts';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: reports-serve.mjs <dataDir>');
const generous = { limit: 10_000_000, windowMs: 60_000 };
const running = await startServer({
  port: 0,
  host: '127.0.0.1',
  dataDir,
  databaseUrl: process.env.DATABASE_URL || undefined,
  nodeEnv: 'production',
  // Production requires the origin of e-mailed links; the bench sends no mail.
  publicUrl: 'http://localhost',
  // The benchmark's own database, seeded with the demo companies in development mode.
  allowDemoAccounts: true,
  secret: randomBytes(32).toString('hex'),
  logLevel: 'warn',
  rateLimits: { signIn: generous },
});

console.log(`READY ${JSON.stringify({ url: `http://localhost:${running.port}`, pid: process.pid })}`);

async function stop() {
  await running.close().catch(() => {});
  process.exit(0);
}
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
