import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, request, type APIRequestContext } from '@playwright/test';
import type { ReleaseHealthJson, ReleaseJson } from '@hive/shared/schemas/releases';
import { REPO_ROOT } from '../../tools/cluster/cluster';

/*
 * What releases.spec.ts needs around the cluster: another origin hosting release folders of the
 * ordering remote (as a team's CDN would), the deploy-token command a team runs, the team's HTTP
 * calls, and a visitor's `GET /remotes.json`.
 */

/** A release as the team's API answers it (`GET /api/releases` adds its health). */
export type Release = ReleaseJson & { health?: ReleaseHealthJson | null };

/** The folders a release origin serves, each a copy of the ordering remote's production build. */
export const FOLDERS = ['b', 'b2', 'c'] as const;
export type Folder = (typeof FOLDERS)[number];

const HASHED_NAME = /\.[0-9a-f]{8,}\./i;
const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};

/** docs/deploy.md's headers for an uploaded release: hashed names for a year, entry points revalidated. */
const cacheControl = (file: string) =>
  HASHED_NAME.test(path.basename(file)) ? 'public, max-age=31536000, immutable' : 'no-cache';

export interface ReleaseOrigin {
  /** `http://127.0.0.1:<port>`: another origin than the cluster's (another port). */
  url: string;
  manifest(folder: Folder): string;
  close(): Promise<void>;
}

/**
 * A static origin on 127.0.0.1 serving `/b/`, `/b2/` (copies of `ordering-remote/dist`: the same
 * build, told apart by where it is loaded from) and `/c/` (a copy whose `remoteEntry.js` throws),
 * with `Access-Control-Allow-Origin: *` and the cache headers docs/deploy.md asks of a team's host.
 * Only the plain files are served (no `.br`/`.gz` negotiation: not what is tested here).
 */
export async function startReleaseOrigin(): Promise<ReleaseOrigin> {
  const dist = path.join(REPO_ROOT, 'ordering-remote', 'dist');
  const root = mkdtempSync(path.join(tmpdir(), 'hive-e2e-releases-'));
  for (const folder of FOLDERS) {
    cpSync(dist, path.join(root, folder), {
      recursive: true,
      filter: (source) => !/\.(br|gz)$/.test(source) && !source.endsWith('mf-manifest-stats.json'),
    });
  }
  writeFileSync(path.join(root, 'c', 'remoteEntry.js'), "throw new Error('release C is broken');\n");
  const server = createServer((req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    if (req.method === 'OPTIONS') {
      // Playwright's per-context X-Forwarded-For makes the shell's manifest fetch a preflighted one.
      res.writeHead(204, {
        'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS',
        'Access-Control-Allow-Headers': '*',
        'Access-Control-Max-Age': '600',
      });
      res.end();
      return;
    }
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://origin').pathname);
    const file = path.join(root, path.normalize(pathname));
    let isFile = false;
    try {
      isFile = file.startsWith(root + path.sep) && statSync(file).isFile();
    } catch {
      // not there
    }
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !isFile) {
      res.writeHead(isFile ? 405 : 404, { 'Content-Type': 'text/plain' });
      res.end(isFile ? 'method not allowed' : 'not found');
      return;
    }
    const body = readFileSync(file);
    res.writeHead(200, {
      'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream',
      'Content-Length': body.length,
      'Cache-Control': cacheControl(file),
    });
    res.end(req.method === 'HEAD' ? undefined : body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    manifest: (folder) => `${url}/${folder}/mf-manifest.json`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/**
 * A deploy token for `remote`, made as a team makes one: `npm run deploy-token -w server -- ...`
 * against the run's database (the command's environment is the server's), its last line the token.
 */
export async function createDeployToken(databaseUrl: string, remote: string, label: string): Promise<string> {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'test', DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' };
  delete env.DATABASE_SCHEMA;
  const { stdout } = await promisify(execFile)(
    'npm',
    ['run', '-s', 'deploy-token', '-w', 'server', '--', '--remote', remote, '--label', label],
    { cwd: REPO_ROOT, env, timeout: 120_000 },
  );
  const lines = stdout.trim().split('\n');
  return lines[lines.length - 1]!.trim();
}

/** A team's CI: the deploy-token API through the proxy, `Authorization: Bearer`, no cookie, no Origin. */
export class TeamApi {
  private constructor(
    private readonly http: APIRequestContext,
    private readonly base: string,
  ) {}

  static async create(base: string, token: string): Promise<TeamApi> {
    return new TeamApi(await request.newContext({ extraHTTPHeaders: { Authorization: `Bearer ${token}` } }), base);
  }

  private async send(method: 'GET' | 'POST', url: string, data?: unknown, status = 200): Promise<unknown> {
    const res = await this.http.fetch(`${this.base}${url}`, { method, data, maxRedirects: 0 });
    expect(res.status(), `${method} ${url}: ${await res.text()}`).toBe(status);
    return res.json();
  }

  register(version: string, manifestUrl: string, notes?: string): Promise<Release> {
    return this.send(
      'POST',
      '/api/releases',
      { remote: 'ordering', version, manifestUrl, notes },
      201,
    ) as Promise<Release>;
  }

  canary(id: number, percent: number): Promise<Release> {
    return this.send('POST', `/api/releases/${id}/canary`, { percent }) as Promise<Release>;
  }

  promote(id: number): Promise<Release> {
    return this.send('POST', `/api/releases/${id}/promote`, {}) as Promise<Release>;
  }

  rollback(id: number): Promise<Release> {
    return this.send('POST', `/api/releases/${id}/rollback`, {}) as Promise<Release>;
  }

  async list(): Promise<Release[]> {
    return ((await this.send('GET', '/api/releases?remote=ordering')) as { releases: Release[] }).releases;
  }

  dispose = () => this.http.dispose();
}

/** One `GET /remotes.json` answer for a visitor. */
export interface MapAnswer {
  ordering: string;
  release: { id: number; version: string } | null;
  /** The `hive_visitor` value the answer set, if it set one. */
  visitor: string | null;
  setCookie: string | null;
  headers: Headers;
}

/** `GET <base>/remotes.json` as a plain HTTP client: with the visitor's cookie, or none (a new visitor). */
export async function remotesJson(base: string, visitor?: string | null): Promise<MapAnswer> {
  const res = await fetch(`${base}/remotes.json`, {
    headers: visitor ? { Cookie: `hive_visitor=${visitor}` } : {},
    redirect: 'manual',
  });
  expect(res.status, `${base}/remotes.json`).toBe(200);
  const body = (await res.json()) as { ordering: string; _releases?: Record<string, { id: number; version: string }> };
  const setCookie = res.headers.getSetCookie().find((c) => c.startsWith('hive_visitor=')) ?? null;
  return {
    ordering: body.ordering,
    release: body._releases?.ordering ?? null,
    visitor: setCookie ? setCookie.slice('hive_visitor='.length).split(';')[0]! : null,
    setCookie,
    headers: res.headers,
  };
}

/**
 * Polls `check` every 50 ms until it holds; fails after `withinMs` (the "every instance
 * within 1 s"). Resolves with how long it took.
 */
export async function within(withinMs: number, what: string, check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await check()) return Date.now() - started;
    if (Date.now() - started > withinMs) throw new Error(`${what}: not within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Runs `task` over `items`, `width` at a time, keeping the order of the results. */
export async function inParallel<T, R>(
  items: readonly T[],
  width: number,
  task: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const k = next++;
      results[k] = await task(items[k]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker));
  return results;
}
