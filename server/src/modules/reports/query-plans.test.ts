import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { CompiledQuery, sql, type Kysely } from 'kysely';
import { listRoutes } from '../../platform/http';
import { onQuery } from '../../platform/db';
import type { Database } from '../../database';
import { Client, databaseTargets, startTestServer, type Json, type TestServer } from '../../../test/helpers';

/*
 * A gate against slow report queries, asked of each database's planner rather than timed: every
 * query the transactions list and the reports run (the list with each filter alone and combined,
 * every report route of the server's own list) is explained on a few thousand receipts with
 * statistics gathered, and none may
 * - scan the whole receipts table (PostgreSQL asked with sequential scans off: a Seq Scan left
 *   means no index can serve),
 * - sort a period's receipts to take a page of them (the page must come from an index in order),
 * - or, for the lists the roll-ups answer (no filter, or by till and payment type), read a period's
 *   receipts at all outside the page (their counts, sums and figure come from rollup_receipts).
 * BENCHMARKS.md times the same shapes at a million receipts (`npm run bench:reports`).
 */

const API = '/api/backoffice';
const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

interface Ran {
  sql: string;
  parameters: readonly unknown[];
}

/** Reads receipts (the table, under any alias). */
const readsReceipts = (text: string) => /\b(from|join)\s+"receipts"/i.test(text);
/** Bounded by a page (a LIMIT), or by a list of ids given (not a subquery): not a period's receipts. */
const bounded = (text: string) => /\blimit\b/i.test(text) || /"(receipt_)?id"\s+in\s*\(\s*(\?|\$\d)/i.test(text);

type PlanProblem = string | null;

/**
 * A read of many receipts (a company's, a till's or an employee's period, or a scan), as opposed to
 * looking some up: by id, number, register number, customer, shift or the sale refunded.
 */
const LOOKUP = /\b(rowid|id|number|local_number|customer_id|shift_id|refund_of|client_id)=/;
const rangeOfReceipts = (detail: string) =>
  /^(SCAN|SEARCH) (r|s|receipts)\b/.test(detail) && (/^SCAN/.test(detail) || !LOOKUP.test(detail));

async function sqlitePlan(db: Kysely<Database>, q: Ran): Promise<{ problem: PlanProblem; plan: string }> {
  const rows = (await db.executeQuery(CompiledQuery.raw(`explain query plan ${q.sql}`, [...q.parameters]))).rows as {
    id: number;
    parent: number;
    detail: string;
  }[];
  const plan = rows.map((r) => r.detail).join('\n');
  // "SCAN r" / "SCAN receipts" (with or without a covering index): every row of the table. A scan
  // of a subquery's rows (a search's union, CO-ROUTINE r) reads what the lookups found, not the table.
  const derived = new Set([...plan.matchAll(/^(?:CO-ROUTINE|MATERIALIZE) (\w+)/gm)].map((m) => m[1]));
  const scanned = [...plan.matchAll(/^SCAN (\w+)/gm)].map((m) => m[1]!);
  if (scanned.some((name) => ['r', 's', 'receipts'].includes(name) && !derived.has(name))) {
    return { problem: 'a full scan of receipts', plan };
  }
  // A temporary B-tree ordering the rows of a (sub)query that reads a range of receipts: the period
  // sorted, where the index should give them in order. (Sorting a page's rows, read by id, is fine.)
  for (const sort of rows.filter((r) => r.detail === 'USE TEMP B-TREE FOR ORDER BY')) {
    const siblings = rows.filter((r) => r.parent === sort.parent && r !== sort);
    if (siblings.some((r) => rangeOfReceipts(r.detail) && !derived.has(/^\w+ (\w+)/.exec(r.detail)?.[1] ?? ''))) {
      return { problem: "a sort of the period's receipts", plan };
    }
  }
  return { problem: null, plan };
}

interface PgNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Cond'?: string;
  Plans?: PgNode[];
}

async function postgresPlan(db: Kysely<Database>, q: Ran): Promise<{ problem: PlanProblem; plan: string }> {
  const result = await db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    return trx.executeQuery(CompiledQuery.raw(`explain (format json) ${q.sql}`, [...q.parameters]));
  });
  const root = (result.rows[0] as { 'QUERY PLAN': [{ Plan: PgNode }] })['QUERY PLAN'][0].Plan;
  const plan = JSON.stringify(root);
  const nodes: { node: PgNode; underSort: boolean }[] = [];
  const walk = (node: PgNode, underSort: boolean) => {
    nodes.push({ node, underSort });
    // A Limit between them bounds what the Sort above sorts (a page's rows, read again by id).
    const sorted = /Sort/.test(node['Node Type']) ? true : node['Node Type'] === 'Limit' ? false : underSort;
    for (const child of node.Plans ?? []) walk(child, sorted);
  };
  walk(root, false);
  const receipts = nodes.filter((n) => n.node['Relation Name'] === 'receipts');
  if (receipts.some((n) => n.node['Node Type'] === 'Seq Scan')) return { problem: 'a full scan of receipts', plan };
  if (receipts.some((n) => /Index/.test(n.node['Node Type']) && !n.node['Index Cond'])) {
    return { problem: 'a whole index of receipts read', plan };
  }
  // A Sort above a range of receipts (the period, not rows looked up by id): the index should order them.
  const range = (n: PgNode) =>
    /Bitmap/.test(n['Node Type']) ||
    !/\((\w+\.)?(id|number|local_number|customer_id|shift_id|refund_of|client_id) = /.test(n['Index Cond'] ?? '');
  if (receipts.some((n) => n.underSort && range(n.node))) return { problem: "a sort of the period's receipts", plan };
  return { problem: null, plan };
}

