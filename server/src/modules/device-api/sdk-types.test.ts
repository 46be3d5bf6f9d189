import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { openApiDocument } from './';
import { DEVICE_TYPES_FILE, deviceApiTypes } from '../../../test/sdk-types';
import { ONCE } from '../../../test/helpers';

/*
 * The register SDK's types are the OpenAPI document's: its generated file is exactly what
 * openapi-typescript makes of the served document, and the example register (docs/examples, built
 * on the SDK) type-checks against them under `strict`. A field renamed in the document breaks the
 * SDK or the example, so the document, the SDK and the example cannot drift apart unnoticed.
 */

const SDK_SRC = fileURLToPath(new URL('../../../../register-sdk/src', import.meta.url));
const SAMPLE = fileURLToPath(new URL('../../../../docs/examples/register-client.ts', import.meta.url));

type Json = Record<string, unknown>;
const clone = (): Json => structuredClone(openApiDocument());

/** The example register and a copy of the SDK whose types come from `doc`: the compiler's errors. */
async function typecheckSample(doc: Json): Promise<string[]> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'hive-sdk-types-'));
  try {
    await fs.cp(SDK_SRC, path.join(dir, 'sdk'), { recursive: true, filter: (f) => !f.endsWith('.test.ts') });
    await fs.writeFile(path.join(dir, 'sdk/generated/device-api.ts'), await deviceApiTypes(doc));
    const sample = (await fs.readFile(SAMPLE, 'utf8')).replace("from '@hive/register-sdk'", "from './sdk/index.ts'");
    const client = path.join(dir, 'register-client.ts');
    await fs.writeFile(client, sample);
    const program = ts.createProgram([client], {
      strict: true,
      noEmit: true,
      allowImportingTsExtensions: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ['lib.es2022.d.ts'],
      types: ['node'],
      typeRoots: [fileURLToPath(new URL('../../../../node_modules/@types', import.meta.url))],
      skipLibCheck: true,
    });
    return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

/** Renames a property of a component schema, as a careless change to the API would. */
function rename(doc: Json, id: string, from: string, to: string): Json {
  const schemas = (doc.components as Json).schemas as Record<string, { properties: Json; required?: string[] }>;
  const target = schemas[id]!;
  target.properties[to] = target.properties[from];
  delete target.properties[from];
  target.required = target.required?.map((name) => (name === from ? to : name));
  return doc;
}

describe('the register SDK’s types and the OpenAPI document', ONCE, () => {
  it('register-sdk/src/generated/device-api.ts is what the document generates', async () => {
    const expected = await deviceApiTypes(openApiDocument());
    const actual = await fs.readFile(DEVICE_TYPES_FILE, 'utf8');
    assert.ok(
      actual === expected,
      'register-sdk/src/generated/device-api.ts is stale: run `node --import tsx test/sdk-types.ts` in server/',
    );
  });

  it('the example register type-checks against the SDK generated from the document', async () => {
    assert.deepEqual(await typecheckSample(clone()), []);
  });

  it('a renamed answer field breaks the SDK (PairResponse.token -> accessToken)', async () => {
    const errors = await typecheckSample(rename(clone(), 'PairResponse', 'token', 'accessToken'));
    assert.ok(
      errors.some((e) => e.includes("'token'")),
      errors.join('\n'),
    );
  });

  it('a renamed request field breaks the example (EventBatch.events -> items, ReceiptEvent.totals -> sums)', async () => {
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
