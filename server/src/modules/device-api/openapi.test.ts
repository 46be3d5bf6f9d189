import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { openApiDocument } from './';
import { ONCE, oneDatabase, startTestServer, type TestServer } from '../../../test/helpers';

/*
 * The device API's OpenAPI document is usable by a register developer: Redocly's recommended rules
 * find nothing (no error, no warning), and openapi-typescript turns it into types that the sample
 * client of docs/examples/register-client.ts type-checks against under `strict`. A field renamed in
 * the document turns the check red, so the sample and the document cannot drift apart unnoticed.
 */

const SAMPLE = fileURLToPath(new URL('../../../../docs/examples/register-client.ts', import.meta.url));

type Json = Record<string, unknown>;
const clone = (): Json => structuredClone(openApiDocument());

/** Generates `device-api.ts` from `doc` beside a copy of the sample client; the compiler's errors. */
async function typecheckSample(doc: Json): Promise<string[]> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'hive-openapi-'));
  try {
    const ast = await openapiTS(doc as never);
    await fs.writeFile(path.join(dir, 'device-api.ts'), astToString(ast));
    const client = path.join(dir, 'register-client.ts');
    await fs.copyFile(SAMPLE, client);
    const program = ts.createProgram([client], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
      types: [],
      skipLibCheck: true,
    });
    return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** The schema object of components.schemas[id] (a mutable view into `doc`). */
const schema = (doc: Json, id: string) =>
  ((doc.components as Json).schemas as Record<string, { properties: Json; required?: string[] }>)[id]!;

/** Renames a property of a component schema, as a careless change to the API would. */
function rename(doc: Json, id: string, from: string, to: string): Json {
  const target = schema(doc, id);
  target.properties[to] = target.properties[from];
  delete target.properties[from];
  target.required = target.required?.map((name) => (name === from ? to : name));
  return doc;
}

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

  it('generates TypeScript types that the sample register client type-checks against', async () => {
    assert.deepEqual(await typecheckSample(clone()), []);
  });

  it('a renamed answer field breaks the sample (PairResponse.token -> accessToken)', async () => {
    const errors = await typecheckSample(rename(clone(), 'PairResponse', 'token', 'accessToken'));
    assert.ok(
      errors.some((e) => e.includes("'token'")),
      errors.join('\n'),
    );
  });

  it('a renamed request field breaks the sample (EventBatch.events -> items, ReceiptEvent.totals -> sums)', async () => {
    const batch = await typecheckSample(rename(clone(), 'EventBatch', 'events', 'items'));
    assert.ok(
      batch.some((e) => e.includes("'events'")),
      batch.join('\n'),
    );
    const receipt = await typecheckSample(rename(clone(), 'ReceiptEvent', 'totals', 'sums'));
    assert.ok(
      receipt.some((e) => e.includes("'totals'")),
      receipt.join('\n'),
    );
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