for (const target of databaseTargets()) {
  describe(`the plans of the reports' queries [${target.name}]`, () => {
    let server: TestServer;
    let owner: Client;
    let period: string;
    let db: Kysely<Database>;

    before(async () => {
      server = await startTestServer(target, { seedDemoSales: true });
      db = server.running.database.db;
      await sql`analyze`.execute(db);
      owner = new Client(server.url);
      await owner.signIn('owner@cornermarket.test');
      const now = server.clock.now();
      period = `period=custom&from=${isoDay(now - 60 * DAY_MS)}&to=${isoDay(now)}`;
    });
    after(async () => {
      await server?.close();
    });

    /** Every query `path` ran, and the problems of their plans. */
    async function explainRequest(path: string): Promise<string[]> {
      const ran: Ran[] = [];
      const stop = onQuery(db, (q) => ran.push({ sql: q.sql, parameters: q.parameters }));
      let status: number;
      try {
        status = (await owner.request(`${API}${path}`)).status;
      } finally {
        stop();
      }
      assert.equal(status, 200, path);
      const problems: string[] = [];
      for (const q of ran.filter((r) => readsReceipts(r.sql) && /^\s*select/i.test(r.sql))) {
        const { problem, plan } = target.name === 'postgres' ? await postgresPlan(db, q) : await sqlitePlan(db, q);
        if (problem) problems.push(`${path}: ${problem}\n  ${q.sql}\n  ${plan.slice(0, 600)}`);
      }
      return [...problems, ...ran.filter((r) => readsReceipts(r.sql)).map((r) => `RAN ${r.sql}`)];
    }

    const failures = (lines: string[]) => lines.filter((l) => !l.startsWith('RAN '));

    it('the transactions list, each filter alone and combined: no full scan, no sort of the period', async () => {
      const base = (await (await owner.request(`${API}/reports/transactions?${period}&pageSize=1`)).json()) as Json;
      const payment = encodeURIComponent(base.paymentTypes[0]);
      const till = base.terminals[0].id;
      const employee = base.filters.employees[0].id;
      const location = base.filters.locations[0].id;
      const detail = (await (await owner.request(`${API}/reports/transactions?${period}&pageSize=5`)).json()) as Json;
      const receipt = (await (await owner.request(`${API}/reports/transactions/${detail.rows[0].id}`)).json()) as Json;
      const line = receipt.lines.find((l: Json) => l.itemId !== null);
      const item = line?.itemId;
      const filters = [
        '',
        '&kind=sale',
        '&kind=refund',
        `&payment=${payment}`,
        `&terminal=${till}`,
        `&terminal=${till}&payment=${payment}`,
        `&terminal=${till}&payment=${payment}&kind=sale`,
        `&employee=${employee}`,
        `&location=${location}`,
        `&location=${location}&terminal=${till}`,
        `&employee=${employee}&payment=${payment}`,
        ...(item ? [`&item=${item}`, `&item=${item}&terminal=${till}`] : []),
        `&search=${receipt.number}`,
        '&dir=asc',
        '&page=3&pageSize=10',
      ];
      const problems: string[] = [];
      for (const filter of filters)
        problems.push(...failures(await explainRequest(`/reports/transactions?${period}${filter}`)));
      assert.deepEqual(problems, []);
    });

    it("the lists the roll-ups answer read no period's receipts beyond their page", async () => {
      const base = (await (await owner.request(`${API}/reports/transactions?${period}&pageSize=1`)).json()) as Json;
      const payment = encodeURIComponent(base.paymentTypes[0]);
      const till = base.terminals[0].id;
      for (const filter of [
        '',
        '&kind=refund',
        `&payment=${payment}`,
        `&terminal=${till}`,
        `&terminal=${till}&payment=${payment}`,
      ]) {
        const ran = (await explainRequest(`/reports/transactions?${period}${filter}`)).filter((l) =>
          l.startsWith('RAN '),
        );
        const unbounded = ran.filter((l) => !bounded(l));
        assert.deepEqual(unbounded, [], `${filter}: the counts, sums and figure come from rollup_receipts`);
      }
    });

    it("every report route: no full scan of receipts, no sort of the period's receipts", async () => {
      const routes = listRoutes(server.running.app).filter(
        (r) => r.method === 'GET' && r.path.startsWith(`${API}/reports/`) && !r.path.includes(':'),
      );
      assert.ok(routes.length >= 8, routes.map((r) => r.path).join(', '));
      const problems: string[] = [];
      for (const route of routes) {
        problems.push(...failures(await explainRequest(`${route.path.slice(API.length)}?${period}`)));
      }
      problems.push(...failures(await explainRequest(`/overview?${period}`)));
      assert.deepEqual(problems, []);
    });
  });
}
