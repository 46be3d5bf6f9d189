import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Client, databaseTargets, startTestServer, type TestServer } from './helpers';

/*
 * Malformed and hostile input against every /api/backoffice route: wrong types per field, huge and
 * odd strings, prototype-pollution keys, broken JSON, hostile query strings and path ids. Every
 * answer is a 4xx (or a success for input that happens to be valid), never a 5xx, nothing leaks a
 * stack, and the server stays healthy.
 */

const API = '/api/backoffice';

const BODIES: Record<string, Record<string, unknown>> = {
  items: {
    name: 'Fuzz item',
    sku: 'FUZZ',
    categoryId: null,
    price: 1,
    cost: 0.5,
    taxIds: [],
    trackStock: true,
    active: true,
  },
  categories: { name: 'Fuzz category', color: '#123456', position: 1 },
  customers: { name: 'Fuzz customer', email: '', phone: '', notes: '', points: 0 },
};

const HOSTILE_VALUES: unknown[] = [
  null,
  true,
  0,
  -1,
  1.5e300,
  Number.MAX_SAFE_INTEGER + 2,
  '',
  ' ',
  'x'.repeat(5000),
  '\u0000\u0001\u001f',
  '\ud800',
  "' or 1=1 --",
  '%_\\',
  [],
  ['a'],
  {},
  { $gt: '' },
  { nested: { deeper: [1, { a: 'b' }] } },
];

const RAW_BODIES: { name: string; contentType: string; body: string }[] = [
  { name: 'truncated JSON', contentType: 'application/json', body: '{"name": "a", ' },
  { name: 'not JSON', contentType: 'application/json', body: 'hello' },
  { name: 'JSON null', contentType: 'application/json', body: 'null' },
  { name: 'JSON array', contentType: 'application/json', body: '[1,2,3]' },
  { name: 'JSON string', contentType: 'application/json', body: '"x"' },
  {
    name: 'proto pollution',
    contentType: 'application/json',
    body: '{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":2}},"name":"p"}',
  },
  { name: 'form body', contentType: 'application/x-www-form-urlencoded', body: 'name=a&price=1&__proto__[x]=1' },
  { name: 'deep nesting', contentType: 'application/json', body: `${'['.repeat(3000)}${']'.repeat(3000)}` },
  { name: 'too large', contentType: 'application/json', body: JSON.stringify({ name: 'a'.repeat(40_000) }) },
  { name: 'text/plain', contentType: 'text/plain', body: 'name=a' },
];

const QUERIES = [
  'search=%25%27%22%3B--',
  'search[a]=1',
  'search=a&search=b',
  'sort=name;drop table items',
  'sort=__proto__',
  'dir=asc%00',
  'page=-1',
  'page=1e3',
  'page=99999999999',
  'pageSize=0',
  'pageSize=%00',
  '__proto__[x]=1',
  'tzOffset=99999',
  'search=%ED%A0%80', // a lone surrogate, UTF-8 encoded
  `search=${'%F0%9F%98%80'.repeat(30)}`,
];

const IDS = [
  'abc',
  '0',
  '-1',
  '1.5',
  '1e3',
  '99999999999',
  '%00',
  '%2e%2e',
  '1%20',
  "1'",
  'null',
  'undefined',
  '__proto__',
];

