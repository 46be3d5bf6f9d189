import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { openApiDocument } from './';
import { ONCE, oneDatabase, startTestServer, type TestServer } from '../../../test/helpers';

/*
 * The device API's OpenAPI document is usable by a register developer: Redocly's recommended rules
 * find nothing (no error, no warning), and every response is declared exactly. That the register
 * SDK's types are this document's, and the example register type-checks against them, is
 * sdk-types.test.ts; that every answer of the server suite matches it, test/device-contract.ts.
 */

type Json = Record<string, unknown>;

describe('the device API OpenAPI document', ONCE, () => {
  it('passes Redocly lint (recommended) with no error and no warning', async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({
      source: JSON.stringify(openApiDocument()),
      absoluteRef: 'openapi.json',
      config,
    });
    const listed = problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} (${p.location[0]?.pointer ?? ''})`);
    assert.deepEqual(listed, []);
  });

  it('every operation has an operationId, the document a licence', () => {
    const doc = openApiDocument() as { info: Json; paths: Record<string, Record<string, Json>> };
    assert.ok((doc.info.license as Json | undefined)?.name);
    const ids = Object.values(doc.paths).flatMap((item) => Object.values(item).map((op) => op.operationId));
    assert.equal(ids.length, 10);
    assert.ok(ids.every((id) => typeof id === 'string' && id.length > 0));
    assert.equal(new Set(ids).size, ids.length);
  });

  it('declares each response exactly: its codes, what it always carries, its headers, typed ids', () => {
    const doc = openApiDocument() as { paths: Record<string, Record<string, Json>>; components: Json };
    const resolve = (value: Json): Json => {
      const target = value.$ref;
      if (typeof target !== 'string') return value;
      return resolve(
        target
          .split('/')
          .slice(1)
          .reduce((node: Json, key) => node[key] as Json, doc as Json),
      );
    };
    let checked = 0;
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        const where = `${method.toUpperCase()} ${path}`;
        const token = !(Array.isArray(op.security) && op.security.length === 0);
        const headers = ((op.parameters as Json[] | undefined) ?? []).map(resolve).map((p) => p.name);
        assert.equal(headers.includes('X-Hive-App-Version'), token, `${where}: X-Hive-App-Version`);
        for (const [status, value] of Object.entries(op.responses as Record<string, Json>)) {
          if (Number(status) < 400) continue;
          const response = resolve(value);
          const schema = ((response.content as Json)['application/json'] as Json).schema as Json;
          const narrowing = (schema.allOf as Json[] | undefined)?.[1];
          if (status === '422') {
            assert.deepEqual(schema, { $ref: '#/components/schemas/EventBatchRejected' }, where);
            continue;
          }
          assert.ok(narrowing, `${where} ${status}: Error narrowed to its codes`);
          const codes = ((narrowing.properties as Json).error as Json).enum as string[];
          assert.ok(codes.length > 0, `${where} ${status}: an enum of codes`);
          assert.ok(
            codes.every((code) => (response.description as string).includes(`\`${code}\``)),
            `${where} ${status}`,
          );
          const required = narrowing.required as string[];
          if (status === '400') assert.ok(required.includes('fields'), `${where}: every 400 carries fields`);
          if (status === '429') {
            assert.ok(required.includes('retryAfter'), `${where}: every 429 carries retryAfter`);
            assert.ok((response.headers as Json | undefined)?.['Retry-After'], `${where}: Retry-After`);
          }
          if (status === '401') assert.ok((response.headers as Json | undefined)?.['WWW-Authenticate'], where);
          checked += 1;
        }
      }
    }
    assert.ok(checked >= 40, `checked ${checked} error responses`);
    // The Error shape allows what the server sends beyond error and message.
    const error = resolve({ $ref: '#/components/schemas/Error' });
    assert.deepEqual(Object.keys(error.properties as Json).sort(), [
      'error',
      'fields',
      'limitBytes',
      'message',
      'retryAfter',
      'status',
    ]);
    // Ids: integers where the server takes integers, a UUID or a receipt number, a card number.
    const param = (path: string, method: string) =>
      ((doc.paths[path]![method]!.parameters as Json[]).map(resolve).find((p) => p.in === 'path') as Json).schema;
    assert.deepEqual(param('/print-jobs/{id}/ack', 'post'), { type: 'integer', minimum: 1, maximum: 2_147_483_647 });
    assert.deepEqual(param('/banners/{id}/image', 'get'), { type: 'integer', minimum: 1, maximum: 2_147_483_647 });
    assert.deepEqual(
      ((param('/receipts/{id}', 'get') as Json).oneOf as Json[]).map((s) => s.format ?? s.type),
      ['uuid', 'integer'],
    );
    assert.equal((param('/gift-cards/{number}', 'get') as Json).type, 'string');
    const config = doc.paths['/config']!.get!.responses as Record<string, Json>;
    assert.ok((config['200']!.headers as Json).ETag);
    assert.ok((config['304']!.headers as Json).ETag);
  });

});

for (const target of oneDatabase()) {
  describe('GET /api/device/v1/openapi.json', () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer(target);
    });
    after(async () => {
      await server?.close();
    });

    it('serves the document, and answers 406 to a client that does not accept JSON', async () => {
      const served = await fetch(`${server.url}/api/device/v1/openapi.json`);
      assert.equal(served.status, 200);
      assert.deepEqual(await served.json(), openApiDocument());
      const refused = await fetch(`${server.url}/api/device/v1/openapi.json`, { headers: { Accept: 'text/html' } });
      assert.equal(refused.status, 406);
      assert.equal(((await refused.json()) as Json).error, 'not_acceptable');
    });
  });
}
