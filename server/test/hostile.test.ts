import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { Client, databaseTargets, startTestServer, type TestServer } from './helpers';

/*
 * A few hundred malformed and hostile requests against every POST route: wrong types, huge
 * strings, deep nesting, prototype-pollution keys, broken JSON, wrong content types, odd
 * cookies and addresses. Every answer must be a client error (or an ordinary Auth.js answer for
 * Auth.js routes), never a 5xx, and the process must come out unpolluted and healthy.
 */

const CUSTOM_ROUTES: Record<string, Record<string, unknown>> = {
  '/api/auth/usercompany': {},
  '/api/auth/langchange': { lang: 'en' },
  '/api/auth/signup': { company: 'Fuzz Co', email: 'fuzz@fuzz.test', password: 'fuzz-pass-2026', license: 'Retail' },
  '/api/auth/resetpass': { email: 'fuzz@fuzz.test' },
  '/api/auth/_log': { level: 'info', code: 'FUZZ', message: 'fuzz' },
  '/api/telemetry': { v: 1, browser: 'chrome', events: [{ release: 1, kind: 'session', route: '/' }] },
};
const AUTHJS_ROUTES: Record<string, Record<string, unknown>> = {
  '/api/auth/callback/credentials': { email: 'owner@atlas.test', password: 'wrong-password', callbackUrl: '/' },
  '/api/auth/signin/credentials': { callbackUrl: '/' },
  '/api/auth/signout': { callbackUrl: '/' },
  '/api/auth/session': { data: { extend: true } },
};
const EXTRA_FIELDS = ['token', 'extend', 'data', 'csrfToken', 'callbackUrl'];

const HOSTILE_VALUES: unknown[] = [
  null,
  true,
  0,
  -1,
  1.5e300,
  '',
  ' ',
  'x'.repeat(5000),
  '\u0000\u0001\u001f',
  '\ud800',
  '../../etc/passwd',
  "' or 1=1 --",
  [],
  ['a', 'b'],
  {},
  { $gt: '' },
  { nested: { deeper: { deepest: [1, { a: 'b' }] } } },
];

const RAW_BODIES: { name: string; contentType?: string; body: string; expect4xx?: boolean }[] = [
  { name: 'truncated JSON', contentType: 'application/json', body: '{"email": "a@b.c", ', expect4xx: true },
  { name: 'not JSON', contentType: 'application/json', body: 'hello', expect4xx: true },
  { name: 'JSON string', contentType: 'application/json', body: '"just a string"', expect4xx: true },
  { name: 'JSON number', contentType: 'application/json', body: '42', expect4xx: true },
  { name: 'JSON null', contentType: 'application/json', body: 'null', expect4xx: true },
  { name: 'JSON array', contentType: 'application/json', body: '[1,2,3]', expect4xx: true },
  {
    name: 'proto pollution',
    contentType: 'application/json',
    body: '{"__proto__":{"admin":true,"polluted":1},"constructor":{"prototype":{"polluted":2}}}',
  },
  {
    name: 'proto in form',
    contentType: 'application/x-www-form-urlencoded',
    body: '__proto__[polluted]=1&constructor[prototype][polluted]=2&__proto__=x',
  },
  {
    name: 'deep nesting',
    contentType: 'application/json',
    body: `${'['.repeat(3000)}${']'.repeat(3000)}`,
    expect4xx: true,
  },
  {
    name: 'too large JSON',
    contentType: 'application/json',
    body: JSON.stringify({ email: 'a'.repeat(40_000) }),
    expect4xx: true,
  },
  {
    name: 'too large form',
    contentType: 'application/x-www-form-urlencoded',
    body: `email=${'a'.repeat(40_000)}`,
    expect4xx: true,
  },
  {
    name: 'many form fields',
    contentType: 'application/x-www-form-urlencoded',
    body: Array.from({ length: 500 }, (_, i) => `f${i}=1`).join('&'),
    expect4xx: true,
  },
  {
    name: 'bad percent-encoding',
    contentType: 'application/x-www-form-urlencoded',
    body: 'email=%E0%A4%A&password=%%%',
  },
  {
    name: 'repeated fields',
    contentType: 'application/x-www-form-urlencoded',
    body: 'email=a@b.c&email=d@e.f&password=1&password=2&csrfToken=a&csrfToken=b',
  },
  { name: 'text/plain', contentType: 'text/plain', body: 'email=a@b.c' },
  {
    name: 'xml',
    contentType: 'application/xml',
    body: '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>',
  },
  {
    name: 'multipart',
    contentType: 'multipart/form-data; boundary=XX',
    body: '--XX\r\nContent-Disposition: form-data; name="email"\r\n\r\na@b.c\r\n--XX--\r\n',
  },
  { name: 'utf-16 charset', contentType: 'application/json; charset=utf-16', body: '{"a":1}', expect4xx: true },
  { name: 'no content type', body: '{"email":"a@b.c"}' },
  { name: 'empty JSON body', contentType: 'application/json', body: '' },
];

