/**
 * A request the browser gave up on (a page left mid-load) is logged as aborted at info, never as an
 * `unhandled error` (level 50): a walk through the back-office used to log 16 of them. Other errors
 * still are.
 */
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { Writable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import express from 'express';
import pino from 'pino';
import { HttpError, errorHandler } from '../src/platform/http';

describe('errors from requests the client aborted', () => {
  const lines: { level: number; msg: string; path?: string }[] = [];
  const log = pino(
    { level: 'debug' },
    new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(JSON.parse(chunk.toString()));
        done();
      },
    }),
  );
  let server: ReturnType<express.Express['listen']>;
  let port: number;
  before(async () => {
    const app = express();
    // What res.sendFile passes on when the browser closes the connection before the file starts.
    app.get('/file', (req, _res, next) => {
      req.socket.destroy();
      next(Object.assign(new Error('Request aborted'), { code: 'ECONNABORTED' }));
    });
    // A failure after the client left, whatever its kind: nobody to answer, nothing of ours broke.
    app.get('/gone', (req, _res, next) => {
      req.socket.destroy();
      setImmediate(() => next(new Error('write after the socket closed')));
    });
    app.get('/bug', () => {
      throw new Error('a real bug');
    });
    app.use(express.json());
    app.post('/body', (_req, res) => {
      res.json({ ok: true });
    });
    // A client error after the body was read (the request stream is then destroyed, the socket not).
    app.post('/refused', async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      throw new HttpError(400, { error: 'validation_error', message: 'name: required' });
    });
    app.use(errorHandler(log));
    await new Promise<void>((resolve) => {
      server = app.listen(0, '127.0.0.1', () => resolve());
    });
    port = (server.address() as AddressInfo).port;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** Sends raw bytes, waits for the server to answer or drop the connection, then closes. */
  function send(text: string, closeAfterMs?: number): Promise<string> {
    return new Promise((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      let answer = '';
      socket.on('data', (chunk) => (answer += chunk.toString()));
      socket.on('close', () => resolve(answer));
      socket.on('error', () => resolve(answer));
      socket.write(text);
      if (closeAfterMs !== undefined) setTimeout(() => socket.destroy(), closeAfterMs);
      else setTimeout(() => socket.destroy(), 2_000);
    });
  }
  const settle = () => new Promise((resolve) => setTimeout(resolve, 100));
  const logged = (path: string) => lines.filter((line) => line.path === path);

  it('logs an aborted file at info and answers nothing', async () => {
    assert.equal(await send('GET /file HTTP/1.1\r\nHost: x\r\n\r\n'), '');
    await settle();
    assert.deepEqual(
      logged('/file').map((line) => [line.level, line.msg]),
      [[30, 'request aborted by the client']],
    );
  });

  it('logs any failure after the client left at info', async () => {
    await send('GET /gone HTTP/1.1\r\nHost: x\r\n\r\n');
    await settle();
    assert.deepEqual(
      logged('/gone').map((line) => [line.level, line.msg]),
      [[30, 'request aborted by the client']],
    );
  });

  it('logs a body cut off mid-way at info', async () => {
    await send(
      'POST /body HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a":',
      200,
    );
    await settle();
    const levels = logged('/body').map((line) => line.level);
    assert.ok(levels.length > 0, 'the abort is logged');
    assert.ok(
      levels.every((level) => level < 50),
      `no error-level line: ${JSON.stringify(logged('/body'))}`,
    );
  });

  it('answers a client error after the body was read (the client is still there)', async () => {
    const answer = await send(
      'POST /refused HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}',
    );
    assert.match(answer, /^HTTP\/1.1 400/);
    assert.match(answer, /name: required/);
  });

  it('still logs a real failure as an unhandled error with a 500', async () => {
    const answer = await send('GET /bug HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    assert.match(answer, /^HTTP\/1.1 500/);
    await settle();
    assert.deepEqual(
      logged('/bug').map((line) => [line.level, line.msg]),
      [[50, 'unhandled error']],
    );
  });
});
