import { isCancel } from 'axios';
import { REQUEST_BLOCK_RELEASE_MS } from '@hive/shared/config';
import { anySignal, createRequestGate } from './requestGate';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('request gate', () => {
  it('starts open with a live signal', () => {
    const gate = createRequestGate();
    expect(gate.isBlocked()).toBe(false);
    expect(gate.signal().aborted).toBe(false);
    expect(gate.generation()).toBe(0);
  });

  it('block() aborts the current generation with a cancel error; release() starts a fresh one', () => {
    const gate = createRequestGate();
    const first = gate.signal();
    gate.block();
    expect(gate.isBlocked()).toBe(true);
    expect(first.aborted).toBe(true);
    expect(isCancel(first.reason)).toBe(true);
    expect(isCancel(gate.cancelError())).toBe(true);
    gate.block(); // idempotent
    gate.release();
    expect(gate.isBlocked()).toBe(false);
    expect(gate.generation()).toBe(1);
    expect(gate.signal()).not.toBe(first);
    expect(gate.signal().aborted).toBe(false);
    gate.release(); // no-op when open
    expect(gate.generation()).toBe(1);
  });

  it(`releaseAfter() lifts the block after ${REQUEST_BLOCK_RELEASE_MS} ms: still blocked at 999, open at 1000`, () => {
    expect(REQUEST_BLOCK_RELEASE_MS).toBe(1000);
    const gate = createRequestGate();
    const onReleased = jest.fn();
    gate.block();
    gate.releaseAfter(undefined, onReleased);
    jest.advanceTimersByTime(999);
    expect(gate.isBlocked()).toBe(true);
    expect(onReleased).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(gate.isBlocked()).toBe(false);
    expect(onReleased).toHaveBeenCalledTimes(1);
  });

  it('a new block cancels a pending release; a new releaseAfter replaces the old one', () => {
    const gate = createRequestGate();
    gate.block();
    gate.releaseAfter(1000);
    jest.advanceTimersByTime(500);
    gate.block();
    jest.advanceTimersByTime(5000);
    expect(gate.isBlocked()).toBe(true);
    gate.releaseAfter(1000);
    jest.advanceTimersByTime(600);
    gate.releaseAfter(1000);
    jest.advanceTimersByTime(999);
    expect(gate.isBlocked()).toBe(true);
    jest.advanceTimersByTime(1);
    expect(gate.isBlocked()).toBe(false);
  });

  it('dispose() clears a pending release', () => {
    const gate = createRequestGate();
    gate.block();
    gate.releaseAfter(1000);
    gate.dispose();
    jest.advanceTimersByTime(5000);
    expect(gate.isBlocked()).toBe(true);
  });

  it("attach() sets the gate's signal, combined with the caller's own", () => {
    const gate = createRequestGate();
    type Config = Parameters<typeof gate.attach>[0];
    const plain = {} as Config;
    gate.attach(plain);
    expect(plain.signal).toBe(gate.signal());

    const own = new AbortController();
    const config = { signal: own.signal } as unknown as Config;
    gate.attach(config);
    const combined = config.signal as AbortSignal;
    expect(combined.aborted).toBe(false);
    gate.block();
    expect(combined.aborted).toBe(true);

    gate.release();
    const own2 = new AbortController();
    const config2 = { signal: own2.signal } as unknown as Config;
    gate.attach(config2);
    own2.abort();
    expect((config2.signal as AbortSignal).aborted).toBe(true);
    expect(gate.signal().aborted).toBe(false);
  });
});

describe('anySignal fallback (no AbortSignal.any)', () => {
  const withAny = AbortSignal as unknown as { any?: unknown };
  const original = withAny.any;
  beforeEach(() => {
    withAny.any = undefined;
  });
  afterEach(() => {
    withAny.any = original;
  });

  it('aborts when any source aborts, with its reason', () => {
    const a = new AbortController();
    const b = new AbortController();
    const signal = anySignal([a.signal, b.signal]);
    expect(signal.aborted).toBe(false);
    b.abort('why');
    expect(signal.aborted).toBe(true);
    expect(signal.reason).toBe('why');
  });

  it('is aborted at once when a source already is', () => {
    const a = new AbortController();
    a.abort('done');
    expect(anySignal([a.signal, new AbortController().signal]).reason).toBe('done');
  });
});
