import { lazyEventSource, type EventSourceLike } from './eventSource';

class Real implements EventSourceLike {
  readyState = 0;
  onopen: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  readonly listeners: [string, (event: MessageEvent) => void][] = [];
  constructor(readonly url: string) {}
  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.push([type, listener]);
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
}

const settle = async () => {
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
};

describe('lazyEventSource (the reader loads with the first stream)', () => {
  it('hands the handlers and listeners set before the load over to the real source', async () => {
    const made: Real[] = [];
    const create = lazyEventSource(() => Promise.resolve((url) => (made[made.length] = new Real(url))));
    const source = create('/api/backoffice/events');
    const onopen = jest.fn();
    const onerror = jest.fn();
    const listener = jest.fn();
    source.onopen = onopen;
    source.onerror = onerror;
    source.addEventListener('receipts', listener);
    expect(source.readyState).toBe(0);
    await settle();
    const real = made[0]!;
    expect(real.url).toBe('/api/backoffice/events');
    expect(real.listeners).toEqual([['receipts', listener]]);
    real.readyState = 1;
    real.onopen?.(new Event('open'));
    real.onerror?.(new Event('error'));
    expect(source.readyState).toBe(1);
    expect(onopen).toHaveBeenCalledTimes(1);
    expect(onerror).toHaveBeenCalledTimes(1);
    const later = jest.fn();
    source.addEventListener('plan', later);
    expect(real.listeners[1]).toEqual(['plan', later]);
    source.close();
    expect(real.closed).toBe(true);
  });

  it('opens nothing when closed before the load', async () => {
    const factory = jest.fn((url: string) => new Real(url));
    const source = lazyEventSource(() => Promise.resolve(factory))('/x');
    source.close();
    await settle();
    expect(factory).not.toHaveBeenCalled();
    expect(source.readyState).toBe(2);
  });

  it('reports a failed load as an error, like a failed connection', async () => {
    const source = lazyEventSource(() => Promise.reject(new Error('ChunkLoadError')))('/x');
    const onerror = jest.fn();
    source.onerror = onerror;
    await settle();
    expect(onerror).toHaveBeenCalledTimes(1);
  });
});
