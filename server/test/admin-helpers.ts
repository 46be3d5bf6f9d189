import assert from 'node:assert/strict';
import { Client, errorParam, type Json, type TestServer } from './helpers';

/** Staff demo personas (src/demo/personas.ts) by short name. */
export const STAFF = {
  super: 'super@hive.test',
  dev: 'dev@hive.test',
  support: 'support@hive.test',
  billing: 'billing@hive.test',
  distributor: 'distributor@hive.test',
  viewer: 'viewer@hive.test',
  staff: 'staff@hive.test',
} as const;
export type Persona = keyof typeof STAFF;
export const PERSONAS = Object.keys(STAFF) as Persona[];

export interface ApiResult {
  status: number;
  body: Json;
  headers: Headers;
}

/** One JSON call; the body is parsed when there is one. */
export async function api(client: Client, method: string, path: string, json?: unknown): Promise<ApiResult> {
  const response = await client.request(path, { method, ...(json === undefined ? {} : { json }) });
  const text = await response.text();
  let body: Json = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = text;
  }
  return { status: response.status, body, headers: response.headers };
}

export async function signedIn(server: TestServer, email: string): Promise<Client> {
  const client = new Client(server.url);
  const { body } = await client.signIn(email);
  assert.equal(errorParam(body.url), null, `${email} signs in`);
  return client;
}

export function db(server: TestServer) {
  return server.running.database.db;
}

export async function companyId(server: TestServer, slug: string): Promise<number> {
  const row = await db(server).selectFrom('companies').select('id').where('slug', '=', slug).executeTakeFirstOrThrow();
  return row.id;
}

export async function userId(server: TestServer, email: string): Promise<number> {
  const row = await db(server).selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  return row.id;
}

/** Asserts a 400 of the shared validation shape naming `field`. */
export function assertValidation(result: ApiResult, field: string, label = ''): void {
  assert.equal(result.status, 400, `${label} -> 400 (got ${result.status}: ${JSON.stringify(result.body)})`);
  assert.equal(result.body.error, 'validation_error', label);
  assert.equal(
    typeof result.body.fields?.[field],
    'string',
    `${label}: a message for ${field} in ${JSON.stringify(result.body)}`,
  );
  assert.match(result.body.message, new RegExp(`^${field.replace(/\./g, '\\.')}: `), label);
}

/** RFC 4180 as toCsv writes it: the server's own reader. */
export { parseCsv } from '../src/modules/merchant';

/**
 * Pairs a register with the company's terminal `name` (or its first one at a location) through the
 * back-office API of `owner` and the device API; answers the device token.
 */
export async function pairRegister(server: TestServer, owner: Client, slug: string, name?: string): Promise<string> {
  let query = db(server)
    .selectFrom('terminals')
    .select('id')
    .where('company_id', '=', await companyId(server, slug))
    .where('location_id', 'is not', null);
  if (name !== undefined) query = query.where('name', '=', name);
  const terminal = await query.orderBy('id').executeTakeFirstOrThrow();
  const code = await api(owner, 'POST', `/api/backoffice/terminals/${terminal.id}/pairing_code`, {});
  const response = await fetch(`${server.url}/api/device/v1/pair`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code: code.body.pairingCode }),
  });
  const paired = (await response.json()) as { token?: string };
  if (response.status !== 200 || !paired.token)
    throw new Error(`pairing failed: ${response.status} ${JSON.stringify(paired)}`);
  return paired.token;
}

export interface DeviceReply {
  status: number;
  body: Json;
  etag: string | null;
}

/** A request of a paired register to the device API (`/api/device/v1` + path), as its token. */
export async function device(
  url: string,
  token: string,
  method: string,
  path: string,
  body?: unknown,
  etag?: string,
): Promise<DeviceReply> {
  const response = await fetch(`${url}/api/device/v1${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(etag ? { 'if-none-match': etag } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return {
    status: response.status,
    body: text ? (JSON.parse(text) as Json) : null,
    etag: response.headers.get('etag'),
  };
}

type TestDb = TestServer['running']['database']['db'];

/**
 * A register (terminal) of the company at a location, not paired: tests post its events with
 * postEvents (src/modules/receipts), as the ingest stores a paired register's.
 */
export async function addTerminal(
  database: TestDb,
  company: number,
  locationId: number,
  name: string,
): Promise<number> {
  const now = Date.now();
  const row = await database
    .insertInto('terminals')
    .values({ company_id: company, location_id: locationId, name, status: 'new', created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The id of one of the company's built-in payment types ('cash', 'card' ...). */
export async function paymentTypeId(database: TestDb, company: number, builtin: string): Promise<number> {
  const row = await database
    .selectFrom('payment_types')
    .select('id')
    .where('company_id', '=', company)
    .where('builtin', '=', builtin)
    .executeTakeFirstOrThrow();
  return row.id;
}
