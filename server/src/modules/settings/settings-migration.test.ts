import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Migrator, sql, type Kysely } from 'kysely';
import { openDatabase } from '../../database';
import { migrateToLatest } from '../../modules';
import type { Database, DatabaseHandle } from '../../database';
import { migrationProvider } from '../../modules';
import { databaseTargets } from '../../../test/helpers';

/*
 * Migration 2026_12_100_settings on a database that already has companies, items with bare tax
 * rates and online orders (an install upgraded from before issue 16): every company gets its
 * settings, each rate value becomes one tax rate "included in the price", the items point at it,
 * the old column goes, and past online orders become Takeaway.
 */

const BEFORE_SETTINGS = '2026_11_200_hardening';

for (const target of databaseTargets()) {
  describe(`settings migration on existing data [${target.name}]`, () => {
    let handle: DatabaseHandle;
    let cleanup: () => Promise<void>;
    let schema: string | undefined;

    before(async () => {
      const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'hive-migration-test-'));
      const prepared = await target.prepare(dataDir);
      cleanup = prepared.cleanup;
      schema = prepared.options.databaseSchema;
      handle = await openDatabase({ url: prepared.options.databaseUrl, dataDir, schema });
      const migrator = new Migrator({
        db: handle.db,
        provider: migrationProvider,
        ...(schema ? { migrationTableSchema: schema } : {}),
      });
      const { error } = await migrator.migrateTo(BEFORE_SETTINGS);
      assert.equal(error, undefined);

      // Data as the previous version stored it (typed loosely: these columns are gone today).
      const db = handle.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
      const now = Date.now();
      for (const [id, name] of [
        [1, 'Old Shop'],
        [2, 'Other Shop'],
      ] as const) {
        await db
          .insertInto('companies')
          .values({ id, name, slug: `old-${id}`, license: 'Retail', language: 'en', status: 'active', created_at: now })
          .execute();
      }
      const items: [number, string, number][] = [
        [1, 'Tea', 2100],
        [1, 'Cake', 2100],
        [1, 'Bread', 1000],
        [1, 'Stamps', 0],
        [2, 'Milk', 550],
      ];
      for (const [company, name, bp] of items) {
        await db
          .insertInto('items')
          .values({
            company_id: company,
            category_id: null,
            name,
            sku: '',
            price_cents: 100,
            cost_cents: 0,
            tax_rate_bp: bp,
            track_stock: 0,
            active: 1,
            created_at: now,
            updated_at: now,
          })
          .execute();
      }
      await db
        .insertInto('ordering_settings')
        .values({
          company_id: 1,
          slug: 'old-shop',
          taking_orders: 1,
          lead_minutes: 20,
          timezone: 'Europe/Madrid',
          hours_json: '[]',
          updated_at: now,
        })
        .execute();
      await db
        .insertInto('ordering_orders')
        .values({
          company_id: 1,
          public_id: 'old-order',
          number: 1,
          status: 'completed',
          customer_name: 'A',
          phone: '555 0100',
          pickup_at: now,
          notes: '',
          subtotal_cents: 100,
          tax_cents: 21,
          total_cents: 121,
          created_at: now,
          updated_at: now,
        })
        .execute();

      await migrateToLatest(handle.db, schema);
    });
    after(async () => {
      await handle?.destroy();
      await cleanup?.();
    });

    const db = () => handle.db as Kysely<Database>;

    it('turns each rate value of a company into one tax rate, included in the price, on the same items', async () => {
      const rates = await db()
        .selectFrom('tax_rates')
        .select(['id', 'company_id', 'name', 'rate_bp', 'type', 'archived_at'])
        .orderBy('company_id')
        .orderBy('rate_bp')
        .execute();
      assert.deepEqual(
        rates.map((r) => [r.company_id, r.name, r.rate_bp, r.type, r.archived_at]),
        [
          [1, 'Tax 10 %', 1000, 'included', null],
          [1, 'Tax 21 %', 2100, 'included', null],
          [2, 'Tax 5.5 %', 550, 'included', null],
        ],
      );
      const links = await db()
        .selectFrom('item_taxes')
        .innerJoin('items', 'items.id', 'item_taxes.item_id')
        .innerJoin('tax_rates', 'tax_rates.id', 'item_taxes.tax_rate_id')
        .select(['items.name', 'tax_rates.rate_bp', 'item_taxes.company_id'])
        .orderBy('items.name')
        .execute();
      assert.deepEqual(
        links.map((l) => [l.name, l.rate_bp, l.company_id]),
        [
          ['Bread', 1000, 1],
          ['Cake', 2100, 1],
          ['Milk', 550, 2],
          ['Tea', 2100, 1],
        ],
      );
    });

    it('drops items.tax_rate_bp', async () => {
      const columns = (await db().introspection.getTables())
        .filter((t) => t.name === 'items' && (schema === undefined || t.schema === schema))
        .flatMap((t) => t.columns.map((c) => c.name));
      assert.ok(columns.includes('price_cents'));
      assert.ok(!columns.includes('tax_rate_bp'));
    });

    it('gives every company its profile, a location in its time zone, and the default order and payment types', async () => {
      for (const [company, zone] of [
        [1, 'Europe/Madrid'],
        [2, 'UTC'],
      ] as const) {
        const profile = await db()
          .selectFrom('company_profiles')
          .selectAll()
          .where('company_id', '=', company)
          .executeTakeFirstOrThrow();
        assert.equal(profile.currency, 'USD');
        assert.equal(profile.timezone, zone);
        const locations = await db().selectFrom('locations').selectAll().where('company_id', '=', company).execute();
        assert.deepEqual(
          locations.map((l) => [l.name, l.timezone, l.active]),
          [['Main location', zone, 1]],
        );
        const orderTypes = await db()
          .selectFrom('order_types')
          .select('builtin')
          .where('company_id', '=', company)
          .orderBy('position')
          .execute();
        assert.deepEqual(
          orderTypes.map((t) => t.builtin),
          ['dine_in', 'takeaway', 'delivery'],
        );
        const payments = await db()
          .selectFrom('payment_types')
          .select(['builtin', 'cash_like'])
          .where('company_id', '=', company)
          .orderBy('position')
          .execute();
        assert.deepEqual(
          payments.map((p) => [p.builtin, p.cash_like]),
          [
            ['cash', 1],
            ['card', 0],
            ['gift_card', 0],
            ['other', 0],
          ],
        );
      }
    });

    it('files past online orders under Takeaway', async () => {
      const order = await db()
        .selectFrom('ordering_orders')
        .innerJoin('order_types', 'order_types.id', 'ordering_orders.order_type_id')
        .select('order_types.builtin')
        .where('ordering_orders.public_id', '=', 'old-order')
        .executeTakeFirstOrThrow();
      assert.equal(order.builtin, 'takeaway');
    });

    it('keeps money BIGINT on PostgreSQL for the new tables', async () => {
      if (target.name !== 'postgres') return;
      const columns = await sql<{ table_name: string; column_name: string; data_type: string }>`
        select table_name, column_name, data_type from information_schema.columns
        where table_schema = current_schema() and table_name in ('platform_invoices', 'item_level_prices')
        and column_name like '%\\_cents' escape '\\'`.execute(handle.db);
      assert.ok(columns.rows.length >= 4);
      for (const c of columns.rows) assert.equal(c.data_type, 'bigint', `${c.table_name}.${c.column_name}`);
    });
  });
}
