import type { BackendModule, InitOptions, ReadCallback, Services } from 'i18next';

/**
 * The i18next backend of the apps: GET `loadPath` (`{{lng}}`, `{{ns}}` filled in) with fetch and
 * parse the JSON. It stands in for i18next-http-backend (4 KB gzip on every app's first load, for
 * XHR, polyfills and options no app uses). Like it, a failure reports `retry` for network errors and
 * 5xx answers (i18next tries again) and not for 4xx; i18next then shows the keys' fallbacks.
 */
export class FetchBackend implements BackendModule<{ loadPath?: string }> {
  static readonly type = 'backend';
  readonly type = 'backend' as const;
  loadPath = '/locales/{{lng}}/{{ns}}.json';

  init(_services: Services, options: { loadPath?: string } = {}, _all?: InitOptions): void {
    if (options.loadPath) this.loadPath = options.loadPath;
  }

  url(language: string, namespace: string): string {
    return this.loadPath
      .replace('{{lng}}', encodeURIComponent(language))
      .replace('{{ns}}', encodeURIComponent(namespace));
  }

  read(language: string, namespace: string, callback: ReadCallback): void {
    const url = this.url(language, namespace);
    // No fetch (an old test environment): missing texts, never a crash.
    if (typeof fetch !== 'function') {
      callback(`failed loading ${url}: no fetch`, false);
      return;
    }
    fetch(url, { credentials: 'same-origin' }).then(
      async (res) => {
        if (!res.ok) {
          callback(`failed loading ${url}; status code: ${res.status}`, res.status >= 500);
          return;
        }
        let data: unknown;
        try {
          data = await res.json();
        } catch {
          callback(`failed parsing ${url} to json`, false);
          return;
        }
        callback(null, data as Parameters<ReadCallback>[1]);
      },
      (err: unknown) => callback(`failed loading ${url}: ${err instanceof Error ? err.message : String(err)}`, true),
    );
  }
}