for (const target of databaseTargets()) {
  describe(`back-office API under hostile input [${target.name}]`, () => {
    let server: TestServer;
    let owner: Client;

    before(async () => {
      server = await startTestServer(target);
      owner = new Client(server.url);
      await owner.signIn('owner@cornermarket.test');
    });
    after(async () => {
      await server?.close();
    });

    const expectClientAnswer = async (response: Response, label: string) => {
      assert.ok(response.status < 500, `${label}: ${response.status}`);
      const text = await response.text();
      assert.doesNotMatch(text, /at .+\.(ts|js):\d+/, `${label}: no stack trace`);
    };

    it('every field of every body, with every hostile value, on create and update', async () => {
      let checked = 0;
      for (const [resource, valid] of Object.entries(BODIES)) {
        const created = await owner.post(`${API}/${resource}`, {
          ...valid,
          sku: resource === 'items' ? 'FUZZ-BASE' : undefined,
        });
        assert.equal(created.response.status, 201, `${resource}: ${JSON.stringify(created.body)}`);
        const id = created.body.id as number;
        for (const field of [...Object.keys(valid), 'extra', '__proto__']) {
          for (const value of HOSTILE_VALUES) {
            const body = { ...valid, [field]: value };
            if (resource === 'items') body.sku = `FUZZ-${checked}`;
            const post = await owner.request(`${API}/${resource}`, { json: body });
            await expectClientAnswer(post, `POST ${resource} ${field}=${JSON.stringify(value)?.slice(0, 40)}`);
            const put = await owner.request(`${API}/${resource}/${id}`, { method: 'PUT', json: body });
            await expectClientAnswer(put, `PUT ${resource} ${field}`);
            checked += 2;
          }
        }
      }
      assert.ok(checked > 500);
    });

    it('raw bodies: broken JSON, pollution, nesting, size and wrong content types', async () => {
      for (const resource of Object.keys(BODIES)) {
        for (const raw of RAW_BODIES) {
          for (const [method, path] of [
            ['POST', `${API}/${resource}`],
            ['PUT', `${API}/${resource}/1`],
          ] as const) {
            const response = await owner.request(path, {
              method,
              body: raw.body,
              headers: { 'content-type': raw.contentType },
            });
            assert.ok(
              response.status >= 400 && response.status < 500,
              `${method} ${resource} ${raw.name}: ${response.status}`,
            );
            await expectClientAnswer(response, `${method} ${resource} ${raw.name}`);
          }
        }
      }
      assert.equal(({} as Record<string, unknown>).polluted, undefined, 'Object.prototype untouched');
    });

    it('hostile query strings on lists, exports and the overview', async () => {
      for (const path of [
        'items',
        'items/export',
        'categories',
        'categories/export',
        'customers',
        'customers/export',
        'team/positions/export',
        'customer_invoices/export',
        'overview',
      ]) {
        for (const query of QUERIES) {
          const response = await owner.request(`${API}/${path}?${query}`);
          await expectClientAnswer(response, `GET ${path}?${query}`);
        }
      }
    });

    it('hostile ids answer 404 on every method', async () => {
      for (const resource of Object.keys(BODIES)) {
        for (const id of IDS) {
          for (const method of ['GET', 'PUT', 'DELETE']) {
            const response = await owner.request(`${API}/${resource}/${id}`, {
              method,
              ...(method === 'PUT' ? { json: BODIES[resource] } : {}),
            });
            await expectClientAnswer(response, `${method} ${resource}/${id}`);
            if (method !== 'PUT' || response.status !== 400)
              assert.equal(response.status, 404, `${method} ${resource}/${id}`);
          }
        }
      }
    });

    it('odd cookies and unknown routes', async () => {
      const odd = new Client(server.url);
      for (const cookie of [
        'authjs.session-token=garbage',
        'authjs.session-token=' + 'a'.repeat(4000),
        'authjs.session-token.0=x; authjs.session-token.1=y',
      ]) {
        const response = await odd.request(`${API}/items`, { headers: { cookie } });
        assert.equal(response.status, 401);
      }
      const unknown = await owner.request(`${API}/nope`);
      assert.equal(unknown.status, 404);
      const wrongMethod = await owner.request(`${API}/items`, { method: 'PATCH', json: {} });
      assert.ok(wrongMethod.status === 404 || wrongMethod.status === 405);
    });

    it('stays healthy', async () => {
      const health = await owner.request('/healthz');
      assert.equal(health.status, 200);
      const list = await owner.request(`${API}/items`);
      assert.equal(list.status, 200);
    });
  });
}
