// Child process of the soak on PostgreSQL (bench/lib/soak-cluster.mjs), run with `node --import tsx`:
// one instance of the real server in production mode on DATABASE_URL (PORT, AUTH_SECRET and
// INSTANCE_NAME from the environment, like server/dist/main.js), the sign-in and device limits raised
// so that the load, not the limiter, is measured. With BENCH_SEED=1 (the first instance only) it
// seeds the demo companies into the fresh database after it started, and with BENCH_TENANTS=N also
// N companies of the many-tenants soak (bench/lib/soak.mjs: TENANT). METRICS_TOKEN serves /metrics.
// Prints `READY` when it may be used; stops on SIGTERM.
import { startServer } from '../server/src/app.ts';
import { companySetup, seedDemo } from '../server/src/modules.ts';
import { PasswordHasher, DEFAULT_SCRYPT_COST, insertUser } from '../server/src/modules/auth/index.ts';
import { createCompanyWithOwner } from '../server/src/modules/companies/index.ts';
import { TENANT } from './lib/tenants.mjs';

const generous = { limit: 10_000_000, windowMs: 60_000 };
const running = await startServer({
  port: Number(process.env.PORT),
  host: '127.0.0.1',
  databaseUrl: process.env.DATABASE_URL,
  nodeEnv: 'production',
  // Production requires the origin of e-mailed links; the bench sends no mail.
  publicUrl: 'http://localhost',
  // The benchmark's own throw-away database, seeded with the demo companies below.
  allowDemoAccounts: true,
  secret: process.env.AUTH_SECRET,
  instanceName: process.env.INSTANCE_NAME,
  logLevel: 'warn',
  rateLimits: { signIn: generous },
  deviceRateLimits: { pair: generous, requests: generous, events: generous },
  metricsToken: process.env.METRICS_TOKEN,
});
if (process.env.BENCH_SEED === '1') {
  const passwords = new PasswordHasher(DEFAULT_SCRYPT_COST);
  await seedDemo(running.database.db, { now: Date.now(), hashPassword: (p) => passwords.hash(p) });
  // The tenants as sign-up makes them (a location, order and payment types), one password hash for all.
  const tenants = Number(process.env.BENCH_TENANTS ?? 0);
  const passwordHash = tenants > 0 ? await passwords.hash(TENANT.password) : '';
  for (let k = 1; k <= tenants; k += 1) {
    await createCompanyWithOwner(
      running.database.db,
      {
        name: TENANT.name(k),
        license: 'Retail',
        owner: { email: TENANT.email(k), passwordHash, status: 'active' },
        now: Date.now(),
      },
      companySetup,
      { insertOwner: insertUser },
    );
  }
}
console.log('READY');

async function stop() {
  await running.close().catch(() => {});
  process.exit(0);
}
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
