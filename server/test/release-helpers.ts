import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createDeployToken } from '../src/modules/releases';
import type { Json, TestServer } from './helpers';

/*
 * The release registry's test plumbing: a 127.0.0.1 server hosting manifests (what a team's CDN
 * would be), deploy tokens made as the CLI makes them, and Bearer calls with no cookies.
 */

/** A Module Federation manifest of `name` as tools/webpack writes it (`metaData.hiveContract`). */
export function mfManifest(name: string, range: string | null = '^1.0.0', where: 'top' | 'metaData' = 'metaData') {
  const contract = range === null ? undefined : { range, shared: {} };
  return {
    id: name,
    name,
    metaData: {
      name,
      remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' },
      ...(where === 'metaData' && contract ? { hiveContract: contract } : {}),
    },
    ...(where === 'top' && contract ? { hiveContract: contract } : {}),
    shared: [],
    remotes: [],
    exposes: [{ id: `${name}:./App`, name: './App', path: './App', assets: {} }],
  };
}

export interface ManifestHost {
  url: string;
  /** Serve `body` (JSON unless a string) at `path`. */
  set(path: string, body: unknown, options?: { status?: number; chunked?: boolean; redirect?: string }): void;
  close(): Promise<void>;
}

export async function startManifestHost(): Promise<ManifestHost> {
  const routes = new Map<string, { body: string; status: number; chunked: boolean; redirect?: string }>();
  const server = http.createServer((req, res) => {
    const route = routes.get(req.url ?? '');
    if (!route) {
      res.writeHead(404).end('not found');
      return;
    }
    if (route.redirect) {
      res.writeHead(302, { location: route.redirect }).end();
      return;
    }
    if (route.chunked) {
      // No Content-Length: the size is only known by reading.
      res.writeHead(route.status, { 'content-type': 'application/json' });
      for (let i = 0; i < route.body.length; i += 16_384) res.write(route.body.slice(i, i + 16_384));
      res.end();
      return;
    }
    res.writeHead(route.status, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(route.body),
    });
    res.end(route.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    set(path, body, options = {}) {
      routes.set(path, {
        body: typeof body === 'string' ? body : JSON.stringify(body),
        status: options.status ?? 200,
        chunked: options.chunked ?? false,
        redirect: options.redirect,
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export async function newToken(server: TestServer, remote: string, label = `${remote} CI`): Promise<string> {
  const { token } = await createDeployToken(server.running.database.db, {
    remote,
    label,
    contactEmail: null,
    createdByUserId: null,
    actorEmail: 'test',
    now: server.clock.now(),
  });
  return token;
}

export interface TokenResult {
  status: number;
  body: Json;
  headers: Headers;
}

/** One call of the deploy-token API: Bearer, JSON, no cookies. */
export async function tokenCall(
  server: TestServer,
  token: string | null,
  method: string,
  path: string,
  json?: unknown,
): Promise<TokenResult> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token !== null) headers.authorization = `Bearer ${token}`;
  if (json !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(new URL(path, server.url), {
    method,
    headers,
    ...(json === undefined ? {} : { body: JSON.stringify(json) }),
  });
  const text = await response.text();
  let body: Json = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = text;
  }
  return { status: response.status, body, headers: response.headers };
}

/** The releases table's rows of a remote (what was stored). */
export async function storedReleases(server: TestServer, remote: string) {
  return server.running.database.db
    .selectFrom('releases')
    .selectAll()
    .where('remote', '=', remote)
    .orderBy('id')
    .execute();
}
