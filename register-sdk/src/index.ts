/*
 * @hive/register-sdk: what a register needs to sync with Hive POS (docs/device-api.md). The device
 * API's types, generated from its OpenAPI document; a client for it (pairing, configuration with its
 * ETag, event batches, backoff, an offline queue); and the money rules the server checks every sale
 * with. No dependencies; `@hive/register-sdk/money` is the rules alone.
 */
export * from './money/index.ts';
export * from './client/index.ts';
export type { components, operations, paths } from './generated/device-api.ts';
