/**
 * Several server processes on one PostgreSQL behind nginx, as docs/deploy.md describes them: the
 * scale-out e2e run (e2e/scale-out.config.ts) and the soak on PostgreSQL (bench/lib/device.mjs) both
 * start their cluster here. nginx runs unprivileged from a temporary prefix, with the site block
 * taken verbatim from docs/deploy.md (only its ports replaced), so the documented config is the
 * tested one.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * The checkout this runs in: the nearest folder up from the working directory whose package.json is
 * the monorepo's. (Not from this file's location: Playwright loads it as CommonJS, tsx from an .mjs
 * importer as ESM, and neither `__dirname` nor `import.meta` works in both.)
 */
function findRepoRoot(from: string): string {
  for (let dir = path.resolve(from); ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'hive-pos') {
      return dir;
    }
    if (path.dirname(dir) === dir) throw new Error(`${from} is not inside the hive-pos checkout`);
  }
}

export const REPO_ROOT = findRepoRoot(process.cwd());
export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const DEPLOY_DOC = path.join(REPO_ROOT, 'docs', 'deploy.md');
/** The example upstream addresses of the documented site block, replaced by the real ports. */
const DOC_UPSTREAMS = ['127.0.0.1:8081', '127.0.0.1:8082'];
const DOC_LISTEN = 'listen 80;';

export const nginxAvailable = (): boolean => existsSync(NGINX);

/** A free TCP port on 127.0.0.1 (asked from the kernel, then released). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface ScratchDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/** A new, empty PostgreSQL database on the server `baseUrl` points at (TEST_DATABASE_URL). */
export async function createDatabase(baseUrl: string, prefix = 'hive_cluster'): Promise<ScratchDatabase> {
  const name = `${prefix}_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database "${name}"`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => admin(`drop database if exists "${name}" with (force)`) };
}

export interface Instance {
  name: string;
  port: number;
  url: string;
  pid: number;
  stop(): Promise<void>;
}

