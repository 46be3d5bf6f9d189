import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { databaseTargets, startTestServer, type Client, type TestServer } from '../../../test/helpers';
import { STAFF, companyId, db, signedIn, userId } from '../../../test/admin-helpers';

/*
 * Malformed and hostile input against every admin route, as super admin (who passes every rights
 * check, so each body really reaches validation): wrong types, huge and control-character strings,
 * nested objects, prototype keys, broken JSON, wrong content types, hostile ids and queries.
 * Never a 5xx or a stack trace; anything that is not a valid body is a 4xx.
 */

const HOSTILE_VALUES: unknown[] = [
  null,
  true,
  0,
  -1,
  1.5e300,
  Number.MAX_SAFE_INTEGER + 2,
  '',
  ' ',
  'x'.repeat(70_000).slice(0, 30_000),
  '\u0000\u0001\u001f',
  '\ud800',
  '../../etc/passwd',
  "' or 1=1 --",
  '<script>alert(1)</script>',
  [],
  ['a', 'b'],
  [null],
  {},
  { $gt: '' },
  { __proto__: { admin: true } },
  { nested: { deeper: { deepest: [1, { a: 'b' }] } } },
];

const RAW_BODIES: { name: string; contentType?: string; body: string }[] = [
  { name: 'truncated JSON', contentType: 'application/json', body: '{"license": "Retail", ' },
  { name: 'not JSON', contentType: 'application/json', body: 'hello' },
  { name: 'JSON string', contentType: 'application/json', body: '"just a string"' },
  { name: 'JSON number', contentType: 'application/json', body: '42' },
  { name: 'JSON null', contentType: 'application/json', body: 'null' },
  { name: 'JSON array', contentType: 'application/json', body: '[1,2,3]' },
  {
    name: 'proto pollution',
    contentType: 'application/json',
    body: '{"__proto__":{"admin":true,"polluted":1},"constructor":{"prototype":{"polluted":2}}}',
  },
  { name: 'deep nesting', contentType: 'application/json', body: `${'['.repeat(3000)}${']'.repeat(3000)}` },
  { name: 'too large JSON', contentType: 'application/json', body: JSON.stringify({ body: 'a'.repeat(40_000) }) },
  { name: 'form encoded', contentType: 'application/x-www-form-urlencoded', body: 'license=Retail&addons=Kiosk' },
  { name: 'text/plain', contentType: 'text/plain', body: '{"license":"Retail"}' },
  { name: 'no content type', body: '{"license":"Retail"}' },
  { name: 'empty JSON body', contentType: 'application/json', body: '' },
  { name: 'utf-16 charset', contentType: 'application/json; charset=utf-16', body: '{"a":1}' },
];

const kind = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);

interface Route {
  method: 'POST' | 'PUT';
  path: string;
  /** A valid body; null for routes that take none. */
  body: Record<string, unknown> | null;
}

