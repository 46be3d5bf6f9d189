import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { createLogger } from './logging';
import { ONCE, oneDatabase, startTestServer, type TestServer } from '../../../test/helpers';

/*
 * Every answer carries X-Request-Id (a proxy's own id kept when it is sane), and every log line of
 * the work of that request carries the same requestId: the request line and what the handlers and
 * the error handler log on the way.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

for (const target of oneDatabase()) {
  describe('request ids', ONCE, () => {
    let server: TestServer;
    const lines: Record<string, unknown>[] = [];
    before(async () => {
      const sink = new Writable({
        write(chunk, _encoding, done) {
          for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
          done();
        },
      });
      server = await startTestServer(target, { logger: createLogger('debug', sink) });
    });
    after(async () => {
      await server?.close();
    });

    it('answers an id on every response, keeps a proxy’s sane one and replaces any other', async () => {
      const plain = await fetch(`${server.url}/api/auth/session`);
      assert.match(plain.headers.get('x-request-id') ?? '', UUID);
      const missing = await fetch(`${server.url}/no/such/page.js`);
      assert.match(missing.headers.get('x-request-id') ?? '', UUID);
      const kept = await fetch(`${server.url}/api/auth/session`, { headers: { 'X-Request-Id': 'nginx-4f2a9c01d3' } });
      assert.equal(kept.headers.get('x-request-id'), 'nginx-4f2a9c01d3');
      for (const bad of ['short', 'has spaces in it', 'x'.repeat(129), 'bad\u00e9chars1']) {
        const replaced = await fetch(`${server.url}/api/auth/session`, { headers: { 'X-Request-Id': bad } });
        assert.match(replaced.headers.get('x-request-id') ?? '', UUID, bad);
      }
    });

    it('puts the id on every log line of the request, the error handler’s too', async () => {
      const response = await fetch(`${server.url}/api/device/v1/pair`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"code": ',
      });
      assert.equal(response.status, 400);
      const id = response.headers.get('x-request-id');
      assert.match(id ?? '', UUID);
      await new Promise((resolve) => setTimeout(resolve, 50));
      const mine = lines.filter((l) => l.requestId === id).map((l) => l.msg);
      assert.ok(mine.includes('client error'), JSON.stringify(mine));
      assert.ok(mine.includes('request'), JSON.stringify(mine));
      // Lines logged outside any request (start-up) carry none.
      assert.ok(lines.some((l) => l.requestId === undefined));
    });
  });
}
