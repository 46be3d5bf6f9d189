import assert from 'node:assert/strict';
import { LIVE_EVENTS_PATH } from '@hive/shared/schemas/live';
import { saleEvent, shiftOpenEvent } from '../src/modules/receipts';
import type { Client } from './helpers';

/* What the live stream tests share: a held stream as a browser's EventSource reads it, and a sale. */

export interface Message {
  event: string;
  data: Record<string, unknown>;
}

/** A held stream: its messages and pings as they arrive, and whether the server ended it. */
export class Stream {
  readonly messages: Message[] = [];
  pings = 0;
  ended = false;
  private buffer = '';
  private readonly waiters = new Set<() => void>();

  constructor(
    readonly response: Response,
    private readonly controller: AbortController,
  ) {
    void this.read();
  }

  static async open(client: Client, headers: Record<string, string> = {}): Promise<Stream> {
    const controller = new AbortController();
    const response = await client.request(LIVE_EVENTS_PATH, { headers, signal: controller.signal });
    assert.equal(response.status, 200, await (response.status === 200 ? '' : response.text()));
    return new Stream(response, controller);
  }

  private async read(): Promise<void> {
    const reader = this.response.body!.pipeThrough(new TextDecoderStream()).getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        this.buffer += value;
        let cut: number;
        while ((cut = this.buffer.indexOf('\n\n')) >= 0) {
          const block = this.buffer.slice(0, cut);
          this.buffer = this.buffer.slice(cut + 2);
          if (block === ': ping') this.pings += 1;
          const event = /^event: (.+)$/m.exec(block)?.[1];
          const data = /^data: (.+)$/m.exec(block)?.[1];
          if (event && data) this.messages.push({ event, data: JSON.parse(data) as Record<string, unknown> });
        }
        this.wake();
      }
    } catch {
      // aborted by the test
    }
    this.ended = true;
    this.wake();
  }

  private wake() {
    for (const waiter of [...this.waiters]) waiter();
  }

  /** Resolves once `condition` holds; fails after `timeoutMs`. */
  until(condition: () => boolean, label: string, timeoutMs = 5_000): Promise<void> {
    if (condition()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters.delete(check);
        reject(new Error(`timed out waiting for ${label}: ${JSON.stringify(this.messages)}`));
      }, timeoutMs);
      const check = () => {
        if (!condition()) return;
        clearTimeout(timer);
        this.waiters.delete(check);
        resolve();
      };
      this.waiters.add(check);
    });
  }

  topics(): string[] {
    return this.messages.map((m) => m.event);
  }

  close() {
    this.controller.abort();
  }
}

/** A shift and a sale, sent by a paired register through POST /api/device/v1/events. */
export async function ringUpSale(
  server: { url: string },
  token: string,
  paymentTypeIdCash: number,
  now: number,
  { withShift = true } = {},
) {
  const open = shiftOpenEvent({ at: now - 60_000, openingFloatCents: 0 });
  const sale = saleEvent({
    at: now - 1_000,
    shiftId: withShift ? open.id : null,
    lines: [{ itemId: null, name: 'Live probe', quantity: 1, unitPriceCents: 250, taxes: [] }],
    payments: [{ paymentTypeId: paymentTypeIdCash, amountCents: 250 }],
  });
  const response = await fetch(`${server.url}/api/device/v1/events`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ events: withShift ? [open, sale] : [sale] }),
  });
  const body = (await response.json()) as { stored: number };
  assert.equal(response.status, 200, JSON.stringify(body));
  assert.equal(body.stored, withShift ? 2 : 1, JSON.stringify(body));
}