for (const target of databaseTargets()) {
  describe(`hostile input [${target.name}]`, () => {
    let server: TestServer;
    let signedIn: Client;
    let csrfToken: string;
    before(async () => {
      server = await startTestServer(target);
      signedIn = new Client(server.url);
      await signedIn.signIn('owner@cornermarket.test');
      csrfToken = await signedIn.csrf();
    });
    after(async () => {
      await server?.close();
    });

    let failures: string[] = [];
    let count = 0;
    beforeEach(() => {
      failures = [];
    });
    async function check(label: string, response: Response, expect4xx: boolean): Promise<void> {
      count += 1;
      const text = await response.text();
      if (response.status >= 500) failures.push(`${label}: ${response.status} ${text.slice(0, 200)}`);
      else if (expect4xx && (response.status < 400 || response.status >= 500))
        failures.push(`${label}: expected 4xx, got ${response.status}`);
      if (/\bat .+\.(ts|js):\d+/.test(text)) failures.push(`${label}: stack trace in the response`);
    }

    it('custom routes: every field with every hostile value -> 4xx', async () => {
      for (const [route, base] of Object.entries(CUSTOM_ROUTES)) {
        const fields = [...Object.keys(base), ...EXTRA_FIELDS];
        for (const field of fields) {
          for (const value of HOSTILE_VALUES) {
            const body = { ...base, [field]: value };
            const client = count % 2 === 0 ? signedIn : new Client(server.url, signedIn.address);
            const response = await client.request(route, { json: body });
            // Extra fields are ignored (200/201/204 is fine). In a real field, a non-string or an
            // oversized string is a 4xx (usercompany ignores its body); other odd strings may be
            // legitimate (a log message may say "../../etc/passwd") and only must not be a 5xx.
            const realField = field in base && route !== '/api/auth/usercompany';
            const invalid = typeof value !== 'string' || value.length > 4000;
            await check(`${route} ${field}=${JSON.stringify(value)?.slice(0, 40)}`, response, realField && invalid);
          }
        }
      }
      assert.deepEqual(failures, []);
    });

    it('Auth.js routes: hostile values with and without a valid CSRF token -> never 5xx', async () => {
      for (const [route, base] of Object.entries(AUTHJS_ROUTES)) {
        const fields = [...new Set([...Object.keys(base), 'email', 'password', ...EXTRA_FIELDS])];
        for (const field of fields) {
          for (const value of HOSTILE_VALUES) {
            for (const withCsrf of [true, false]) {
              const body = { ...base, ...(withCsrf ? { csrfToken } : {}), [field]: value };
              const response = await signedIn.request(route, {
                json: body,
                headers: { 'x-auth-return-redirect': '1' },
              });
              await check(`${route} ${field}=${JSON.stringify(value)?.slice(0, 40)} csrf=${withCsrf}`, response, false);
            }
          }
        }
        // Sign back in if a hostile sign-out went through.
        if (!(await signedIn.session())) await signedIn.signIn('owner@cornermarket.test');
        csrfToken = await signedIn.csrf();
      }
      assert.deepEqual(failures, []);
    });

    it('raw bodies: broken JSON, wrong content types, oversize, pollution -> 4xx / never 5xx', async () => {
      const routes = [...Object.keys(CUSTOM_ROUTES), ...Object.keys(AUTHJS_ROUTES)];
      for (const route of routes) {
        for (const raw of RAW_BODIES) {
          const headers: Record<string, string> = { 'x-auth-return-redirect': '1' };
          if (raw.contentType) headers['content-type'] = raw.contentType;
          const response = await signedIn.request(route, { method: 'POST', body: raw.body, headers });
          const custom = route in CUSTOM_ROUTES;
          // Bodies that cannot be parsed or are too big are 4xx everywhere; odd content types
          // on custom routes are a 4xx, except on usercompany (which ignores its body).
          const strict =
            raw.expect4xx === true ||
            (custom &&
              route !== '/api/auth/usercompany' &&
              raw.name !== 'proto pollution' &&
              raw.name !== 'proto in form');
          await check(
            `${route} ${raw.name}`,
            response,
            strict && !(route === '/api/auth/usercompany' && !raw.expect4xx),
          );
        }
      }
      assert.deepEqual(failures, []);
      const probe: Record<string, unknown> = {};
      assert.equal(probe.polluted, undefined, 'Object.prototype untouched');
      assert.equal(probe.admin, undefined, 'Object.prototype untouched');
    });

    it('odd methods, queries, cookies and addresses -> never 5xx', async () => {
      const client = new Client(server.url);
      const requests: [string, RequestInit & { headers?: Record<string, string> }][] = [
        ['/api/auth/session', { method: 'PUT' }],
        ['/api/auth/session', { method: 'DELETE' }],
        ['/api/auth/usercompany', { method: 'GET' }],
        ['/api/auth/nonsense', {}],
        ['/api/auth/callback/unknown-provider', { method: 'POST' }],
        ['/api/auth/signin/nope', {}],
        ['/api/auth/session?callbackUrl=javascript:alert(1)', {}],
        ['/api/auth/csrf?callbackUrl[]=a&callbackUrl[]=b', {}],
        ['/api/auth/error?error=%3Cscript%3E', {}],
        ['/api/auth/session', { headers: { cookie: 'authjs.session-token=%%%; authjs.csrf-token=|||' } }],
        ['/api/auth/session', { headers: { cookie: `authjs.session-token=${'A'.repeat(3000)}` } }],
        ['/api/auth/session', { headers: { cookie: 'authjs.session-token.0=abc; authjs.session-token.1=def' } }],
        [
          '/api/auth/usercompany',
          {
            method: 'POST',
            headers: { cookie: 'authjs.session-token=e30.e30.e30.e30.e30', 'content-type': 'application/json' },
            body: '{}',
          },
        ],
        [
          '/api/auth/usercompany',
          {
            method: 'POST',
            headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
            body: '{}',
          },
        ],
        ['/api/auth/csrf', { headers: { 'x-forwarded-for': 'not-an-ip, also-not' } }],
        ['/api/auth/csrf', { headers: { host: 'evil.example:1234' } }],
        ['/api/dev/outbox?to[]=x', {}],
        ['/api/dev/outbox?to=' + 'a'.repeat(5000), {}],
        ['/api/%E0%A4%A', {}],
        ['/locales/..%2F..%2Fetc/passwd.json', {}],
        ['/locales/en/..%2F..%2Fsecret.json', {}],
        ['/remotes/backoffice/..%2F..%2Fpackage.json', {}],
      ];
      for (const [path, init] of requests) {
        const response = await client.request(path, init);
        await check(`${init.method ?? 'GET'} ${path}`, response, false);
      }
      assert.deepEqual(failures, []);
    });

    it('stays healthy and reports how much it sent', async () => {
      const health = await fetch(`${server.url}/healthz`);
      assert.equal(health.status, 200);
      assert.ok(count >= 300, `sent ${count} hostile requests`);
      assert.ok((await signedIn.request('/api/auth/csrf')).ok);
    });
  });
}
