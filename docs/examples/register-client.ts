/*
 * A minimal register client for the device API (docs/device-api.md): pair, download the
 * configuration (with its ETag), send a sale. Its types come from the OpenAPI document alone:
 *
 *   curl -s https://<host>/api/device/v1/openapi.json -o device-api.json
 *   npx openapi-typescript device-api.json -o device-api.ts
 *
 * and it uses nothing but `fetch`. server/src/modules/device-api/openapi.test.ts generates `device-api.ts` from the
 * server's document and type-checks this file against it (strict), so a field renamed or retyped in
 * the API breaks that test before it breaks a register.
 */
import type { components, operations } from './device-api';

type Schemas = components['schemas'];
/** The JSON body an operation answers with `status`. */
type Answer<
  Op extends keyof operations,
  Status extends keyof operations[Op]['responses'],
> = operations[Op]['responses'][Status] extends { content: { 'application/json': infer Body } } ? Body : never;
/** The JSON body an operation takes. */
type Body<Op extends keyof operations> = operations[Op] extends {
  requestBody: { content: { 'application/json': infer B } };
}
  ? B
  : never;

export class DeviceApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Schemas['Error'],
  ) {
    super(`${status} ${body.error}: ${body.message}`);
  }
}

export class RegisterClient {
  private token: string | null = null;
  private configEtag: string | null = null;
  private config: Schemas['Config'] | null = null;

  constructor(private readonly baseUrl: string) {}

  private async call<T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        Accept: 'application/json',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...(this.token ? { Authorization: `Bearer ${this.token}` } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (response.status === 304) return { status: 304 as const, body: null, etag: null };
    const json: unknown = await response.json();
    if (!response.ok) throw new DeviceApiError(response.status, json as Schemas['Error']);
    return { status: response.status, body: json as T, etag: response.headers.get('ETag') };
  }

  /** Pairs with the 8-character code from Devices › Terminals; keeps the token (shown once). */
  async pair(code: string): Promise<Answer<'pair', 200>> {
    const request: Body<'pair'> = { code, appVersion: '1.0.0', deviceModel: 'Sample register' };
    const { body } = await this.call<Answer<'pair', 200>>('POST', '/pair', request);
    const paired = body!;
    this.token = paired.token;
    console.log(`paired as terminal ${paired.terminal.id} (${paired.terminal.name}) of ${paired.company.name}`);
    return paired;
  }

  /** The configuration; a 304 keeps the one already downloaded. */
  async loadConfig(): Promise<Schemas['Config']> {
    const reply = await this.call<Answer<'getConfig', 200>>(
      'GET',
      '/config',
      undefined,
      this.configEtag ? { 'If-None-Match': this.configEtag } : {},
    );
    if (reply.status !== 304 && reply.body) {
      this.config = reply.body;
      this.configEtag = reply.etag;
    }
    if (!this.config) throw new Error('no configuration yet');
    return this.config;
  }

  /** Sells one of the first item, paid in cash, and reports the receipt number the server gave it. */
  async sellFirstItem(): Promise<number | undefined> {
    const config = await this.loadConfig();
    const item = config.items[0];
    const cash = config.paymentTypes.find((type) => type.builtin === 'cash');
    if (!item || !cash) throw new Error('the configuration has no item or no cash payment type');
    // Taxes are left out for brevity: a real register computes them as docs/device-api.md says.
    const total = item.priceCents;
    const sale: Schemas['ReceiptEvent'] = {
      id: crypto.randomUUID(),
      type: 'receipt',
      at: Date.now(),
      employeeId: config.employees[0]?.id ?? null,
      lines: [
        { itemId: item.id, name: item.name, quantity: 1, unitPriceCents: item.priceCents, taxRateIds: item.taxRateIds },
      ],
      payments: [{ paymentTypeId: cash.id, amountCents: total }],
      totals: { subtotalCents: total, discountCents: 0, taxCents: 0, totalCents: total },
    };
    const batch: Body<'postEvents'> = { events: [sale] };
    const { body } = await this.call<Answer<'postEvents', 200>>('POST', '/events', batch);
    const result = body!.results.find((r) => r.id === sale.id);
    if (result?.status === 'rejected') console.warn('rejected', result);
    console.log(`stored ${body!.stored}, duplicates ${body!.duplicate}, rejected ${body!.rejected}`);
    return result?.receiptNumber;
  }
}
