import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { checkPinVerifier } from './';
import { api, companyId, db, signedIn } from '../../../test/admin-helpers';
import { Client, databaseTargets, startTestServer, type Json, type TestServer } from '../../../test/helpers';

/*
 * PINs and the registers (issue 30, item 11): the configuration carries per-pairing PIN verifiers,
 * not the PIN hashes, checked with the pinKey the pairing answered once; unpairing revokes the
 * token and pairing again changes key and verifiers; admins reset PINs in bulk.
 */

const DEVICE = '/api/device/v1';
const RESET = '/api/backoffice/team/employees/pins/reset';

interface Paired {
  token: string;
  pinKey: Buffer;
}

for (const target of databaseTargets()) {
  describe(`register PINs [${target.name}]`, () => {
    let server: TestServer;
    let owner: Client; // admin of Blue Door Bistro
    let manager: Client; // manager of Blue Door Bistro
    let corner: Client; // admin of Corner Market
    let floorId: number;

    const pair = async (): Promise<Paired> => {
      const code = await api(owner, 'POST', `/api/backoffice/terminals/${floorId}/pairing_code`, {});
      const response = await fetch(`${server.url}${DEVICE}/pair`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ code: code.body.pairingCode }),
      });
      const body = (await response.json()) as Json;
      assert.equal(response.status, 200, JSON.stringify(body));
      assert.match(body.pinKey, /^[A-Za-z0-9_-]{43}$/);
      return { token: body.token, pinKey: Buffer.from(body.pinKey, 'base64url') };
    };
    const config = async (token: string, etag?: string) => {
      const response = await fetch(`${server.url}${DEVICE}/config`, {
        headers: { authorization: `Bearer ${token}`, ...(etag ? { 'if-none-match': etag } : {}) },
      });
      const text = await response.text();
      return {
        status: response.status,
        text,
        body: text ? (JSON.parse(text) as Json) : null,
        etag: response.headers.get('etag'),
      };
    };
    const employee = (body: Json, name: string) => body.employees.find((e: Json) => e.name === name);

    before(async () => {
      server = await startTestServer(target, {
        deviceRateLimits: { pair: { limit: 10_000, windowMs: 60_000 }, requests: { limit: 100_000, windowMs: 60_000 } },
      });
      [owner, manager, corner] = await Promise.all(
        ['owner@bluedoor.test', 'manager@bluedoor.test', 'owner@cornermarket.test'].map((e) => signedIn(server, e)),
      );
      const bistro = await companyId(server, 'blue-door-bistro');
      floorId = (
        await db(server)
          .selectFrom('terminals')
          .select('id')
          .where('company_id', '=', bistro)
          .where('name', '=', 'Floor')
          .executeTakeFirstOrThrow()
      ).id;
    });
    after(async () => {
      await server?.close();
    });

    it('the configuration carries PIN verifiers that only the pairing key checks, never the PIN hashes', async () => {
      const floor = await pair();
      const first = await config(floor.token);
      assert.equal(first.status, 200);
      // No scrypt hash of a PIN leaves the server: a copied configuration alone guesses nothing.
      assert.ok(!/"pinHash"|"scrypt\$/.test(first.text), 'no PIN hash in the configuration');
      const sam = employee(first.body, 'Sam Okafor');
      assert.match(sam.pinVerifier, /^scrypt-hmac\$\d+\$\d+\$\d+\$[A-Za-z0-9_-]+\$[A-Za-z0-9_-]{43}$/);
      assert.equal(await checkPinVerifier('1111', sam.pinVerifier, floor.pinKey), true);
      assert.equal(await checkPinVerifier('1112', sam.pinVerifier, floor.pinKey), false);
      assert.equal(await checkPinVerifier('1111', sam.pinVerifier, randomBytes(32)), false);
      // The ETag stays put while nothing changes.
      const second = await config(floor.token);
      assert.equal(second.etag, first.etag);
      assert.equal((await config(floor.token, first.etag!)).status, 304);
    });

    it('unpairing revokes the token; pairing again gives a new key and new verifiers, the old key checks none', async () => {
      const old = await pair();
      const before = await config(old.token);
      assert.equal(before.status, 200);
      const unpaired = await api(owner, 'POST', `/api/backoffice/terminals/${floorId}/unpair`, {});
      assert.equal(unpaired.status, 200);
      const revoked = await config(old.token);
      assert.equal(revoked.status, 401);
      assert.equal(revoked.body.error, 'invalid_token');

      const fresh = await pair();
      assert.ok(!fresh.pinKey.equals(old.pinKey));
      const now = await config(fresh.token);
      const sam = employee(now.body, 'Sam Okafor');
      assert.notEqual(sam.pinVerifier, employee(before.body, 'Sam Okafor').pinVerifier);
      assert.notEqual(now.etag, before.etag);
      assert.equal(await checkPinVerifier('1111', sam.pinVerifier, fresh.pinKey), true);
      assert.equal(await checkPinVerifier('1111', sam.pinVerifier, old.pinKey), false);
      // The old token, still revoked.
      assert.equal((await config(old.token)).status, 401);
    });

    it('an admin resets PINs in bulk: new unique PINs shown once, the old ones check nothing', async () => {
      const floor = await pair();
      const before = (await config(floor.token)).body;
      const reset = await api(owner, 'POST', RESET, { employeeIds: 'all' });
      assert.equal(reset.status, 200, JSON.stringify(reset.body));
      assert.equal(reset.headers.get('cache-control'), 'no-store');
      const pins = reset.body.pins as { employeeId: number; name: string; pin: string }[];
      const active = await db(server)
        .selectFrom('employees')
        .select('id')
        .where('company_id', '=', await companyId(server, 'blue-door-bistro'))
        .where('active', '=', 1)
        .execute();
      assert.deepEqual(pins.map((p) => p.employeeId).sort(), active.map((e) => e.id).sort());
      assert.equal(new Set(pins.map((p) => p.pin)).size, pins.length, 'unique PINs');
      for (const p of pins) assert.match(p.pin, /^\d{4,6}$/);

      const after = await config(floor.token);
      const sam = employee(after.body, 'Sam Okafor');
      const samPin = pins.find((p) => p.name === 'Sam Okafor')!.pin;
      assert.notEqual(sam.pinVerifier, employee(before, 'Sam Okafor').pinVerifier);
      assert.equal(await checkPinVerifier(samPin, sam.pinVerifier, floor.pinKey), true);
      if (samPin !== '1111') assert.equal(await checkPinVerifier('1111', sam.pinVerifier, floor.pinKey), false);

      // Chosen employees only; nothing else moves.
      const one = await api(owner, 'POST', RESET, { employeeIds: [sam.id] });
      assert.equal(one.status, 200);
      assert.deepEqual(
        one.body.pins.map((p: Json) => p.employeeId),
        [sam.id],
      );
    });

    it('refuses managers, other companies and bad input', async () => {
      const byManager = await api(manager, 'POST', RESET, { employeeIds: 'all' });
      assert.equal(byManager.status, 409);
      assert.equal(byManager.body.error, 'pin_reset_admin_only');
      const bistroEmployee = (await api(owner, 'GET', '/api/backoffice/team/employees')).body.rows[0].id;
      const foreign = await api(corner, 'POST', RESET, { employeeIds: [bistroEmployee] });
      assert.equal(foreign.status, 404);
      for (const body of [
        {},
        { employeeIds: [] },
        { employeeIds: 'some' },
        { employeeIds: [0] },
        { employeeIds: ['1'] },
      ]) {
        const bad = await api(owner, 'POST', RESET, body);
        assert.equal(bad.status, 400, JSON.stringify(body));
        assert.ok(
          Object.keys(bad.body.fields ?? {}).some((f) => f.startsWith('employeeIds')),
          JSON.stringify(bad.body),
        );
      }
    });
  });
}
