import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/**
 * Network layer of the remote resilience: a manifest fetch that fails for a transient reason
 * (offline blip, 5xx) is tried again with a short backoff before the load is declared failed.
 */
export function retryPlugin({ retries = 2, delayMs = 300 } = {}): ModuleFederationRuntimePlugin {
  return {
    name: 'hive-retry-plugin',
    async fetch(url: string, init: RequestInit) {
      let lastError: unknown;
      for (let attempt = 0; attempt <= retries; attempt++) {
        try {
          const res = await fetch(url, init);
          // 4xx will not heal by retrying; only 5xx and network errors do.
          if (res.ok || res.status < 500) return res;
          lastError = new Error(`HTTP ${res.status} for ${url}`);
        } catch (err) {
          lastError = err;
        }
        if (attempt < retries) await new Promise((r) => setTimeout(r, delayMs * (attempt + 1)));
      }
      throw lastError;
    },
  };
}
