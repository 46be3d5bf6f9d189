import { appendFileSync } from 'node:fs';
import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { DEVICE_API_BASE } from '@hive/shared/schemas/device';
import { openApiDocument } from '../src/modules/device-api';

/*
 * The device API's contract, held on every answer the server suite provokes: startTestServer
 * (helpers.ts) watches every response under /api/device/v1 and checks it against the served
 * OpenAPI document as it goes out (the operation exists, the status is declared for it, the body
 * validates against the response's schema, the headers the response declares are there, an error
 * code is in that response's enum). What did not conform fails the test file, named, in a hook
 * helpers.ts adds to every file's root (after every suite and its servers), so no test file can
 * forget the check. DEVICE_CONTRACT_LOG=<file> appends what each server checked at its close.
 */

type Json = Record<string, unknown>;

/** One answer of the device API as the client gets it (the body decoded from its Content-Encoding). */
export interface DeviceExchange {
  method: string;
  /** The path under the API's base, without the query, e.g. `/receipts/12`. */
  path: string;
  status: number;
  /** Lower-case names, as Node's getHeaders() gives them. */
  headers: Record<string, unknown>;
  body: Buffer;
}

interface Operation {
  key: string;
  pointer: string;
  op: Json;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const escape = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

/** A document's validators, compiled once per response schema. */
class Schemas {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true });
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(doc: Json) {
    this.ajv.addFormat('uuid', UUID);
    // The whole document as one schema resource: a response schema's `#/components/...` refs
    // resolve against its root.
    this.ajv.addSchema({ ...doc, $id: 'device-openapi' });
  }

  validator(pointer: string): ValidateFunction {
    let validate = this.compiled.get(pointer);
    if (!validate) {
      validate = this.ajv.compile({ $ref: `device-openapi#${pointer}` });
      this.compiled.set(pointer, validate);
    }
    return validate;
  }
}

const schemasOf = new WeakMap<Json, Schemas>();

function schemas(doc: Json): Schemas {
  let found = schemasOf.get(doc);
  if (!found) {
    found = new Schemas(doc);
    schemasOf.set(doc, found);
  }
  return found;
}

