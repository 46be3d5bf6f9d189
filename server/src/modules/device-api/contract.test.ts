import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { after, before, describe, it } from 'node:test';
import { DEVICE_API_BASE } from '@hive/shared/schemas/device';
import { luhnDigit } from '@hive/shared/schemas/backoffice/rewards';
import { listRoutes } from '../../platform/http';
import { OPERATION_ERRORS, openApiDocument, type OperationId } from './';
import { declaredCodes, findOperation } from '../../../test/device-contract';
import { Client, nextAddress, oneDatabase, startTestServer, type Json, type TestServer } from '../../../test/helpers';

/*
 * The device API answers what its OpenAPI document says, and the document says what it answers:
 * the routes of the server's router are the document's operations (both ways), and every error
 * code the table of openapi/errors.ts gives an operation is provoked here on that route (the
 * generic ones on every route: no or a bad token, a suspended company, another site's Origin, a
 * body that is no JSON, no body, too large, not UTF-8, compressed in an unknown way, an unknown or
 * malformed id, limits), and is declared for it. A code the server answers that the table lacks,
 * or one the table lists that no request provokes, turns this red. (Every answer is also checked
 * against the document's schemas by startTestServer: test/device-contract.ts.)
 */

const doc = openApiDocument();
/** Codes no request of a test can provoke: a fault of the server, and a client gone mid-body. */
const NOT_PROVOKED = new Set(['internal_error', 'request_aborted']);
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

interface Answer {
  status: number;
  body: Json;
  headers: Headers;
}

interface Call {
  token?: string;
  headers?: Record<string, string>;
  json?: unknown;
  body?: string;
  address?: string;
}

/** `method path` (the document's template) for a concrete path. */
const operationKey = (method: string, path: string) => findOperation(doc, method, path)?.key;
const operationIds = new Map(
  Object.entries(doc.paths as Record<string, Record<string, Json>>).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => [`${method.toUpperCase()} ${path}`, op.operationId as OperationId]),
  ),
);

