import type { InternalAxiosRequestConfig } from 'axios';
import { REQUEST_BLOCK_RELEASE_MS } from '@hive/shared/config';

export const BLOCKED_MESSAGE = 'Request blocked: the session is ending (logout or expiry).';

/**
 * The error of a blocked or aborted request, shaped like axios's CanceledError (`isCancel` and
 * `isAxiosError` are true, code ERR_CANCELED) without importing axios: the gate is on the sign-in
 * page's path, axios is not (http/lazyHttpClient.ts).
 */
export class CanceledError<D = unknown> extends Error {
  readonly __CANCEL__ = true;
  readonly isAxiosError = true;
  readonly code = 'ERR_CANCELED';
  constructor(
    message: string,
    readonly config?: InternalAxiosRequestConfig<D>,
  ) {
    super(message);
    this.name = 'CanceledError';
  }
}
export const ABORTED_MESSAGE = 'Request aborted: the session ended (logout or expiry).';

/**
 * DESIGN.md 6: during logout or expiry every API request is blocked and in-flight ones aborted.
 * One AbortController per session "generation": `block()` aborts it, `release()` starts the next
 * generation with a fresh one. Rejections are axios `CanceledError`s (`axios.isCancel(e)` is
 * true), so callers can stay silent about them.
 */
export interface RequestGate {
  isBlocked(): boolean;
  /** Increases with every release: requests of an older generation were aborted. */
  generation(): number;
  /** The current generation's signal. */
  signal(): AbortSignal;
  /** Sets `config.signal` to the gate's signal (combined with the caller's own signal, if any). */
  attach(config: InternalAxiosRequestConfig): void;
  /** Aborts every in-flight request and rejects new ones until released. Cancels a pending release. */
  block(): void;
  /** Lifts the block at once with a fresh controller (no-op when not blocked). */
  release(): void;
  /** Lifts the block after `ms` (default REQUEST_BLOCK_RELEASE_MS = 1000). A later call replaces an earlier one. */
  releaseAfter(ms?: number, onReleased?: () => void): void;
  /** The error a blocked request is rejected with. */
  cancelError(config?: InternalAxiosRequestConfig): CanceledError<unknown>;
  /** Clears a pending release timer. */
  dispose(): void;
}

/** AbortSignal.any where the platform has it; a small equivalent elsewhere. */
export function anySignal(signals: AbortSignal[]): AbortSignal {
  const withAny = AbortSignal as typeof AbortSignal & { any?: (s: AbortSignal[]) => AbortSignal };
  if (typeof withAny.any === 'function') return withAny.any(signals);
  const controller = new AbortController();
  const onAbort = (event: Event) => {
    const source = event.target as AbortSignal;
    for (const s of signals) s.removeEventListener('abort', onAbort);
    controller.abort(source.reason);
  };
  for (const s of signals) {
    if (s.aborted) {
      controller.abort(s.reason);
      return controller.signal;
    }
  }
  for (const s of signals) s.addEventListener('abort', onAbort);
  return controller.signal;
}

export function createRequestGate(): RequestGate {
  let controller = new AbortController();
  let blocked = false;
  let generation = 0;
  let releaseTimer: ReturnType<typeof setTimeout> | null = null;

  const clearReleaseTimer = () => {
    if (releaseTimer !== null) clearTimeout(releaseTimer);
    releaseTimer = null;
  };

  const cancelError = (config?: InternalAxiosRequestConfig) => new CanceledError<unknown>(BLOCKED_MESSAGE, config);

  function release(): void {
    clearReleaseTimer();
    if (!blocked) return;
    blocked = false;
    controller = new AbortController();
    generation += 1;
  }

  return {
    isBlocked: () => blocked,
    generation: () => generation,
    signal: () => controller.signal,
    attach(config) {
      const own = config.signal as AbortSignal | undefined;
      config.signal = own && own !== controller.signal ? anySignal([own, controller.signal]) : controller.signal;
    },
    block() {
      clearReleaseTimer();
      if (blocked) return;
      blocked = true;
      controller.abort(new CanceledError<unknown>(ABORTED_MESSAGE));
    },
    release,
    releaseAfter(ms = REQUEST_BLOCK_RELEASE_MS, onReleased) {
      clearReleaseTimer();
      releaseTimer = setTimeout(() => {
        releaseTimer = null;
        release();
        onReleased?.();
      }, ms);
    },
    cancelError,
    dispose: clearReleaseTimer,
  };
}
