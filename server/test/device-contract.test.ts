import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { openApiDocument } from '../src/modules/device-api';
import { checkExchange, DeviceContract, declaredCodes, findOperation, type DeviceExchange } from './device-contract';
import { ONCE, oneDatabase, startTestServer, type TestServer } from './helpers';

/*
 * The device API contract check itself (device-contract.ts): it accepts what the document allows
 * and names everything else (a field, a status, a header, a code, a route it does not have), it
 * watches every test server by default, and what it finds fails the test file.
 */

type Json = Record<string, unknown>;
const doc = openApiDocument();

const exchange = (over: Partial<DeviceExchange> & { json?: unknown }): DeviceExchange => {
  const { json, ...rest } = over;
  return {
    method: 'POST',
    path: '/logs',
    status: 202,
    headers: { 'content-type': 'application/json; charset=utf-8' },
    body: Buffer.from(JSON.stringify(json ?? { accepted: 1 })),
    ...rest,
  };
};

describe('the device API contract check', ONCE, () => {
  it('accepts answers the document allows', () => {
    assert.deepEqual(checkExchange(doc, exchange({})), []);
    const tooMany = { error: 'too_many_requests', message: 'Too many calls.', retryAfter: 30 };
    const headers = { 'content-type': 'application/json', 'retry-after': '30' };
    assert.deepEqual(checkExchange(doc, exchange({ status: 429, headers, json: tooMany })), []);
    const tooLarge = { error: 'payload_too_large', message: 'body: too large', limitBytes: 5_242_880 };
    assert.deepEqual(checkExchange(doc, exchange({ path: '/events', status: 413, json: tooLarge })), []);
    const conflict = { error: 'print_job_state', message: 'This job is already printed.', status: 'printed' };
    assert.deepEqual(checkExchange(doc, exchange({ path: '/print-jobs/7/ack', status: 409, json: conflict })), []);
    const notModified = {
      method: 'GET',
      path: '/config',
      status: 304,
      headers: { etag: 'W/"1"' },
      body: Buffer.alloc(0),
    };
    assert.deepEqual(checkExchange(doc, notModified), []);
    const image = {
      method: 'GET',
      path: '/banners/3/image',
      status: 200,
      headers: { 'content-type': 'image/png', etag: '"abc"', 'cache-control': 'private, no-cache' },
      body: Buffer.from([0x89, 0x50]),
    };
    assert.deepEqual(checkExchange(doc, image), []);
    // A route the document does not have may refuse, with a code the document knows.
    const unrouted = {
      method: 'GET',
      path: '/nothing',
      status: 404,
      json: { error: 'not_found', message: 'No route.' },
    };
    assert.deepEqual(checkExchange(doc, exchange(unrouted)), []);
  });

  it('names a field, a status, a header, a code or a route the document does not allow', () => {
    const problems = (over: Parameters<typeof exchange>[0]) => checkExchange(doc, exchange(over)).join('\n');
    assert.match(problems({ json: { accepted: 1, extra: true } }), /does not match the response's schema.*extra/);
    assert.match(problems({ json: { accepted: 'one' } }), /\/accepted must be integer/);
    assert.match(problems({ status: 201 }), /201 is not a response of POST \/logs/);
    // Every 400 carries fields; every 429 retryAfter and Retry-After.
    assert.match(problems({ status: 400, json: { error: 'invalid_body', message: 'body: no' } }), /fields/);
    const tooMany = { error: 'too_many_requests', message: 'Too many calls.', retryAfter: 30 };
    assert.match(problems({ status: 429, json: tooMany }), /the header Retry-After is missing/);
    assert.match(
      problems({
        status: 429,
        headers: { 'content-type': 'application/json' },
        json: { ...tooMany, retryAfter: undefined },
      }),
      /retryAfter/,
    );
    // The Error shape is closed: an undeclared property of an error is found too.
    assert.match(problems({ status: 401, json: { error: 'unauthorized', message: 'No token.', hint: 'x' } }), /hint/);
    // A code this response does not declare (gift_card_misses is a 429 of other operations).
    const misses = { error: 'gift_card_misses', message: 'Too many misses.', retryAfter: 30 };
    assert.match(
      problems({ status: 429, headers: { 'content-type': 'application/json', 'retry-after': '30' }, json: misses }),
      /error "gift_card_misses" is not in the 429's codes/,
    );
    assert.match(problems({ method: 'GET', path: '/config', status: 304, headers: {} }), /ETag is missing/);
    assert.match(problems({ method: 'GET', path: '/config', status: 304, headers: { etag: 'W/"1"' } }), /has a body/);
    assert.match(problems({ headers: { 'content-type': 'text/html' } }), /Content-Type text\/html is not one of/);
    assert.match(
      problems({ method: 'GET', path: '/nothing', status: 200 }),
      /answers 200 on a route the document does not have/,
    );
    assert.match(
      problems({ method: 'GET', path: '/nothing', status: 404, json: { error: 'gone', message: 'x' } }),
      /"gone" is not a code of the document/,
    );
  });

  it('finds operations by their templates, and the codes of each response', () => {
    assert.equal(findOperation(doc, 'GET', '/receipts/12')?.key, 'GET /receipts/{id}');
    assert.equal(findOperation(doc, 'HEAD', '/config')?.key, 'GET /config');
    assert.equal(findOperation(doc, 'DELETE', '/config'), undefined);
    const ack = findOperation(doc, 'POST', '/print-jobs/1/ack')!.op;
    assert.deepEqual(declaredCodes(doc, ack, 409), ['print_job_state']);
    assert.deepEqual(declaredCodes(doc, findOperation(doc, 'POST', '/events')!.op, 422), ['events_rejected']);
  });
});

describe('an answer still being written when its client has the status', ONCE, () => {
  it('is checked once written, before the server closes (settled)', async () => {
    // The body goes out 300 ms after the headers: a test may be done, and its server closing, by then.
    const server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"unexpected":');
      setTimeout(() => res.end('true}'), 300);
    });
    const contract = new DeviceContract().watch(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const answer = await fetch(`http://127.0.0.1:${port}/api/device/v1/openapi.json`);
      assert.equal(answer.status, 200);
      assert.equal(contract.total, 0, 'not yet written');
      await contract.settled();
      assert.equal(contract.total, 1);
      assert.throws(() => contract.assertConforms(), /GET \/openapi\.json -> 200/);
      await answer.arrayBuffer();
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

for (const target of oneDatabase()) {
  describe('every test server checks its device API answers', () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer(target);
    });
    after(async () => {
      await server?.close();
    });

    it('by default, against the served document, and reports what it does not allow', async () => {
      const before = server.deviceContract.total;
      assert.equal((await fetch(`${server.url}/api/device/v1/config`)).status, 401);
      await server.deviceContract.settled();
      assert.equal(server.deviceContract.total, before + 1);
      server.deviceContract.assertConforms();

      // A document in which GET /config does not answer `unauthorized`: the same answer is refused.
      const narrowed = structuredClone(doc) as { paths: Record<string, Record<string, Json>> };
      const responses = narrowed.paths['/config']!.get!.responses as Json;
      delete responses['401'];
      server.deviceContract.document = narrowed;
      try {
        await fetch(`${server.url}/api/device/v1/config`);
        await server.deviceContract.settled();
        assert.throws(
          () => server.deviceContract.assertConforms(),
          /GET \/config -> 401: 401 is not a response of GET \/config/,
        );
      } finally {
        server.deviceContract.document = doc;
      }
    });
  });

  describe('a test file whose server answers what the document does not allow', () => {
    it('fails, naming the answer, though its tests pass', () => {
      const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
      // Not as a child of this run's runner (NODE_TEST_CONTEXT): a run of its own.
      const { NODE_TEST_CONTEXT: _child, ...env } = process.env;
      const run = spawnSync(
        process.execPath,
        ['--import', 'tsx', '--test', path.join(serverDir, 'test/fixtures/device-contract-violation.ts')],
        { cwd: serverDir, env: { ...env, TEST_DB: 'sqlite' }, encoding: 'utf8', timeout: 120_000 },
      );
      const output = `${run.stdout}\n${run.stderr}`;
      assert.notEqual(run.status, 0, output);
      assert.match(output, /# pass 1/);
      assert.match(output, /GET \/openapi\.json -> 200: the body does not match the response's schema/);
    });
  });
}
