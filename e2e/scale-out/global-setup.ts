import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REPO_ROOT, nginxAvailable, startCluster, NGINX } from '../../tools/cluster/cluster';

/**
 * A fresh database on TEST_DATABASE_URL's server, instances a and b of server/dist/main.js, nginx in
 * front; the addresses reach the tests through the environment (workers inherit it). Returns the
 * teardown.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const baseUrl = process.env.TEST_DATABASE_URL?.trim();
  if (!baseUrl)
    throw new Error('The scale-out run needs TEST_DATABASE_URL (a PostgreSQL server where it may create a database).');
  if (!nginxAvailable())
    throw new Error(`The scale-out run needs nginx at ${NGINX}: apt-get install -y nginx-light (or set NGINX_PATH).`);
  // The compiled server, rebuilt when stale (the apps' production build comes from `npm test`'s build step).
  execFileSync(process.execPath, [path.join(REPO_ROOT, 'scripts/build.mjs'), '--only', 'server'], { stdio: 'inherit' });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hive-e2e-scale-'));
  const cluster = await startCluster({
    baseUrl,
    prefix: 'hive_e2e_scale',
    env: {
      // NODE_ENV=test, not production: production refuses a database that holds the demo accounts,
      // and these tests sign in as the demo personas on the demo companies. Everything the run checks
      // (sessions, limits, lockout, jobs, live events) behaves alike in both modes.
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      // The tests play many clients from this one machine: each picks its address with
      // X-Forwarded-For, which the instances believe from loopback hops (nginx, or a test calling an
      // instance directly). A deployment behind one proxy sets TRUST_PROXY=1 (docs/deploy.md).
      TRUST_PROXY: 'loopback',
      // Both instances run the recurring invoices job every second (the default is 5 minutes).
      RECURRING_JOB_SECONDS: '1',
      // A canary is judged after 10 sessions (default 20): releases.spec.ts's broken release is rolled
      // back after ~20 page loads at 50 %, not ~40.
      RELEASE_MIN_SESSIONS: '10',
    },
  });
  const [a, b] = cluster.instances;
  process.env.SCALE_A_URL = a!.url;
  process.env.SCALE_A_PID = String(a!.pid);
  process.env.SCALE_B_URL = b!.url;
  process.env.SCALE_B_PID = String(b!.pid);
  process.env.SCALE_PROXY_URL = cluster.proxy!.url;
  process.env.SCALE_DATABASE_URL = cluster.database.url;
  return async () => {
    await cluster.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