/** The `$ref` target inside `doc` (local refs only), or the value itself. */
function deref(doc: Json, value: unknown): Json {
  const target = (value as { $ref?: unknown } | undefined)?.$ref;
  if (typeof target !== 'string') return (value ?? {}) as Json;
  let node: unknown = doc;
  for (const part of target.replace(/^#\//, '').split('/')) {
    node = (node as Json)[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return deref(doc, node);
}

/** The documented operation of `method path` (HEAD answers as GET does), if any. */
export function findOperation(doc: Json, method: string, path: string): Operation | undefined {
  const verb = method.toLowerCase() === 'head' ? 'get' : method.toLowerCase();
  for (const [template, item] of Object.entries(doc.paths as Record<string, Json>)) {
    const pattern = new RegExp(`^${template.replace(/[.]/g, '\\.').replace(/\{[^}]+\}/g, '[^/]+')}$`, 'i');
    if (!pattern.test(path)) continue;
    const op = item[verb] as Json | undefined;
    if (op) return { key: `${verb.toUpperCase()} ${template}`, pointer: `/paths/${escape(template)}/${verb}`, op };
  }
  return undefined;
}

/** The error codes the document declares for an operation's status (its `error` enum). */
export function declaredCodes(doc: Json, op: Json, status: number): string[] {
  const response = deref(doc, (op.responses as Json)[String(status)]);
  const schema = deref(doc, (response.content as Json | undefined)?.['application/json'] as Json | undefined);
  const found = new Set<string>();
  const visit = (node: Json) => {
    const error = deref(doc, (deref(doc, node).properties as Json | undefined)?.error);
    for (const code of (error.enum as string[] | undefined) ?? []) found.add(code);
    if (typeof error.const === 'string') found.add(error.const);
    for (const part of (deref(doc, node).allOf as Json[] | undefined) ?? []) visit(part);
  };
  visit(deref(doc, schema.schema));
  return [...found];
}

const codesOf = new WeakMap<Json, Set<string>>();

/** Every error code the document declares anywhere. */
export function allDeclaredCodes(doc: Json): Set<string> {
  const known = codesOf.get(doc);
  if (known) return known;
  const out = new Set<string>();
  codesOf.set(doc, out);
  for (const item of Object.values(doc.paths as Record<string, Record<string, Json>>)) {
    for (const op of Object.values(item)) {
      for (const status of Object.keys(op.responses as Json)) {
        for (const code of declaredCodes(doc, op, Number(status))) out.add(code);
      }
    }
  }
  return out;
}

const header = (headers: Record<string, unknown>, name: string) => headers[name.toLowerCase()];

/**
 * What in `exchange` the document does not allow (empty: it conforms). An answer to a route the
 * document does not have must be a refusal (an Error with a code the document knows): the route
 * walk of contract.test.ts keeps the document's routes and the server's the same.
 */
export function checkExchange(doc: Json, exchange: DeviceExchange): string[] {
  const problems: string[] = [];
  const contentType = String(header(exchange.headers, 'content-type') ?? '')
    .split(';')[0]!
    .trim()
    .toLowerCase();
  const bodyless = exchange.method === 'HEAD' || exchange.status === 304 || exchange.status === 204;
  let json: unknown;
  if (!bodyless && contentType === 'application/json') {
    try {
      json = JSON.parse(exchange.body.toString('utf8'));
    } catch {
      return ['the body is not JSON although its Content-Type says so'];
    }
  }
  const found = findOperation(doc, exchange.method, exchange.path);
  if (!found) {
    if (exchange.status < 400) return [`answers ${exchange.status} on a route the document does not have`];
    const validate = schemas(doc).validator('/components/schemas/Error');
    if (!validate(json)) problems.push(`the body is not an Error: ${schemaErrors(validate)}`);
    const code = (json as { error?: unknown } | undefined)?.error;
    if (typeof code === 'string' && !allDeclaredCodes(doc).has(code)) {
      problems.push(`error "${code}" is not a code of the document`);
    }
    return problems;
  }
  const { op, pointer } = found;
  const responses = op.responses as Json;
  if (!(String(exchange.status) in responses)) {
    return [`${exchange.status} is not a response of ${found.key} (${Object.keys(responses).join(', ')})`];
  }
  const response = deref(doc, responses[String(exchange.status)]);
  for (const [name, value] of Object.entries((response.headers as Json | undefined) ?? {})) {
    const declared = deref(doc, value);
    if (declared.required === true && header(exchange.headers, name) === undefined) {
      problems.push(`the header ${name} is missing`);
    }
  }
  const content = response.content as Json | undefined;
  if (!content) {
    if (exchange.body.length > 0) problems.push('has a body, and the response declares none');
    return problems;
  }
  if (bodyless) return problems;
  if (!(contentType in content)) {
    return [...problems, `Content-Type ${contentType || '(none)'} is not one of ${Object.keys(content).join(', ')}`];
  }
  if (contentType !== 'application/json') return problems;
  const code = (json as { error?: unknown } | null)?.error;
  let undeclared = false;
  if (exchange.status >= 400 && typeof code === 'string') {
    const codes = declaredCodes(doc, op, exchange.status);
    undeclared = !codes.includes(code);
    if (undeclared) problems.push(`error "${code}" is not in the ${exchange.status}'s codes (${codes.join(', ')})`);
  }
  const validate = schemas(doc).validator(
    `${pointer}/responses/${exchange.status}/content/${escape('application/json')}/schema`,
  );
  if (!validate(json)) {
    // An undeclared code is said above; the enum's own complaint would only repeat it.
    const errors = schemaErrors(validate, undeclared ? '/error' : undefined);
    if (errors) problems.push(`the body does not match the response's schema: ${errors}`);
  }
  return problems;
}

function schemaErrors(validate: ValidateFunction, except?: string): string {
  return (validate.errors ?? [])
    .filter((e) => e.instancePath !== except)
    .slice(0, 5)
    .map((e) => `${e.instancePath || '/'} ${e.message ?? ''}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`)
    .join('; ');
}

const DEVICE_PATH = new RegExp(`^${DEVICE_API_BASE}(?=[/?]|$)`, 'i');

function decoded(body: Buffer, encoding: unknown): Buffer {
  if (body.length === 0) return body;
  switch (String(encoding ?? '').toLowerCase()) {
    case 'br':
      return brotliDecompressSync(body);
    case 'gzip':
      return gunzipSync(body);
    case 'deflate':
      return inflateSync(body);
    default:
      return body;
  }
}

/** The device API's answers of one test server, checked as they go out. */
export class DeviceContract {
  /** The document answers are checked against (a test may swap in another to see one fail). */
  document: Json = openApiDocument();
  /** How many answers were checked, by operation (`GET /config`; `unrouted` for other paths). */
  readonly checked = new Map<string, number>();
  readonly problems: string[] = [];
  private reported = 0;
  /** Answers being written: checked on their 'finish', which may come after the client has them. */
  private readonly inFlight = new Set<Promise<void>>();

  get total(): number {
    return [...this.checked.values()].reduce((a, b) => a + b, 0);
  }

  check(exchange: DeviceExchange): string[] {
    let problems: string[];
    try {
      problems = checkExchange(this.document, exchange);
    } catch (error) {
      problems = [`could not be checked: ${(error as Error).message}`];
    }
    const key = findOperation(this.document, exchange.method, exchange.path)?.key ?? 'unrouted';
    this.checked.set(key, (this.checked.get(key) ?? 0) + 1);
    for (const problem of problems) {
      const excerpt = exchange.body.toString('utf8').slice(0, 300);
      this.problems.push(`${exchange.method} ${exchange.path} -> ${exchange.status}: ${problem} (body: ${excerpt})`);
    }
    return problems;
  }

  /** Watches the answers `server` sends under the device API (every request listener wrapped). */
  watch(server: Server): this {
    watching.add(this);
    const listeners = server.listeners('request') as RequestListener[];
    server.removeAllListeners('request');
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      if (DEVICE_PATH.test(req.url ?? '')) this.observe(req, res);
      for (const listener of listeners) listener.call(server, req, res);
    });
    return this;
  }

  /** Collects what is written (after compression: the client's view) and checks it once sent. */
  private observe(req: IncomingMessage, res: ServerResponse): void {
    const chunks: Buffer[] = [];
    const keep = (chunk: unknown, encoding: unknown) => {
      if (typeof chunk === 'string')
        chunks.push(Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8'));
      else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
    };
    const done = new Promise<void>((resolve) => res.once('close', resolve));
    this.inFlight.add(done);
    void done.then(() => this.inFlight.delete(done));
    const write = res.write;
    const end = res.end;
    res.write = function (this: ServerResponse, chunk: unknown, ...rest: unknown[]) {
      keep(chunk, rest[0]);
      return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
    } as ServerResponse['write'];
    res.end = function (this: ServerResponse, chunk?: unknown, ...rest: unknown[]) {
      if (typeof chunk !== 'function') keep(chunk, rest[0]);
      return (end as (...args: unknown[]) => ServerResponse).call(this, chunk, ...rest);
    } as ServerResponse['end'];
    res.on('finish', () => {
      const headers = res.getHeaders() as Record<string, unknown>;
      const url = new URL(req.url ?? '/', 'http://device.test');
      let body: Buffer;
      try {
        body = decoded(Buffer.concat(chunks), headers['content-encoding']);
      } catch (error) {
        this.problems.push(
          `${req.method} ${url.pathname}: the body could not be decoded (${(error as Error).message})`,
        );
        return;
      }
      this.check({
        method: req.method ?? 'GET',
        path: url.pathname.replace(DEVICE_PATH, '') || '/',
        status: res.statusCode,
        headers,
        body,
      });
    });
  }

  /**
   * Waits (at most `limitMs`) for the answers still being written: a client may hold a status
   * before the server's 'finish', and a server closed in between would never check that answer.
   */
  async settled(limitMs = 5000): Promise<void> {
    if (this.inFlight.size === 0) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.all([...this.inFlight]),
      new Promise<void>((resolve) => {
        timer = setTimeout(resolve, limitMs);
      }),
    ]);
    clearTimeout(timer);
  }

  /** Throws what did not conform since the last call. */
  assertConforms(): void {
    const fresh = this.problems.slice(this.reported);
    this.reported = this.problems.length;
    if (fresh.length > 0) throw new Error(report(fresh));
  }

  /** At the server's close: notes the count in DEVICE_CONTRACT_LOG (a file) when set. */
  finish(): void {
    const log = process.env.DEVICE_CONTRACT_LOG?.trim();
    if (!log || this.total === 0) return;
    const line = {
      file: process.argv[1],
      checked: this.total,
      problems: this.problems.length,
      byOperation: Object.fromEntries(this.checked),
    };
    appendFileSync(log, `${JSON.stringify(line)}\n`);
  }
}

const watching = new Set<DeviceContract>();

/**
 * Throws what any watched server answered that did not conform. helpers.ts runs it as a hook of
 * the test file's root, after every suite and its servers are done: the file fails, named.
 */
export function assertDeviceContracts(): void {
  const problems: string[] = [];
  for (const contract of watching) {
    try {
      contract.assertConforms();
    } catch (error) {
      problems.push((error as Error).message);
    }
  }
  if (problems.length > 0) throw new Error(problems.join('\n'));
}

function report(problems: readonly string[]): string {
  const shown = problems.slice(0, 20);
  const more = problems.length > shown.length ? `\n... and ${problems.length - shown.length} more` : '';
  return `The device API sent ${problems.length} answer(s) its OpenAPI document does not allow (server/test/device-contract.ts):\n- ${shown.join('\n- ')}${more}`;
}
