import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadEnvConfig, resolvePublicUrl } from './config';
import { resolveAuthSecret } from '../modules/auth';
import { DEFAULT_REMOTES, loadRemoteOverrides, loadRemotesMap } from '../web';
import { createApp } from '../app';
import { passwordProblem } from '../modules/auth';
import { slugify } from '../modules/companies';
import { TEST_SECRET } from '../../test/helpers';

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Runs src/main.ts with a clean environment; resolves with the exit code and output. */
function runMain(
  env: Record<string, string>,
  timeoutMs = 30_000,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: SERVER_DIR,
      env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`main.ts did not exit within ${timeoutMs} ms: ${stdout} ${stderr}`));
    }, timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

describe('OTEL_EXPORTER_OTLP_ENDPOINT', () => {
  it('takes an http(s) URL, refuses anything else without repeating it, and is off when empty', () => {
    const load = (value: string | undefined) =>
      loadEnvConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: value } as NodeJS.ProcessEnv);
    assert.equal(load(undefined).otlpEndpoint, undefined);
    assert.equal(load('  ').otlpEndpoint, undefined);
    assert.equal(load('http://127.0.0.1:4318').otlpEndpoint, 'http://127.0.0.1:4318');
    for (const bad of ['collector:4318', 'ftp://x:secret@host', 'not a url']) {
      assert.throws(
        () => load(bad),
        (error: unknown) =>
          error instanceof ConfigError &&
          /OTEL_EXPORTER_OTLP_ENDPOINT/.test(error.message) &&
          !error.message.includes('secret'),
      );
    }
  });
});

