import assert from 'node:assert/strict';
import net from 'node:net';
import { Writable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import pino from 'pino';
import type { Request, Response } from 'express';
import { errorHandler, isClientAbort } from '../src/http/errors';
import { databaseTargets, startTestServer, type TestServer } from './helpers';

/*
 * A request the browser gave up on (a page left mid-upload, a cancelled fetch) is the client's
 * doing, not a bug: the server logs it at info as aborted, never as an `unhandled error`, and does
 * not try to answer it with a 500.
 */

interface Entry {
  level: number;
  msg: string;
  [key: string]: unknown;
}

const target = databaseTargets()[0]!;

describe('aborted requests', () => {
  let server: TestServer;
  const entries: Entry[] = [];
  before(async () => {
    const sink = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n')) if (line.trim()) entries.push(JSON.parse(line) as Entry);
        done();
      },
    });
    server = await startTestServer(target, { logger: pino({ level: 'debug' }, sink) });
  });
  after(async () => {
    await server?.close();
  });

  /** Sends the headers and half the body of a JSON POST, then closes the connection. */
  async function abortMidBody(path: string): Promise<void> {
    const { hostname, port } = new URL(server.url);
    const socket = net.connect(Number(port), hostname);
    await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
    const body = JSON.stringify({ events: [], padding: 'x'.repeat(4_000) });
    socket.write(
      [
        `POST ${path} HTTP/1.1`,
        `Host: ${hostname}:${port}`,
        'Content-Type: application/json',
        `Content-Length: ${body.length}`,
        'Authorization: Bearer hdt_not-a-token',
        '',
        '',
      ].join('\r\n') + body.slice(0, 1_000),
    );
    await sleep(150);
    socket.destroy();
    await sleep(300);
  }

  for (const path of ['/api/device/v1/events', '/api/auth/_log', '/api/backoffice/items']) {
    it(`a POST to ${path} closed mid-body is logged at info as aborted, not as an error, with no 500`, async () => {
      entries.length = 0;
      await abortMidBody(path);
      const errors = entries.filter((e) => e.level >= 50);
      assert.deepEqual(
        errors.map((e) => `${e.level} ${e.msg}`),
        [],
      );
      assert.ok(
        entries.some((e) => e.msg === 'request aborted by the client' && e.level <= 30),
        JSON.stringify(entries),
      );
      assert.ok(!entries.some((e) => e.status === 500 || e.status === 400), JSON.stringify(entries));
    });
  }
});

describe('isClientAbort and the error handler', () => {
  const gone = { destroyed: true, socket: { destroyed: true } } as unknown as Request;
  const open = { destroyed: false, socket: { destroyed: false } } as unknown as Request;
  const sendFileAbort = Object.assign(new Error('Request aborted'), { code: 'ECONNABORTED' });
  const reset = Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' });
  const socketAborted = Object.assign(new Error('aborted'), { code: 'ECONNRESET' });

  it('knows the client closing the connection from a connection error of our own', () => {
    assert.equal(isClientAbort(sendFileAbort, open), true); // res.sendFile: the client left mid-file
    assert.equal(isClientAbort({ type: 'request.aborted', status: 400 }, open), true);
    assert.equal(isClientAbort(socketAborted, gone), true);
    assert.equal(isClientAbort(reset, gone), true);
    // A database or SMTP connection reset while the client still waits is ours: an error.
    assert.equal(isClientAbort(reset, open), false);
    assert.equal(isClientAbort(new Error('boom'), gone), false);
  });

  it('logs an abort at info and answers nothing; anything else is still a logged 500', () => {
    const lines: Entry[] = [];
    const log = pino(
      { level: 'debug' },
      new Writable({
        write(chunk, _e, done) {
          lines.push(JSON.parse(String(chunk)) as Entry);
          done();
        },
      }),
    );
    const response = () => {
      const res = {
        headersSent: false,
        writableEnded: false,
        destroyed: false,
        statusCode: 200,
        destroy() {
          res.destroyed = true;
        },
        status(code: number) {
          res.statusCode = code;
          return res;
        },
        json() {
          res.writableEnded = true;
          return res;
        },
      };
      return res;
    };
    const handle = errorHandler(log);
    const req = { ...open, method: 'GET', path: '/assets/main.js' } as unknown as Request;
    const aborted = response();
    handle(sendFileAbort, req, aborted as unknown as Response, () => undefined);
    assert.equal(aborted.statusCode, 200);
    assert.equal(aborted.destroyed, true);
    const bug = response();
    handle(new Error('boom'), req, bug as unknown as Response, () => undefined);
    assert.equal(bug.statusCode, 500);
    assert.deepEqual(
      lines.map((l) => [l.level, l.msg]),
      [
        [30, 'request aborted by the client'],
        [50, 'unhandled error'],
      ],
    );
  });
});
