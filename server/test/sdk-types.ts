// The register SDK's TypeScript types of the device API (register-sdk/src/generated/device-api.ts),
// generated with openapi-typescript from the document the server serves, so the SDK's types are the
// API's. server/src/modules/device-api/openapi.test.ts fails when the file is not what this writes.
//
//   cd server && node --import tsx test/sdk-types.ts          rewrite the file
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';

export const DEVICE_TYPES_FILE = fileURLToPath(
  new URL('../../register-sdk/src/generated/device-api.ts', import.meta.url),
);

const HEADER = `/*
 * The device API's types, generated from its OpenAPI document (GET /api/device/v1/openapi.json) by
 * openapi-typescript: do not edit; run \`node --import tsx test/sdk-types.ts\` in server/.
 */
`;

/** The file's text for `document` (an OpenAPI 3.1 object). */
export async function deviceApiTypes(document: Record<string, unknown>): Promise<string> {
  const ast = await openapiTS(structuredClone(document) as never, { alphabetize: false });
  return HEADER + astToString(ast);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { openApiDocument } = await import('../src/modules/device-api/openapi');
  writeFileSync(DEVICE_TYPES_FILE, await deviceApiTypes(openApiDocument()));
  console.log(`Wrote ${DEVICE_TYPES_FILE}.`);
}