/** A request with a body whatever its method, as fetch would answer it. */
function withBody(url: string, method: string, headers: Record<string, string>, body: string): Promise<Response> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, {
      method,
      headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const out = new Headers();
        for (const [name, value] of Object.entries(res.headers)) if (typeof value === 'string') out.set(name, value);
        resolve(
          new Response(res.statusCode === 304 ? null : Buffer.concat(chunks), { status: res.statusCode, headers: out }),
        );
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** A gift card number that passes the check digit and is nobody's card. */
function unknownCard(seed: number): string {
  const body = `99${String(seed).padStart(13, '0')}`;
  return `${body}${luhnDigit(body)}`;
}

for (const target of oneDatabase()) {
  describe('device API contract: every route, every error code', () => {
    let server: TestServer;
    /** Tight limits (two calls a terminal, one pairing an address, one gift card miss): the 429s. */
    let limited: TestServer;
    let owner: Client;
    /** Every answer seen, by operation: `status code` (code `-` for none). */
    const seen = new Map<string, Set<string>>();

    async function call(on: TestServer, method: string, path: string, init: Call = {}): Promise<Answer> {
      const headers: Record<string, string> = { 'x-forwarded-for': init.address ?? nextAddress(), ...init.headers };
      if (init.token) headers.authorization = `Bearer ${init.token}`;
      let body = init.body;
      if (init.json !== undefined) {
        headers['content-type'] ??= 'application/json';
        body = JSON.stringify(init.json);
      }
      const url = `${on.url}${DEVICE_API_BASE}${path}`;
      // fetch sends no body with a GET: node:http does.
      const response =
        method === 'GET' && body !== undefined
          ? await withBody(url, method, headers, body)
          : await fetch(url, { method, headers, body });
      const text = await response.text();
      let parsed: Json = null;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch {
        parsed = text;
      }
      const key = operationKey(method, path) ?? `${method} ${path} (no operation)`;
      const code = typeof parsed?.error === 'string' ? parsed.error : '-';
      seen.set(key, new Set([...(seen.get(key) ?? []), `${response.status} ${code}`]));
      return { status: response.status, body: parsed, headers: response.headers };
    }

    /** A new terminal of `client`'s company at its first location, with its pairing code. */
    async function newTerminal(client: Client): Promise<{ terminalId: number; code: string }> {
      const options = (await (await client.request('/api/backoffice/terminals/options')).json()) as Json;
      const created = await client.post('/api/backoffice/terminals', {
        name: `Contract ${randomUUID().slice(0, 8)}`,
        locationId: options.locations[0].id,
      });
      assert.ok(created.body?.pairingCode, JSON.stringify(created.body));
      return { terminalId: created.body.terminal.id, code: created.body.pairingCode };
    }

    /** A new terminal of `client`'s company, paired: its token. */
    async function pairNew(on: TestServer, client: Client): Promise<{ token: string; terminalId: number }> {
      const { terminalId, code } = await newTerminal(client);
      const paired = await call(on, 'POST', '/pair', { json: { code } });
      assert.equal(paired.status, 200, JSON.stringify(paired.body));
      return { token: paired.body.token, terminalId };
    }

    /** A route's path with its parameters filled in: an unknown id unless given. */
    const fill = (template: string, id?: string) =>
      template
        .replace('{id}', id ?? (template.startsWith('/receipts') ? randomUUID() : '999999'))
        .replace('{number}', id ?? unknownCard(1));

    before(async () => {
      server = await startTestServer(target);
      limited = await startTestServer(target, {
        deviceRateLimits: {
          pair: { limit: 1, windowMs: 600_000 },
          requests: { limit: 2, windowMs: 600_000 },
          giftCardMisses: { limit: 1, windowMs: 600_000 },
        },
      });
      owner = new Client(server.url);
      await owner.signIn('owner@cornermarket.test');
    });
    after(async () => {
      await server?.close();
      await limited?.close();
    });

    it('the document has exactly the routes the server answers under /api/device/v1', () => {
      const routes = listRoutes(server.running.app)
        .filter((r) => r.path.startsWith(`${DEVICE_API_BASE}/`))
        .map((r) => `${r.method} ${r.path.slice(DEVICE_API_BASE.length).replace(/:(\w+)/g, '{$1}')}`)
        .sort();
      assert.deepEqual(routes, [...operationIds.keys()].sort());
      assert.deepEqual(Object.keys(OPERATION_ERRORS).sort(), [...operationIds.values()].sort());
    });

    it('answers the failures every route can meet, and its own', async () => {
      const db = server.running.database.db;
      const { token, terminalId } = await pairNew(server, owner);
      // A register of another company and a pairing code of it; the company is suspended below.
      const bistro = new Client(server.url);
      await bistro.signIn('owner@bluedoor.test');
      const suspended = await pairNew(server, bistro);
      const pending = await newTerminal(bistro);
      const expiring = await newTerminal(owner);
      const bistroId = (
        await db.selectFrom('companies').select('id').where('slug', '=', 'blue-door-bistro').executeTakeFirstOrThrow()
      ).id;

      const json = { 'content-type': 'application/json' };
      for (const route of operationIds.keys()) {
        const [method, template] = route.split(' ') as [string, string];
        const path = fill(template);
        const op = findOperation(doc, method, path)!.op;
        const open = Array.isArray(op.security) && op.security.length === 0;
        const write = WRITES.has(method);
        const body = write ? { json: {} } : {};
        const auth = open ? {} : { token };
        if (!open) {
          await call(server, method, path, body);
          await call(server, method, path, { ...body, token: 'hdt_not-a-token' });
          await call(server, method, path, { ...body, headers: { authorization: 'Basic abc' } });
        }
        await call(server, method, path, { ...auth, ...body, headers: { accept: 'text/html' } });
        await call(server, method, path, { ...auth, ...body, headers: { 'x-hive-app-version': '9.9.9' } });
        if (write) {
          await call(server, method, path, { ...auth, json: {}, headers: { origin: 'http://evil.example' } });
          await call(server, method, path, { ...auth, body: '{}', headers: { 'content-type': 'text/plain' } });
          await call(server, method, path, { ...auth });
          await call(server, method, path, {
            ...auth,
            body: 'code=x',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
          });
          await call(server, method, path, {
            ...auth,
            body: '{}',
            headers: { 'content-type': 'application/json; charset=latin1' },
          });
          await call(server, method, path, {
            ...auth,
            body: '{}',
            headers: { ...json, 'content-encoding': 'compress' },
          });
          await call(server, method, path, { ...auth, body: '{"events": [', headers: json });
          await call(server, method, path, { ...auth, body: '"a string"', headers: json });
          await call(server, method, path, { ...auth, json: { events: 'no', code: 5, entries: 1, status: 'lost' } });
          await call(server, method, path, { ...auth, body: `{"x": "${'a'.repeat(5 * 1024 * 1024)}"}`, headers: json });
        } else {
          // A GET's body is read by nothing: no 400, 413 or 415 there.
          await call(server, method, path, {
            ...auth,
            body: '{"not json',
            headers: { 'content-type': 'application/json; charset=latin1' },
          });
        }
        if (template.includes('{')) {
          for (const id of ['0', 'abc', '%E0%A4%A', '99999999999999']) {
            await call(server, method, fill(template, id), {
              ...auth,
              ...(write ? { json: { status: 'printed' } } : {}),
            });
          }
        }
      }

      // Pairing: a code of nobody, a malformed one, an expired one, one of a suspended company.
      await call(server, 'POST', '/pair', { json: { code: 'ABCD-EFGH' } });
      await call(server, 'POST', '/pair', { json: { code: 'too short' } });
      server.clock.advance(11 * 60_000);
      try {
        await call(server, 'POST', '/pair', { json: { code: expiring.code } });
      } finally {
        server.clock.advance(-11 * 60_000);
      }
      await db.updateTable('companies').set({ status: 'suspended' }).where('id', '=', bistroId).execute();
      try {
        await call(server, 'POST', '/pair', { json: { code: pending.code } });
        for (const route of operationIds.keys()) {
          const [method, template] = route.split(' ') as [string, string];
          await call(server, method, fill(template), {
            token: suspended.token,
            ...(WRITES.has(method) ? { json: {} } : {}),
          });
        }
      } finally {
        await db.updateTable('companies').set({ status: 'active' }).where('id', '=', bistroId).execute();
      }

      // Config and this document unchanged since: 304.
      const config = await call(server, 'GET', '/config', { token });
      await call(server, 'GET', '/config', { token, headers: { 'if-none-match': config.headers.get('etag')! } });
      const served = await call(server, 'GET', '/openapi.json');
      // (fetch adds `Cache-Control: no-cache` to a request with If-None-Match unless it has one.)
      await call(server, 'GET', '/openapi.json', {
        headers: { 'if-none-match': served.headers.get('etag')!, 'cache-control': 'max-age=0' },
      });

      // A batch whose every event is rejected.
      const rejected = await call(server, 'POST', '/events', {
        token,
        json: { events: [{ id: randomUUID(), type: 'receipt' }] },
      });
      assert.equal(rejected.status, 422);

      // A print job of this register's printer, acknowledged one way, then the other.
      const options = (await (await owner.request('/api/backoffice/terminals/options')).json()) as Json;
      const printer = await owner.post('/api/backoffice/printers', {
        name: `Contract ${randomUUID().slice(0, 8)}`,
        kind: 'receipt',
        locationId: options.locations[0].id,
        terminalId,
        address: '',
        categoryIds: [],
        active: true,
      });
      assert.equal(printer.response.status, 201, JSON.stringify(printer.body));
      await owner.post(`/api/backoffice/printers/${printer.body.id}/test`, {});
      const jobs = await call(server, 'GET', '/print-jobs', { token });
      const job = jobs.body.jobs[0].id;
      assert.equal(
        (await call(server, 'POST', `/print-jobs/${job}/ack`, { token, json: { status: 'printed' } })).status,
        200,
      );
      assert.equal(
        (await call(server, 'POST', `/print-jobs/${job}/ack`, { token, json: { status: 'failed' } })).status,
        409,
      );
    });

    it('answers the limits (429 with Retry-After) on every route', async () => {
      const client = new Client(limited.url);
      await client.signIn('owner@cornermarket.test');
      for (const route of operationIds.keys()) {
        const [method, template] = route.split(' ') as [string, string];
        const op = findOperation(doc, method, fill(template))!.op;
        if (Array.isArray(op.security) && op.security.length === 0) continue;
        // Two calls a terminal: the third is refused.
        const { token } = await pairNew(limited, client);
        const body = WRITES.has(method) ? { json: {} } : {};
        for (let i = 0; i < 2; i += 1) await call(limited, method, fill(template), { token, ...body });
        const refused = await call(limited, method, fill(template), { token, ...body });
        assert.equal(refused.status, 429, `${route}: ${JSON.stringify(refused.body)}`);
        assert.ok(Number(refused.headers.get('retry-after')) >= 1);
      }
      // One pairing attempt an address.
      const address = nextAddress();
      await call(limited, 'POST', '/pair', { json: { code: 'ABCD-EFGH' }, address });
      assert.equal((await call(limited, 'POST', '/pair', { json: { code: 'ABCD-EFGH' }, address })).status, 429);
      // One gift card number that is no card per terminal: by lookups, and by a batch's payments.
      const lookups = await pairNew(limited, client);
      assert.equal((await call(limited, 'GET', `/gift-cards/${unknownCard(2)}`, { token: lookups.token })).status, 404);
      const misses = await call(limited, 'GET', `/gift-cards/${unknownCard(3)}`, { token: lookups.token });
      assert.equal(misses.body.error, 'gift_card_misses');
      const batch = await pairNew(limited, client);
      const paid = await call(limited, 'POST', '/events', {
        token: batch.token,
        json: {
          events: [
            {
              id: randomUUID(),
              type: 'receipt',
              payments: [
                { paymentTypeId: 1, amountCents: 100, giftCardNumber: unknownCard(4) },
                { paymentTypeId: 1, amountCents: 100, giftCardNumber: unknownCard(5) },
              ],
            },
          ],
        },
      });
      assert.equal(paid.body.error, 'gift_card_misses');
    });

    it('every answer is declared for its operation, and every code of the table was answered', () => {
      const problems: string[] = [];
      for (const [key, id] of operationIds) {
        const [method, template] = key.split(' ') as [string, string];
        const op = findOperation(doc, method, fill(template))!.op;
        const answers = [...(seen.get(key) ?? [])].map((a) => a.split(' ') as [string, string]);
        for (const [status, code] of answers) {
          if (!(status in (op.responses as Json))) problems.push(`${key}: ${status} is not declared`);
          else if (code !== '-' && !declaredCodes(doc, op, Number(status)).includes(code)) {
            problems.push(`${key}: ${status} ${code} is not declared`);
          }
        }
        const answered = new Set(answers.map(([, code]) => code));
        const table = Object.keys(OPERATION_ERRORS[id]);
        for (const code of table) {
          if (!NOT_PROVOKED.has(code) && !answered.has(code)) problems.push(`${key}: nothing provoked ${code}`);
        }
        // The document renders the table: the same codes, nothing else.
        const documented = Object.keys(op.responses as Json).flatMap((status) =>
          declaredCodes(doc, op, Number(status)),
        );
        assert.deepEqual(documented.sort(), [...table].sort(), key);
      }
      assert.ok(seen.size >= operationIds.size, 'every operation was called');
      assert.deepEqual(problems, []);
    });
  });
}
