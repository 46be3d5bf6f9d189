import type { components, operations } from '../generated/device-api.ts';

/** The device API's schemas by name (Config, ReceiptEvent, EventBatchResult, Error, ...). */
export type Schemas = components['schemas'];

/** The JSON body an operation answers with `status`. */
export type Answer<
  Op extends keyof operations,
  Status extends keyof operations[Op]['responses'],
> = operations[Op]['responses'][Status] extends { content: { 'application/json': infer Body } } ? Body : never;

/** The JSON body an operation takes. */
export type RequestBody<Op extends keyof operations> = operations[Op] extends {
  requestBody: { content: { 'application/json': infer B } };
}
  ? B
  : never;

export type DeviceConfig = Schemas['Config'];
export type PairResult = Answer<'pair', 200>;
export type DeviceEvent = RequestBody<'postEvents'>['events'][number];
export type EventBatchResult = Schemas['EventBatchResult'];
export type EventResult = Schemas['EventResult'];
export type ReceiptEvent = Schemas['ReceiptEvent'];
export type RefundEvent = Schemas['RefundEvent'];
export type StoredReceipt = Schemas['Receipt'];
export type ErrorBody = Schemas['Error'];

/**
 * The part of `fetch` the client uses, so a register can pass its platform's own (node 18+,
 * browsers and React Native have a global one) or a test double.
 */
export type FetchLike = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string },
) => Promise<{ status: number; headers: { get(name: string): string | null }; text(): Promise<string> }>;
