import { z } from 'zod';
import { APP_VERSION_HEADER, DEVICE_LIMITS, openApiSchemas } from '@hive/shared/schemas/device';

export type Json = Record<string, unknown>;

/**
 * The zod schemas the server validates with, as JSON Schema 2020-12 components (z.toJSONSchema;
 * OpenAPI 3.1 uses that dialect): requests as the client sends them, answers as sent.
 */
function fromZod(schemas: readonly z.ZodType[], io: 'input' | 'output'): Record<string, Json> {
  const registry = z.registry<{ id: string }>();
  for (const schema of schemas) {
    const id = z.globalRegistry.get(schema)?.id;
    if (typeof id !== 'string') throw new Error('every OpenAPI schema needs .meta({ id })');
    registry.add(schema, { id });
  }
  const { schemas: out } = z.toJSONSchema(registry, {
    io,
    uri: (id) => `#/components/schemas/${id}`,
    unrepresentable: 'any',
  }) as { schemas: Record<string, Json> };
  // Component schemas need neither their own dialect nor an $id (refs point at the components).
  for (const schema of Object.values(out)) {
    delete schema.$schema;
    delete schema.$id;
  }
  delete out.__shared;
  return out;
}

export const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });
export const headerRef = (id: string) => ({ $ref: `#/components/headers/${id}` });
export const parameterRef = (id: string) => ({ $ref: `#/components/parameters/${id}` });

export function components(): Json {
  return {
    schemas: { ...fromZod(openApiSchemas.requests, 'input'), ...fromZod(openApiSchemas.responses, 'output') },
    parameters: {
      AppVersion: {
        name: APP_VERSION_HEADER.replace(/(^|-)([a-z])/g, (_m, dash: string, c: string) => `${dash}${c.toUpperCase()}`),
        in: 'header',
        required: false,
        description: `The register app's version, on every call (optional). A new value is recorded in the terminal log and shown in the back-office; one that is not 1-${DEVICE_LIMITS.appVersionMax} letters, digits, spaces or \`._+-()\` is ignored.`,
        schema: { type: 'string', maxLength: DEVICE_LIMITS.appVersionMax },
      },
      IfNoneMatch: {
        name: 'If-None-Match',
        in: 'header',
        required: false,
        description: 'The ETag of the copy the register has: `304` when it is still current.',
        schema: { type: 'string' },
      },
    },
    headers: {
      RetryAfter: {
        description: 'Seconds to wait before sending the same request again (the body’s `retryAfter`).',
        required: true,
        schema: { type: 'integer', minimum: 1 },
      },
      WWWAuthenticate: {
        description: '`Bearer realm="hive-device"`, with `error="invalid_token"` when a token was sent.',
        required: true,
        schema: { type: 'string' },
      },
      ETag: {
        description: 'The version of this answer: send it back in `If-None-Match`.',
        required: true,
        schema: { type: 'string' },
      },
    },
    securitySchemes: {
      device: { type: 'http', scheme: 'bearer', description: 'The token `POST /pair` returned.' },
    },
  };
}
