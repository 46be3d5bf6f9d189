import type { ReadCallback } from 'i18next';
import { FetchBackend } from './fetchBackend';

function read(backend: FetchBackend, lng = 'es', ns = 'common') {
  return new Promise<{ err: unknown; data: unknown }>((resolve) => {
    const cb: ReadCallback = (err, data) => resolve({ err, data });
    backend.read(lng, ns, cb);
  });
}

function respond(body: string, status = 200) {
  // jsdom has no Response: the two members the backend reads.
  return jest.fn().mockResolvedValue({
    ok: status >= 200 && status < 300,
    status,
    json: () => Promise.resolve().then(() => JSON.parse(body) as unknown),
  });
}

describe('FetchBackend', () => {
  const original = global.fetch;
  afterEach(() => {
    global.fetch = original;
  });

  it('GETs the load path with language and namespace filled in', async () => {
    global.fetch = respond('{"hello":"Hola"}');
    const backend = new FetchBackend();
    backend.init({} as never, { loadPath: '/locales/{{lng}}/{{ns}}.json' });
    expect(await read(backend)).toEqual({ err: null, data: { hello: 'Hola' } });
    expect(global.fetch).toHaveBeenCalledWith('/locales/es/common.json', expect.anything());
  });

  it('asks i18next to retry network errors and 5xx, not 4xx or bad JSON', async () => {
    const backend = new FetchBackend();
    global.fetch = respond('', 404);
    expect(await read(backend)).toEqual({ err: expect.stringContaining('404'), data: false });
    global.fetch = respond('', 503);
    expect(await read(backend)).toEqual({ err: expect.stringContaining('503'), data: true });
    global.fetch = respond('{oops');
    expect(await read(backend)).toEqual({ err: expect.stringContaining('json'), data: false });
    global.fetch = jest.fn().mockRejectedValue(new TypeError('Failed to fetch'));
    expect(await read(backend)).toEqual({ err: expect.stringContaining('Failed to fetch'), data: true });
  });
});