for (const target of databaseTargets()) {
  describe(`admin API, hostile input [${target.name}]`, () => {
    let server: TestServer;
    let root: Client;
    let routes: Route[] = [];
    before(async () => {
      server = await startTestServer(target);
      root = await signedIn(server, STAFF.super);
      const company = await companyId(server, 'urban-threads');
      const user = await userId(server, 'owner@urbanthreads.test');
      const staff = await userId(server, STAFF.staff);
      const coupon = (
        await db(server).selectFrom('coupons').select('id').where('code', '=', 'RESTO15').executeTakeFirstOrThrow()
      ).id;
      const ticket = (
        await db(server)
          .selectFrom('support_tickets')
          .select('id')
          .where('ref', '=', 'HIVE-1008')
          .executeTakeFirstOrThrow()
      ).id;
      const account = (
        await db(server)
          .selectFrom('merchant_accounts')
          .select('id')
          .where('company_id', '=', company)
          .executeTakeFirstOrThrow()
      ).id;
      const coupons = {
        code: 'FUZZ',
        kind: 'percent',
        value: 5,
        validFrom: '2026-01-01',
        validTo: '2026-02-01',
        maxRedemptions: null,
        licenses: ['Retail'],
      };
      routes = [
        {
          method: 'POST',
          path: '/api/admin/companies',
          body: { name: 'Fuzz Co', license: 'Retail', addons: [], ownerEmail: 'fuzz@fuzz.test' },
        },
        {
          method: 'PUT',
          path: `/api/admin/companies/${company}/plan`,
          body: { license: 'Retail', addons: ['Loyalty'] },
        },
        {
          method: 'PUT',
          path: `/api/admin/companies/${company}/status`,
          body: { status: 'active', reason: 'fuzzing here' },
        },
        { method: 'POST', path: `/api/admin/users/${user}/lock`, body: { locked: false } },
        { method: 'POST', path: `/api/admin/users/${user}/reset-link`, body: {} },
        {
          method: 'PUT',
          path: `/api/admin/users/${staff}/access`,
          body: { role: null, permissions: ['view_companies_menu'] },
        },
        { method: 'POST', path: '/api/admin/coupons', body: coupons },
        { method: 'PUT', path: `/api/admin/coupons/${coupon}`, body: { ...coupons, code: 'RESTO15' } },
        { method: 'POST', path: `/api/admin/coupons/${coupon}/deactivate`, body: {} },
        { method: 'POST', path: `/api/admin/support/${ticket}/messages`, body: { body: 'fuzz' } },
        { method: 'PUT', path: `/api/admin/support/${ticket}/status`, body: { status: 'closed' } },
        {
          method: 'PUT',
          path: '/api/admin/base_prices',
          body: { kind: 'addon', name: 'Kiosk', monthlyPrice: 35, note: 'fuzz' },
        },
        { method: 'POST', path: `/api/admin/bee_merchant/${account}/approve`, body: {} },
        { method: 'POST', path: `/api/admin/bee_merchant/${account}/reject`, body: { reason: 'fuzzing here' } },
      ];
    });
    after(async () => {
      await server?.close();
    });

    const failures: string[] = [];
    async function check(label: string, response: Response, expect4xx: boolean): Promise<void> {
      const text = await response.text();
      if (response.status >= 500) failures.push(`${label}: ${response.status} ${text.slice(0, 200)}`);
      else if (expect4xx && (response.status < 400 || response.status >= 500)) {
        failures.push(`${label}: expected 4xx, got ${response.status} ${text.slice(0, 120)}`);
      }
      if (/\bat .+\.(ts|js):\d+/.test(text)) failures.push(`${label}: stack trace in the response`);
    }

    it('every field with every hostile value -> 4xx, never 5xx', async () => {
      failures.length = 0;
      for (const route of routes) {
        const base = route.body ?? {};
        const fields = [...Object.keys(base), '__proto__', 'constructor', 'id', 'admin'];
        for (const field of fields) {
          for (const value of HOSTILE_VALUES) {
            // JSON.stringify drops a `__proto__` key set the ordinary way; define it as an own property.
            const body = { ...base };
            Object.defineProperty(body, field, { value, enumerable: true, configurable: true, writable: true });
            const response = await root.request(route.path, { method: route.method, json: body });
            // Some odd strings are legitimate text (a reply may quote "<script>"); wrong types,
            // unknown fields and control characters are not.
            // A value of the field's own kind may well be valid (`addons: []`, `locked: true`).
            const unknownField = !Object.prototype.hasOwnProperty.call(base, field);
            const wrongKind = kind(value) !== kind(base[field]);
            // eslint-disable-next-line no-control-regex -- control characters are what is refused
            const unsafe = typeof value === 'string' && /[\u0000-\u001f]|\ud800/.test(value);
            await check(
              `${route.method} ${route.path} ${field}=${JSON.stringify(value)?.slice(0, 40)}`,
              response,
              unknownField || wrongKind || unsafe,
            );
          }
        }
      }
      assert.deepEqual(failures, []);
    });

    it('raw bodies: broken JSON, wrong content types, oversize, pollution -> 4xx', async () => {
      failures.length = 0;
      for (const route of routes) {
        for (const raw of RAW_BODIES) {
          const headers: Record<string, string> = {};
          if (raw.contentType) headers['content-type'] = raw.contentType;
          const response = await root.request(route.path, { method: route.method, body: raw.body, headers });
          // Routes without a body accept an empty one, however it is labelled.
          const emptyOk =
            route.body !== null && Object.keys(route.body).length === 0 && /empty|form|text|no content/.test(raw.name);
          await check(`${route.method} ${route.path} ${raw.name}`, response, !emptyOk);
        }
      }
      assert.deepEqual(failures, []);
      const probe: Record<string, unknown> = {};
      assert.equal(probe.polluted, undefined, 'Object.prototype untouched');
      assert.equal(probe.admin, undefined, 'Object.prototype untouched');
    });

    it('hostile ids, queries and methods -> 4xx, never 5xx', async () => {
      failures.length = 0;
      const ids = [
        '0',
        '-1',
        '1.5',
        '1e3',
        '0x10',
        '99999999999999999999',
        '%00',
        '..%2F..',
        "1' or 1=1",
        'NaN',
        '__proto__',
      ];
      for (const id of ids) {
        for (const path of [`/api/admin/companies/${id}`, `/api/admin/users/${id}`, `/api/admin/coupons/${id}`]) {
          await check(`GET ${path}`, await root.request(path), true);
        }
        await check(
          `PUT plan ${id}`,
          await root.request(`/api/admin/companies/${id}/plan`, {
            method: 'PUT',
            json: { license: 'Retail', addons: [] },
          }),
          true,
        );
      }
      const queries = [
        'q[]=a&q[]=b',
        'q[$gt]=',
        `q=${'%'.repeat(50)}`,
        'q=%E0%A4%A',
        'page=-1',
        'page=1e9',
        'pageSize=0',
        'pageSize[]=5',
        'status[]=active',
        'license=__proto__',
        '__proto__[x]=1',
        `q=${encodeURIComponent('\u0000')}`,
      ];
      for (const area of ['companies', 'users', 'coupons', 'support', 'base_prices', 'bee_merchant']) {
        for (const query of queries) {
          await check(`GET ${area}?${query}`, await root.request(`/api/admin/${area}?${query}`), false);
        }
      }
      for (const method of ['DELETE', 'PATCH', 'OPTIONS', 'PUT']) {
        await check(`${method} /api/admin/companies`, await root.request('/api/admin/companies', { method }), false);
      }
      assert.deepEqual(failures, []);
    });
  });
}