describe('configuration', () => {
  let dir: string;
  before(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'hive-config-test-'));
  });
  after(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('NO_SECRET: refuses to start in production without AUTH_SECRET (createApp)', async () => {
    await assert.rejects(createApp({ nodeEnv: 'production', dataDir: dir, logLevel: 'silent' }), (error: Error) => {
      assert.ok(error instanceof ConfigError);
      assert.match(error.message, /^NO_SECRET: /);
      assert.match(error.message, /Set the AUTH_SECRET environment variable/);
      return true;
    });
  });

  it('NO_SECRET: main.ts exits 1 with the message on stderr', async () => {
    const { code, stderr, stdout } = await runMain({ NODE_ENV: 'production', DATA_DIR: path.join(dir, 'prod') });
    assert.equal(code, 1);
    assert.match(stderr.trim(), /^NO_SECRET: AUTH_SECRET is not set\. Set the AUTH_SECRET environment variable/);
    assert.doesNotMatch(stdout, /is running/);
  });

  it('production names its data folder: DATA_DIR is required (loadEnvConfig, createApp, main.ts exits 1)', async () => {
    assert.throws(() => loadEnvConfig({ NODE_ENV: 'production', AUTH_SECRET: TEST_SECRET }), /DATA_DIR is required/);
    assert.throws(() => loadEnvConfig({ NODE_ENV: 'production', DATA_DIR: '  ' }), /DATA_DIR is required/);
    assert.equal(loadEnvConfig({ NODE_ENV: 'production', DATA_DIR: dir }).dataDir, dir);
    // PostgreSQL keeps nothing in the data folder: DATABASE_URL alone names production's data.
    assert.equal(
      loadEnvConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/hive' }).databaseUrl,
      'postgres://db/hive',
    );
    assert.ok(loadEnvConfig({}).dataDir.endsWith(`${path.sep}data`), 'development keeps ./data');
    await assert.rejects(
      createApp({ nodeEnv: 'production', secret: TEST_SECRET, logLevel: 'silent' }),
      (error: Error) =>
        error instanceof ConfigError && /^DATA_DIR is required with NODE_ENV=production/.test(error.message),
    );
    const { code, stderr, stdout } = await runMain({ NODE_ENV: 'production', AUTH_SECRET: TEST_SECRET });
    assert.equal(code, 1);
    assert.match(stderr.trim(), /^DATA_DIR is required with NODE_ENV=production on SQLite: name the folder/);
    assert.doesNotMatch(stdout, /is running/);
  });

  it('generates a development secret once (mode 0600) and reuses it', async () => {
    const dataDir = path.join(dir, 'dev');
    const first = resolveAuthSecret({ production: false, dataDir });
    const second = resolveAuthSecret({ production: false, dataDir });
    assert.equal(first, second);
    assert.ok(first.length >= 32);
    const stat = await fs.stat(path.join(dataDir, 'auth-secret'));
    assert.equal(stat.mode & 0o777, 0o600);
    assert.equal(resolveAuthSecret({ secret: TEST_SECRET, production: true, dataDir }), TEST_SECRET);
  });

  // Issue 42: NODE_ENV=production AUTH_SECRET=x served, with every key derived from "x".
  it('WEAK_SECRET: a given secret under 32 characters, or of a few repeated ones, is refused in every mode', async () => {
    const dataDir = path.join(dir, 'weak');
    for (const secret of ['x', 'explicit', 'a'.repeat(31), 'x'.repeat(32), 'abab'.repeat(20)]) {
      for (const production of [true, false]) {
        assert.throws(
          () => resolveAuthSecret({ secret, production, dataDir }),
          (error: Error) => error instanceof ConfigError && /^WEAK_SECRET: AUTH_SECRET is refused/.test(error.message),
          `${secret} (production: ${production})`,
        );
      }
    }
    await assert.rejects(
      createApp({ nodeEnv: 'production', secret: 'x', dataDir, logLevel: 'silent' }),
      (error: Error) => /^WEAK_SECRET: .*it has 1 characters; at least 32 are needed/.test(error.message),
    );
    const { code, stderr, stdout } = await runMain({
      NODE_ENV: 'production',
      AUTH_SECRET: 'x',
      DATA_DIR: path.join(dir, 'weak-main'),
    });
    assert.equal(code, 1);
    assert.match(stderr.trim(), /^WEAK_SECRET: AUTH_SECRET is refused: it has 1 characters/);
    assert.doesNotMatch(stdout, /is running/);
    // What `openssl rand -base64 32` prints is taken.
    const strong = 'q3Zt8V+u0mB1yK4xR7cN2wL9pE6sA5dF/hJ0gT3kYbc=';
    assert.equal(resolveAuthSecret({ secret: strong, production: true, dataDir }), strong);
  });

  // Issue 42: NODE_ENV=Production ran as development (demo accounts seeded, cookies not Secure).
  it('NODE_ENV is production, development or test, exactly; anything else is refused', async () => {
    for (const value of ['Production', 'PRODUCTION', 'prod', 'staging', 'Development', 'TEST']) {
      assert.throws(
        () => loadEnvConfig({ NODE_ENV: value, AUTH_SECRET: TEST_SECRET, DATA_DIR: dir }),
        (error: Error) =>
          error instanceof ConfigError &&
          error.message === `NODE_ENV must be one of production, development, test, in lower case (got "${value}").`,
      );
    }
    for (const value of ['production', 'development', 'test', ' production ']) {
      assert.equal(loadEnvConfig({ NODE_ENV: value, AUTH_SECRET: TEST_SECRET, DATA_DIR: dir }).nodeEnv, value.trim());
    }
    assert.equal(loadEnvConfig({}).nodeEnv, 'development');
    const { code, stderr } = await runMain({ NODE_ENV: 'Production', AUTH_SECRET: TEST_SECRET, DATA_DIR: dir });
    assert.equal(code, 1);
    assert.match(stderr.trim(), /^NODE_ENV must be one of production, development, test/);
  });

  it('REMOTES_JSON: inline JSON and files override the defaults entry by entry', async () => {
    assert.deepEqual(loadRemotesMap(undefined), DEFAULT_REMOTES);
    assert.deepEqual(loadRemotesMap('{"admin":"https://admin.example.com/mf-manifest.json"}'), {
      ...DEFAULT_REMOTES,
      admin: 'https://admin.example.com/mf-manifest.json',
    });
    const file = path.join(dir, 'remotes.json');
    await fs.writeFile(file, JSON.stringify({ ordering: '/elsewhere/mf-manifest.json' }));
    assert.deepEqual(loadRemotesMap(file), { ...DEFAULT_REMOTES, ordering: '/elsewhere/mf-manifest.json' });
    // The override alone: the remotes it does not name follow the release registry.
    assert.deepEqual(loadRemoteOverrides(file), { ordering: '/elsewhere/mf-manifest.json' });
    assert.deepEqual(loadRemoteOverrides(undefined), {});
    assert.deepEqual(loadRemoteOverrides('  '), {});
  });

  it('REMOTES_JSON: bad values stop the start with a clear message', async () => {
    const bad = [
      '{"admin": ',
      '["https://x.example"]',
      '{"admin": 42}',
      '{"admin": "javascript:alert(1)"}',
      '{"admin": "//evil.example/x"}',
      '{"bad name!": "/x"}',
      path.join(dir, 'missing.json'),
    ];
    for (const value of bad) {
      assert.throws(
        () => loadRemotesMap(value),
        (error: Error) => error instanceof ConfigError && /^REMOTES_JSON must be a JSON object/.test(error.message),
        value,
      );
    }
    const { code, stderr } = await runMain({
      REMOTES_JSON: '{"admin": 42}',
      DATA_DIR: path.join(dir, 'bad-remotes'),
      AUTH_SECRET: TEST_SECRET,
    });
    assert.equal(code, 1);
    assert.match(stderr, /REMOTES_JSON must be a JSON object/);
  });

  it('reads the environment with defaults and clear errors', () => {
    const config = loadEnvConfig({});
    assert.equal(config.port, 8080);
    assert.equal(config.seedDemo, undefined, 'the mode decides: demo data outside production only');
    assert.equal(config.trustProxy, false, 'no proxy unless told: X-Forwarded-For is not believed');
    assert.equal(config.sessionMaxLifetimeMs, 12 * 3_600_000);
    assert.ok(config.dataDir.endsWith(`${path.sep}data`));
    assert.equal(loadEnvConfig({ SEED_DEMO: 'false' }).seedDemo, false);
    assert.equal(loadEnvConfig({ TRUST_PROXY: '1' }).trustProxy, 1);
    assert.equal(loadEnvConfig({ SESSION_MAX_HOURS: '8' }).sessionMaxLifetimeMs, 8 * 3_600_000);
    assert.throws(() => loadEnvConfig({ SESSION_MAX_HOURS: '0' }), /SESSION_MAX_HOURS must be/);
    assert.throws(
      () => loadEnvConfig({ NODE_ENV: 'production', SEED_DEMO: 'true' }),
      /SEED_DEMO=true is refused with NODE_ENV=production/,
    );
    assert.throws(() => loadEnvConfig({ PORT: 'eighty' }), /PORT must be/);
    assert.throws(() => loadEnvConfig({ SEED_DEMO: 'maybe' }), /SEED_DEMO must be true or false/);
    assert.throws(() => loadEnvConfig({ PUBLIC_URL: 'ftp://x' }), /PUBLIC_URL must be/);
  });

  // Issue 42: an instance reached past its proxy with TRUST_PROXY set believes any X-Forwarded-For;
  // HOST binds it to the private interface the proxy uses (docs/deploy.md).
  it('HOST: an address to listen on, nothing else; main.ts listens there', async () => {
    assert.equal(loadEnvConfig({}).host, undefined, 'every interface unless told');
    for (const host of ['127.0.0.1', '10.0.0.5', '::1', 'localhost', ' 127.0.0.1 ']) {
      assert.equal(loadEnvConfig({ HOST: host }).host, host.trim());
    }
    for (const host of ['pos.example.com', '10.0.0', '127.0.0.1:8080', 'http://127.0.0.1']) {
      assert.throws(() => loadEnvConfig({ HOST: host }), /^ConfigError: HOST must be an IP address/, host);
    }
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: SERVER_DIR,
      env: {
        PATH: process.env.PATH ?? '',
        LOG_LEVEL: 'silent',
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: '0',
        SEED_DEMO: 'false',
        DATA_DIR: path.join(dir, 'host'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const line = await new Promise<string>((resolve, reject) => {
        let out = '';
        const timer = setTimeout(() => reject(new Error(`no start line within 30 s: ${out}`)), 30_000);
        child.stdout.on('data', (chunk) => {
          out += chunk;
          const match = /is running at (\S+)/.exec(out);
          if (match) {
            clearTimeout(timer);
            resolve(match[1]!);
          }
        });
        child.on('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
      });
      assert.match(line, /^http:\/\/127\.0\.0\.1:\d+$/);
      const health = await fetch(`${line}/healthz`);
      assert.equal(health.status, 200);
    } finally {
      child.kill('SIGTERM');
    }
  });

  it('SMTP_URL and MAIL_FROM: checked at start, the password never in the message', async () => {
    const good = loadEnvConfig({
      SMTP_URL: 'smtps://mailer:p%40ss@mail.example.com:465',
      PUBLIC_URL: 'https://pos.example.com',
      MAIL_FROM: 'Hive POS <pos@example.com>',
    });
    assert.equal(good.smtpUrl, 'smtps://mailer:p%40ss@mail.example.com:465');
    assert.equal(good.mailFrom, 'Hive POS <pos@example.com>');
    assert.equal(loadEnvConfig({}).smtpUrl, undefined, 'no SMTP_URL: mail stays in the outbox');
    for (const bad of ['https://mailer:hunter2-secret@mail.example.com', 'smtp://', 'mail.example.com:587']) {
      assert.throws(
        () => loadEnvConfig({ SMTP_URL: bad, PUBLIC_URL: 'https://pos.example.com' }),
        (error: Error) => {
          assert.ok(error instanceof ConfigError);
          assert.match(error.message, /^SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/);
          assert.doesNotMatch(error.message, /hunter2/);
          return true;
        },
      );
    }
    // The links in the e-mails must open from a mailbox: no SMTP without the public origin.
    assert.throws(() => loadEnvConfig({ SMTP_URL: 'smtp://mail.example.com' }), /SMTP_URL needs PUBLIC_URL/);
    await assert.rejects(
      createApp({ dataDir: dir, logLevel: 'silent', smtpUrl: 'smtp://mail.example.com' }),
      /SMTP_URL needs PUBLIC_URL/,
    );
    for (const bad of ['pos', 'Hive POS <pos>', 'a@b.c, d@e.f', '<pos@example.com']) {
      assert.throws(() => loadEnvConfig({ MAIL_FROM: bad }), /MAIL_FROM must be an e-mail address/, bad);
    }
  });

  // Issue 43: e-mailed links were site-relative without PUBLIC_URL (the activation link had no host).
  it('PUBLIC_URL: required once mail can leave (SMTP_URL) and in production, named at start-up; else localhost', async () => {
    const isPublicUrlError = (error: Error) =>
      error instanceof ConfigError && /^PUBLIC_URL is required with NODE_ENV=production/.test(error.message);
    await assert.rejects(
      createApp({
        nodeEnv: 'production',
        secret: TEST_SECRET,
        dataDir: path.join(dir, 'no-public-url'),
        seedDemo: false,
        logLevel: 'silent',
      }),
      isPublicUrlError,
    );
    const production = await runMain({
      NODE_ENV: 'production',
      AUTH_SECRET: TEST_SECRET,
      DATA_DIR: path.join(dir, 'no-public-url-main'),
    });
    assert.equal(production.code, 1);
    assert.match(
      production.stderr.trim(),
      /^PUBLIC_URL is required with NODE_ENV=production \(for example PUBLIC_URL=https:\/\/pos\.example\.com\): the activation, password reset and invitation links/,
    );
    assert.doesNotMatch(production.stdout, /is running/);
    // Mail that can leave needs it in every mode: the server does not start.
    const smtp = await runMain({
      NODE_ENV: 'test',
      SEED_DEMO: 'false',
      SMTP_URL: 'smtp://mail.example.com',
      DATA_DIR: path.join(dir, 'smtp-main'),
    });
    assert.equal(smtp.code, 1);
    assert.match(
      smtp.stderr.trim(),
      /^SMTP_URL needs PUBLIC_URL \(for example PUBLIC_URL=https:\/\/pos\.example\.com\)/,
    );
    assert.doesNotMatch(smtp.stdout, /is running/);
    // Given, it is the origin of the links (a path or a trailing slash dropped); otherwise this machine.
    const resolve = (publicUrl: string | undefined, production = false, smtpUrl?: string) =>
      resolvePublicUrl({ production, smtpUrl, publicUrl, port: 8123 });
    assert.deepEqual(resolve('https://pos.example.com/'), { publicUrl: 'https://pos.example.com', isDefault: false });
    assert.deepEqual(
      resolve('https://pos.example.com', true, 'smtp://mail.example.com').publicUrl,
      'https://pos.example.com',
    );
    assert.deepEqual(resolve(undefined), { publicUrl: 'http://localhost:8123', isDefault: true });
    assert.throws(() => resolve(undefined, true), isPublicUrlError);
    assert.throws(
      () => resolve(undefined, false, 'smtp://mail.example.com'),
      /^ConfigError: SMTP_URL needs PUBLIC_URL/,
    );
    assert.throws(() => resolve('pos.example.com'), /PUBLIC_URL must be an absolute http\(s\) URL/);
  });

  it('production: Secure cookies with prefixes, no /api/dev route', async () => {
    const app = await createApp({
      nodeEnv: 'production',
      secret: TEST_SECRET,
      dataDir: path.join(dir, 'production'),
      seedDemo: false,
      logLevel: 'silent',
      publicUrl: 'https://pos.example.com',
    });
    const server = app.app.listen(0);
    try {
      await new Promise((resolve) => server.once('listening', resolve));
      const { port } = server.address() as { port: number };
      const csrf = await fetch(`http://localhost:${port}/api/auth/csrf`);
      const cookie = csrf.headers.getSetCookie()[0] ?? '';
      assert.match(cookie, /^__Host-authjs\.csrf-token=/);
      assert.match(cookie, /; Secure/);
      assert.equal((await fetch(`http://localhost:${port}/api/dev/outbox`)).status, 404);
      assert.match(
        (await fetch(`http://localhost:${port}/`)).headers.get('strict-transport-security') ?? '',
        /max-age=/,
      );
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await app.close();
    }
  });

  it('INSTANCE_NAME names the instance in X-Instance; RECURRING_JOB_SECONDS sets the job interval', async () => {
    assert.equal(loadEnvConfig({ INSTANCE_NAME: ' web-2 ' }).instanceName, 'web-2');
    assert.equal(loadEnvConfig({}).instanceName, undefined);
    for (const bad of ['web 2', 'a'.repeat(65), 'x\r\nSet-Cookie: y']) {
      assert.throws(() => loadEnvConfig({ INSTANCE_NAME: bad }), /^ConfigError: INSTANCE_NAME must be/, bad);
    }
    assert.equal(loadEnvConfig({ RECURRING_JOB_SECONDS: '2' }).recurringJobMs, 2000);
    assert.equal(loadEnvConfig({ RECURRING_JOB_SECONDS: '0' }).recurringJobMs, 0);
    assert.equal(loadEnvConfig({}).recurringJobMs, undefined);
    for (const bad of ['-1', '1.5', 'soon', '86401']) {
      assert.throws(
        () => loadEnvConfig({ RECURRING_JOB_SECONDS: bad }),
        /^ConfigError: RECURRING_JOB_SECONDS must be/,
        bad,
      );
    }
    for (const instanceName of ['web-2', undefined]) {
      const app = await createApp({
        dataDir: path.join(dir, 'instance'),
        logLevel: 'silent',
        seedDemo: false,
        instanceName,
      });
      const server = app.app.listen(0);
      try {
        await new Promise((resolve) => server.once('listening', resolve));
        const { port } = server.address() as { port: number };
        for (const route of ['/healthz', '/api/auth/csrf', '/api/nothing-here']) {
          const res = await fetch(`http://localhost:${port}${route}`);
          assert.equal(res.headers.get('x-instance'), instanceName ?? null, route);
        }
      } finally {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
        await app.close();
      }
    }
  });

  it('password rule and slugs', () => {
    assert.equal(passwordProblem('hive-demo-2026', 'a@b.c'), null);
    assert.notEqual(passwordProblem('abcdefghijk', 'a@b.c'), null);
    assert.notEqual(passwordProblem('user@shop.test', 'user@shop.test'), null);
    assert.equal(slugify('  Blue Door Bistro!! '), 'blue-door-bistro');
    assert.equal(slugify('Ünïcödé Café'), 'unicode-cafe');
    assert.equal(slugify('!!!'), 'company');
  });
});
