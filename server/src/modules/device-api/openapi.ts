import { z } from 'zod';
import { DEVICE_API_BASE, DEVICE_LIMITS, openApiSchemas } from '@hive/shared/schemas/device';

/*
 * The device API's OpenAPI 3.1 document, generated from the zod schemas the server validates with
 * (z.toJSONSchema, JSON Schema 2020-12 as OpenAPI 3.1 uses it), so the document cannot drift from
 * the code. Built once, on first request.
 */

type Json = Record<string, unknown>;

function components(schemas: readonly z.ZodType[], io: 'input' | 'output'): Record<string, Json> {
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

const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });
const json = (id: string, description: string) => ({
  description,
  content: { 'application/json': { schema: ref(id) } },
});
const error = (description: string) => json('Error', description);
const common = {
  '401': error('No device token, or one that was revoked (the terminal was unpaired): pair again.'),
  '403': error('The company is suspended.'),
  '429': error(
    'Too many calls or events from this terminal, or (`gift_card_misses`, on events and gift card lookups) too many gift card numbers that found no card: nothing was stored; wait `retryAfter` seconds (also in Retry-After) and send the same request again.',
  ),
};
const body = (id: string) => ({ required: true, content: { 'application/json': { schema: ref(id) } } });
const idParam = (description: string, name = 'id') => ({
  name,
  in: 'path',
  required: true,
  description,
  schema: { type: 'string' },
});

let cached: Json | null = null;

export function openApiDocument(): Json {
  if (cached) return cached;
  cached = {
    openapi: '3.1.0',
    info: {
      title: 'Hive POS device API',
      version: '1',
      // The project is private (no licence file, `"private": true`): an SPDX LicenseRef says so.
      license: { name: 'Proprietary, all rights reserved', identifier: 'LicenseRef-Proprietary' },
      description:
        'The API registers sync with: pairing, configuration, event batches (sales, refunds, shifts, cash movements, the time clock), print jobs. Money is in integer minor units (cents), times in epoch milliseconds. See docs/device-api.md.',
    },
    servers: [{ url: DEVICE_API_BASE }],
    components: {
      schemas: { ...components(openApiSchemas.requests, 'input'), ...components(openApiSchemas.responses, 'output') },
      securitySchemes: { device: { type: 'http', scheme: 'bearer', description: 'The token POST /pair returned.' } },
    },
    security: [{ device: [] }],
    paths: {
      '/pair': {
        post: {
          operationId: 'pair',
          summary: 'Pair a register with a one-time code from the back-office',
          security: [],
          requestBody: body('PairRequest'),
          responses: {
            '200': json('PairResponse', 'Paired: keep the token, it is shown once.'),
            '400': error(
              'Malformed body, or the code is wrong (pairing_code_invalid) or expired (pairing_code_expired).',
            ),
            '403': common['403'],
            '415': error('The body is not application/json.'),
            '429': error('Too many pairing attempts from this address.'),
          },
        },
      },
      '/config': {
        get: {
          operationId: 'getConfig',
          summary: 'Everything the register needs to sell (catalog, taxes, types, employees, printers, banners)',
          parameters: [
            {
              name: 'If-None-Match',
              in: 'header',
              required: false,
              description: 'The ETag of the configuration the register has: 304 when it is still current.',
              schema: { type: 'string' },
            },
          ],
          responses: {
            '200': {
              ...json('Config', 'The configuration, with its ETag.'),
              headers: { ETag: { schema: { type: 'string' }, description: 'Send it back in If-None-Match.' } },
            },
            '304': { description: 'Not modified: the configuration the register has is current.' },
            ...common,
          },
        },
      },
      '/events': {
        post: {
          operationId: 'postEvents',
          summary: `Send up to ${DEVICE_LIMITS.maxBatch} events; each is stored whole or rejected whole`,
          requestBody: body('EventBatch'),
          responses: {
            '200': json(
              'EventBatchResult',
              'The outcome of each event, in the order sent (stored, duplicate or rejected); receipts answer their receiptNumber, shift events their shiftNumber, clock events the timeEntryId.',
            ),
            '400': error(
              'The batch itself is malformed (not {"events": [...]}, over 500 events, an event without a UUID id).',
            ),
            '413': error('The body is over 5 MB.'),
            '415': error('The body is not application/json.'),
            '422': json(
              'EventBatchRejected',
              'Every event of the batch was rejected; the reasons are listed per event.',
            ),
            ...common,
          },
        },
      },
      '/receipts/{id}': {
        get: {
          operationId: 'getReceipt',
          summary: 'A stored sale with what was already refunded of each line (to refund it on any register)',
          parameters: [idParam('The sale event id (UUID) or the receipt number.')],
          responses: { '200': json('Receipt', 'The receipt.'), '404': error('No such receipt.'), ...common },
        },
      },
      '/gift-cards/{number}': {
        get: {
          operationId: 'getGiftCard',
          summary: 'A gift card’s balance, status and expiry by its 16 digits (before taking it as a payment)',
          parameters: [idParam('The card number (16 digits; spaces and dashes allowed).', 'number')],
          responses: {
            '200': json('GiftCardBalance', 'The card.'),
            '404': error('No card with this number (misses are limited per terminal and per company).'),
            ...common,
          },
        },
      },
      '/print-jobs': {
        get: {
          operationId: 'listPrintJobs',
          summary: 'Jobs queued for the printers this terminal drives (offered again if not acknowledged in 60 s)',
          responses: { '200': json('PrintJobs', 'Oldest first, at most 50.'), ...common },
        },
      },
      '/print-jobs/{id}/ack': {
        post: {
          operationId: 'ackPrintJob',
          summary: 'Report a job printed or failed',
          parameters: [idParam('The job id.')],
          requestBody: body('PrintAck'),
          responses: {
            '200': json('PrintAckResult', 'Recorded (sending the same status again is harmless).'),
            '400': error('Malformed body.'),
            '404': error('No such job for this terminal’s printers.'),
            '409': error('The job was already acknowledged with another status, or cancelled.'),
            ...common,
          },
        },
      },
      '/logs': {
        post: {
          operationId: 'postLogs',
          summary: 'Errors and notes for the terminal log in the back-office',
          requestBody: body('LogRequest'),
          responses: { '202': json('LogResult', 'Accepted.'), '400': error('Malformed body.'), ...common },
        },
      },
      '/banners/{id}/image': {
        get: {
          operationId: 'getBannerImage',
          summary: 'A banner image listed in config',
          parameters: [idParam('The banner id.')],
          responses: {
            '200': {
              description: 'The image.',
              content: { 'image/png': {}, 'image/jpeg': {}, 'image/webp': {} },
            },
            '404': error('No such banner.'),
            ...common,
          },
        },
      },
      '/openapi.json': {
        get: {
          operationId: 'getOpenApiDocument',
          summary: 'This document',
          security: [],
          responses: {
            '200': { description: 'OpenAPI 3.1', content: { 'application/json': { schema: { type: 'object' } } } },
            '406': error('The Accept header does not allow application/json.'),
          },
        },
      },
    },
  };
  return cached;
}
