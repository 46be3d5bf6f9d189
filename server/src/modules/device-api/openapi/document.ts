import { DEVICE_API_BASE, DEVICE_LIMITS } from '@hive/shared/schemas/device';
import { components, headerRef, parameterRef, ref, type Json } from './components';
import { errorResponses } from './responses';
import type { OperationId } from './errors';

/*
 * The device API's OpenAPI 3.1 document: the schemas are the zod schemas the server validates with
 * (components.ts), the errors the one table of errors.ts, so the document cannot drift from the
 * code; the contract tests check every answer of the server suite against it. Built once.
 */

const json = (schema: Json, description: string, headers?: Json) => ({
  description,
  ...(headers ? { headers } : {}),
  content: { 'application/json': { schema } },
});
const body = (id: string) => ({ required: true, content: { 'application/json': { schema: ref(id) } } });
const pathParam = (name: string, description: string, schema: Json) => ({
  name,
  in: 'path',
  required: true,
  description,
  schema,
});
/** The integer ids of the company's records (print jobs, banners): the server answers 404 to any other. */
const recordId = (description: string) =>
  pathParam('id', description, { type: 'integer', minimum: 1, maximum: 2_147_483_647 });

const etag = { ETag: headerRef('ETag') };
const notModified = { description: 'Not modified: the copy the register has is current.', headers: etag };

/** An operation: its own fields, and the error responses of its entry in errors.ts. */
function operation(errorProperties: Json, id: OperationId, fields: Json & { responses: Json }, token = true): Json {
  const { parameters = [], responses, ...rest } = fields as { parameters?: Json[]; responses: Json };
  return {
    operationId: id,
    ...rest,
    ...(token ? {} : { security: [] }),
    // The app version header is read wherever the device token is (device-api/auth.ts).
    ...(token || parameters.length > 0
      ? { parameters: [...parameters, ...(token ? [parameterRef('AppVersion')] : [])] }
      : {}),
    responses: { ...responses, ...errorResponses(id, errorProperties) },
  };
}

let cached: Json | null = null;

export function openApiDocument(): Json {
  if (cached) return cached;
  const parts = components() as { schemas: Record<string, { properties: Json }> };
  const op = operation.bind(null, parts.schemas.Error!.properties);
  cached = {
    openapi: '3.1.0',
    info: {
      title: 'Hive POS device API',
      version: '1',
      // The project is private (no licence file, `"private": true`): an SPDX LicenseRef says so.
      license: { name: 'Proprietary, all rights reserved', identifier: 'LicenseRef-Proprietary' },
      description:
        'The API registers sync with: pairing, configuration, event batches (sales, refunds, shifts, cash movements, the time clock), print jobs. Money is in integer minor units (cents), times in epoch milliseconds. Every error is `{"error": "<code>", "message": "<sentence>"}`, with `fields` on every 400 and `retryAfter` on every 429; each response lists its codes. See docs/device-api.md.',
    },
    servers: [{ url: DEVICE_API_BASE }],
    components: parts,
    security: [{ device: [] }],
    paths: {
      '/pair': {
        post: op(
          'pair',
          {
            summary: 'Pair a register with a one-time code from the back-office',
            requestBody: body('PairRequest'),
            responses: { '200': json(ref('PairResponse'), 'Paired: keep the token, it is shown once.') },
          },
          false,
        ),
      },
      '/config': {
        get: op('getConfig', {
          summary: 'Everything the register needs to sell (catalog, taxes, types, employees, printers, banners)',
          parameters: [parameterRef('IfNoneMatch')],
          responses: {
            '200': json(ref('Config'), 'The configuration, with its ETag.', etag),
            '304': notModified,
          },
        }),
      },
      '/events': {
        post: op('postEvents', {
          summary: `Send up to ${DEVICE_LIMITS.maxBatch} events; each is stored whole or rejected whole`,
          requestBody: body('EventBatch'),
          responses: {
            '200': json(
              ref('EventBatchResult'),
              'The outcome of each event, in the order sent (stored, duplicate or rejected); receipts answer their receiptNumber, shift events their shiftNumber, clock events the timeEntryId.',
            ),
          },
        }),
      },
      '/receipts/{id}': {
        get: op('getReceipt', {
          summary: 'A stored sale with what was already refunded of each line (to refund it on any register)',
          parameters: [
            pathParam('id', 'The sale’s event id (a UUID) or its receipt number.', {
              oneOf: [
                { type: 'string', format: 'uuid', description: 'The event id of the sale.' },
                { type: 'integer', minimum: 1, maximum: 9_999_999_999, description: 'The receipt number.' },
              ],
            }),
          ],
          responses: { '200': json(ref('Receipt'), 'The receipt.') },
        }),
      },
      '/gift-cards/{number}': {
        get: op('getGiftCard', {
          summary: 'A gift card’s balance, status and expiry by its 16 digits (before taking it as a payment)',
          parameters: [
            pathParam('number', 'The card number: 16 digits, spaces and dashes allowed.', {
              type: 'string',
              minLength: 1,
            }),
          ],
          responses: { '200': json(ref('GiftCardBalance'), 'The card.') },
        }),
      },
      '/print-jobs': {
        get: op('listPrintJobs', {
          summary: 'Jobs queued for the printers this terminal drives (offered again if not acknowledged in 60 s)',
          responses: { '200': json(ref('PrintJobs'), 'Oldest first, at most 50.') },
        }),
      },
      '/print-jobs/{id}/ack': {
        post: op('ackPrintJob', {
          summary: 'Report a job printed or failed',
          parameters: [recordId('The job’s id (`jobs[].id` of `GET /print-jobs`).')],
          requestBody: body('PrintAck'),
          responses: {
            '200': json(ref('PrintAckResult'), 'Recorded (sending the same status again is harmless).'),
          },
        }),
      },
      '/logs': {
        post: op('postLogs', {
          summary: 'Errors and notes for the terminal log in the back-office',
          requestBody: body('LogRequest'),
          responses: { '202': json(ref('LogResult'), 'Accepted.') },
        }),
      },
      '/banners/{id}/image': {
        get: op('getBannerImage', {
          summary: 'A banner image listed in config',
          parameters: [
            recordId('The banner’s id (`banners.*[].id` of `config`).'),
            {
              name: 'v',
              in: 'query',
              required: false,
              description:
                'The version in the banner’s `imageUrl`: with the current one the image may be cached for good (it changes when the image does).',
              schema: { type: 'string' },
            },
            parameterRef('IfNoneMatch'),
          ],
          responses: {
            '200': {
              description: 'The image.',
              headers: {
                ...etag,
                'Cache-Control': {
                  description: '`private, max-age=31536000, immutable` with the current `v`, else `private, no-cache`.',
                  required: true,
                  schema: { type: 'string' },
                },
              },
              content: { 'image/png': {}, 'image/jpeg': {}, 'image/webp': {} },
            },
            '304': notModified,
          },
        }),
      },
      '/openapi.json': {
        get: op(
          'getOpenApiDocument',
          {
            summary: 'This document',
            parameters: [parameterRef('IfNoneMatch')],
            responses: {
              '200': json({ type: 'object' }, 'OpenAPI 3.1', etag),
              '304': notModified,
            },
          },
          false,
        ),
      },
    },
  };
  return cached;
}