async function waitHealthy(url: string, child: ChildProcess, output: () => string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  let exited: number | null | undefined;
  child.once('exit', (code) => (exited = code));
  while (Date.now() < deadline) {
    if (exited !== undefined) throw new Error(`${url} exited (${exited}) before it was healthy:\n${output()}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} was not healthy within ${timeoutMs / 1000} s:\n${output()}`);
}

async function waitLine(line: RegExp, child: ChildProcess, output: () => string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!line.test(output())) {
    if (child.exitCode !== null) throw new Error(`exited (${child.exitCode}) before printing ${line}:\n${output()}`);
    if (Date.now() > deadline) throw new Error(`did not print ${line} within ${timeoutMs / 1000} s:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

function stopChild(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM', graceMs = 10_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill(signal);
  });
}

export interface InstanceOptions {
  name: string;
  port: number;
  /** The environment of the instance (DATABASE_URL, AUTH_SECRET, ...); PORT and INSTANCE_NAME are added. */
  env: Record<string, string>;
  /** The process to run; default the production build, `node server/dist/main.js`. */
  args?: string[];
  /** Ready once the process prints this line (a launcher that seeds after listening); default /healthz answering 200. */
  readyLine?: RegExp;
  timeoutMs?: number;
}

/** One server process, resolved once its /healthz answers 200. */
export async function startInstance({
  name,
  port,
  env,
  args,
  readyLine,
  timeoutMs = 180_000,
}: InstanceOptions): Promise<Instance> {
  const child = spawn(process.execPath, args ?? ['--enable-source-maps', path.join(REPO_ROOT, 'server/dist/main.js')], {
    cwd: path.join(REPO_ROOT, 'server'),
    env: { PATH: process.env.PATH ?? '', ...env, PORT: String(port), INSTANCE_NAME: name },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (d: Buffer) => {
    output = (output + d.toString()).slice(-20_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitHealthy(url, child, () => output, timeoutMs);
    if (readyLine) await waitLine(readyLine, child, () => output, timeoutMs);
  } catch (error) {
    await stopChild(child, 'SIGKILL');
    throw error;
  }
  return { name, port, url, pid: child.pid!, stop: () => stopChild(child) };
}

/** The nginx site block docs/deploy.md shows (the fenced block after `<!-- nginx-site -->`). */
export function documentedSite(): string {
  const doc = readFileSync(DEPLOY_DOC, 'utf8');
  const match = /<!-- nginx-site -->\s*```nginx\n([\s\S]*?)```/.exec(doc);
  if (!match) throw new Error(`${DEPLOY_DOC} has no \`<!-- nginx-site -->\` block followed by an nginx code block`);
  return match[1]!;
}

/** The documented site with this run's ports: nginx on `listen`, upstreams the instances' ports. */
export function siteFor(listen: number, upstreams: number[]): string {
  let site = documentedSite();
  if (upstreams.length !== DOC_UPSTREAMS.length)
    throw new Error(`the documented site has ${DOC_UPSTREAMS.length} upstreams`);
  for (const [k, example] of DOC_UPSTREAMS.entries()) {
    if (!site.includes(example)) throw new Error(`the documented site names no upstream ${example}`);
    site = site.replace(example, `127.0.0.1:${upstreams[k]}`);
  }
  if (!site.includes(DOC_LISTEN)) throw new Error(`the documented site has no \`${DOC_LISTEN}\``);
  return site.replace(DOC_LISTEN, `listen 127.0.0.1:${listen};`);
}

export interface Proxy {
  port: number;
  url: string;
  dir: string;
  stop(): Promise<void>;
}

/** nginx in the foreground from a temporary prefix (its own pid, logs and temp folders), no root needed. */
export async function startNginx(listen: number, upstreams: number[]): Promise<Proxy> {
  const dir = mkdtempSync(path.join(tmpdir(), 'hive-nginx-'));
  // Started as root (CI), nginx's workers run as `nobody`: they must reach the folder and write the temp files.
  chmodSync(dir, 0o755);
  for (const sub of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
    mkdirSync(path.join(dir, sub));
    chmodSync(path.join(dir, sub), 0o777);
  }
  writeFileSync(path.join(dir, 'site.conf'), siteFor(listen, upstreams));
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    [
      'daemon off;',
      'worker_processes 1;',
      `pid ${dir}/nginx.pid;`,
      `error_log ${dir}/error.log warn;`,
      'events { worker_connections 1024; }',
      'http {',
      '  access_log off;',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${dir}/${t};`),
      `  include ${dir}/site.conf;`,
      '}',
      '',
    ].join('\n'),
  );
  const child = spawn(NGINX, ['-p', dir, '-c', `${dir}/nginx.conf`, '-e', `${dir}/error.log`], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let output = '';
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const url = `http://127.0.0.1:${listen}`;
  try {
    await waitHealthy(url, child, () => `${output}${readLog(path.join(dir, 'error.log'))}`, 30_000);
  } catch (error) {
    await stopChild(child, 'SIGKILL');
    throw error;
  }
  return {
    port: listen,
    url,
    dir,
    async stop() {
      // SIGTERM: nginx's fast stop, open connections (a live stream) closed at once; the graceful
      // SIGQUIT would wait for them.
      await stopChild(child, 'SIGTERM', 5_000);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const readLog = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8') : '');

export interface Cluster {
  database: ScratchDatabase;
  instances: Instance[];
  proxy: Proxy | null;
  secret: string;
  stop(): Promise<void>;
}

export interface ClusterOptions {
  /** A PostgreSQL URL whose server may create databases (TEST_DATABASE_URL). */
  baseUrl: string;
  /** The instances' shared environment (NODE_ENV, TRUST_PROXY, ...); DATABASE_URL and AUTH_SECRET are added. */
  env: Record<string, string>;
  /** The process each instance runs (default `server/dist/main.js`). */
  args?: string[];
  /** Extra environment of instance a (the first; e.g. a launcher's "seed the demo" switch). */
  firstEnv?: Record<string, string>;
  readyLine?: RegExp;
  /** Start nginx in front (default true). */
  nginx?: boolean;
  prefix?: string;
}

/**
 * A fresh database, instance A then instance B (A migrates and seeds; B finds the work done, as a
 * second instance of a deployment does), then nginx in front of both.
 */
export async function startCluster({
  baseUrl,
  env,
  args,
  firstEnv,
  readyLine,
  nginx = true,
  prefix,
}: ClusterOptions): Promise<Cluster> {
  const database = await createDatabase(baseUrl, prefix);
  const secret = randomBytes(32).toString('hex');
  const instances: Instance[] = [];
  let proxy: Proxy | null = null;
  const stop = async () => {
    await proxy?.stop();
    await Promise.all(instances.map((i) => i.stop()));
    await database.drop();
  };
  try {
    const common = { ...env, DATABASE_URL: database.url, AUTH_SECRET: secret };
    for (const name of ['a', 'b']) {
      const own = name === 'a' ? { ...common, ...firstEnv } : common;
      instances.push(await startInstance({ name, port: await freePort(), env: own, args, readyLine }));
    }
    if (nginx)
      proxy = await startNginx(
        await freePort(),
        instances.map((i) => i.port),
      );
  } catch (error) {
    await stop().catch(() => {});
    throw error;
  }
  return { database, instances, proxy, secret, stop };
}
