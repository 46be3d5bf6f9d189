import { PostgresAdapter, sql, type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely';

/*
 * Inventory (issue 19), frozen in time like every migration. Every row belongs to a company; money
 * is BIGINT minor units, times epoch ms (BIGINT), quantities whole units (BIGINT).
 * - warehouses: each location has a default one (is_default), created with the location; extra
 *   ones (a back room) may have a location or none. A deleted location leaves its warehouse.
 * - stock_ledger: every change of stock, one row each (kind, signed quantity, unit cost, the
 *   document that caused it and who). The truth of stock on hand.
 * - stock_levels: the kept total per item and warehouse (sum of the ledger, written in the same
 *   transaction by ledger.ts) and the low-stock threshold of that item there.
 * - inventory_settings: allow_negative_stock per company.
 * - vendors + vendor_items; purchase_orders + lines; transfers + lines; adjustments + lines;
 *   stock_counts + lines; production_templates + ingredients; production_orders.
 * The average cost of an item is items.cost_cents (the cost stamped on receipt lines when sold),
 * moved by receipts of goods and production output.
 */

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

function ids(db: Kysely<unknown>) {
  const pg = isPostgres(db);
  return {
    type: pg ? ('serial' as const) : ('integer' as const),
    build: (col: ColumnDefinitionBuilder) => (pg ? col.primaryKey() : col.primaryKey().autoIncrement()),
  };
}

const companyRef = (col: ColumnDefinitionBuilder) => col.notNull().references('companies.id').onDelete('cascade');
const text = (col: ColumnDefinitionBuilder) => col.notNull().defaultTo('');
const userRef = (col: ColumnDefinitionBuilder) => col.references('users.id').onDelete('set null');
const itemRef = (col: ColumnDefinitionBuilder) => col.notNull().references('items.id').onDelete('cascade');
const warehouseRef = (col: ColumnDefinitionBuilder) => col.notNull().references('warehouses.id').onDelete('cascade');

export const LEDGER_KINDS_V1 = [
  'sale',
  'refund',
  'receipt',
  'transfer_out',
  'transfer_in',
  'adjustment',
  'production_consumption',
  'production_output',
  'count',
];

export const inventoryMigrations: Record<string, Migration> = {
  '2027_03_100_inventory': {
    async up(db: Kysely<unknown>) {
      const id = ids(db);
      const list = (values: string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

      await db.schema
        .createTable('warehouses')
        .addColumn('id', id.type, id.build)
        .addColumn('company_id', 'integer', companyRef)
        .addColumn('location_id', 'integer', (c) => c.references('locations.id').onDelete('set null'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('warehouses_company_name_uq')
        .on('warehouses')
        .columns(['company_id', 'name'])
        .unique()
        .execute();
      // One default warehouse per location.
      await db.schema
        .createIndex('warehouses_location_default_uq')
        .on('warehouses')
        .column('location_id')
        .unique()
        .where(sql.ref('is_default'), '=', 1)
        .execute();

      await db.schema
        .createTable('inventory_settings')
        .addColumn('company_id', 'integer', (c) => c.primaryKey().references('companies.id').onDelete('cascade'))
        .addColumn('allow_negative_stock', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('stock_ledger')
        .addColumn('id', id.type, id.build)
        .addColumn('company_id', 'integer', companyRef)
        .addColumn('item_id', 'integer', itemRef)
        .addColumn('warehouse_id', 'integer', warehouseRef)
        .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in (${list(LEDGER_KINDS_V1)})`))
        .addColumn('quantity', 'bigint', (c) => c.notNull())
        .addColumn('unit_cost_cents', 'bigint', (c) => c.notNull())
        // The reason of an adjustment; '' otherwise.
        .addColumn('reason', 'text', text)
        // The document: 'receipt' (a sale or refund), 'purchase_order', 'transfer', 'adjustment',
        // 'count', 'production_order', with its id.
        .addColumn('document_type', 'text', (c) => c.notNull())
        .addColumn('document_id', 'integer', (c) => c.notNull())
        .addColumn('user_id', 'integer', userRef)
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('stock_ledger_item_idx')
        .on('stock_ledger')
        .columns(['company_id', 'item_id', 'warehouse_id', 'created_at'])
        .execute();
      await db.schema
        .createIndex('stock_ledger_time_idx')
        .on('stock_ledger')
        .columns(['company_id', 'created_at'])
        .execute();
      await db.schema
        .createIndex('stock_ledger_document_idx')
        .on('stock_ledger')
        .columns(['company_id', 'document_type', 'document_id'])
        .execute();
      await db.schema.createIndex('stock_ledger_warehouse_idx').on('stock_ledger').column('warehouse_id').execute();

      await db.schema
        .createTable('stock_levels')
        .addColumn('company_id', 'integer', companyRef)
        .addColumn('item_id', 'integer', itemRef)
        .addColumn('warehouse_id', 'integer', warehouseRef)
        .addColumn('on_hand', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('low_stock', 'bigint')
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('stock_levels_pk', ['item_id', 'warehouse_id'])
        .execute();
      await db.schema.createIndex('stock_levels_company_idx').on('stock_levels').column('company_id').execute();
      await db.schema.createIndex('stock_levels_warehouse_idx').on('stock_levels').column('warehouse_id').execute();

      await db.schema
        .createTable('vendors')
        .addColumn('id', id.type, id.build)
        .addColumn('company_id', 'integer', companyRef)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('contact_name', 'text', text)
        .addColumn('email', 'text', text)
        .addColumn('phone', 'text', text)
        .addColumn('address', 'text', text)
        .addColumn('note', 'text', text)
        .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('vendors_company_name_uq')
        .on('vendors')
        .columns(['company_id', 'name'])
        .unique()
        .execute();

      await db.schema
        .createTable('vendor_items')
        .addColumn('vendor_id', 'integer', (c) => c.notNull().references('vendors.id').onDelete('cascade'))
        .addColumn('item_id', 'integer', itemRef)
        .addColumn('company_id', 'integer', companyRef)
        .addColumn('vendor_sku', 'text', text)
        .addColumn('cost_cents', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('vendor_items_pk', ['vendor_id', 'item_id'])
        .execute();
      await db.schema.createIndex('vendor_items_item_idx').on('vendor_items').column('item_id').execute();

      const documentTimes = (table: string, extra: string[]) => {
        let builder = db.schema
          .createTable(table)
          .addColumn('created_by', 'integer', userRef)
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('updated_by', 'integer', userRef)
          .addColumn('updated_at', 'bigint', (c) => c.notNull());
        for (const action of extra) {
          builder = builder.addColumn(`${action}_by`, 'integer', userRef).addColumn(`${action}_at`, 'bigint');
        }
        return builder;
      };

      await documentTimes('purchase_orders', ['ordered', 'received', 'cancelled'])
        .addColumn('id', id.type, id.build)
        .addColumn('company_id', 'integer', companyRef)
        .addColumn('number', 'integer', (c) => c.notNull())
        .addColumn('vendor_id', 'integer', (c) => c.notNull().references('vendors.id'))
        .addColumn('warehouse_id', 'integer', (c) => c.notNull().references('warehouses.id'))
        .addColumn('status', 'text', (c) =>
          c.notNull().check(sql`status in ('draft', 'ordered', 'partially_received', 'received', 'cancelled')`),
        )
        .addColumn('expected_at', 'bigint')
        .addColumn('note', 'text', text)
        .execute();
      await db.schema
        .createIndex('purchase_orders_company_number_uq')
        .on('purchase_orders')
        .columns(['company_id', 'number'])
        .unique()
        .execute();
      await db.schema.createIndex('purchase_orders_vendor_idx').on('purchase_orders').column('vendor_id').execute();
      await db.schema
        .createIndex('purchase_orders_warehouse_idx')
        .on('purchase_orders')
        .column('warehouse_id')
        .execute();

      await db.schema
        .createTable('purchase_order_lines')
        .addColumn('id', id.type, id.build)
        .addColumn('company_id', 'integer', companyRef)
        .addColumn('purchase_order_id', 'integer', (c) =>
          c.notNull().references('purchase_orders.id').onDelete('cascade'),
        )
        .addColumn('item_id', 'integer', (c) => c.notNull().references('items.id'))
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('quantity', 'bigint', (c) => c.notNull())
        .addColumn('received_quantity', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('cost_cents', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('purchase_order_lines_order_idx')
        .on('purchase_order_lines')
        .column('purchase_order_id')
        .execute();
      await db.schema
        .createIndex('purchase_order_lines_item_idx')
        .on('purchase_order_lines')
        .column('item_id')
        .execute();

      await documentTimes('transfers', ['sent', 'received', 'cancelled'])
        .addColumn('id', id.type, id.build)
        .addColumn('company_id', 'integer', companyRef)
        .addColumn('number', 'integer', (c) => c.notNull())
        .addColumn('from_warehouse_id', 'integer', (c) => c.notNull().references('warehouses.id'))
        .addColumn('to_warehouse_id', 'integer', (c) => c.notNull().references('warehouses.id'))
        .addColumn('status', 'text', (c) =>
          c.notNull().check(sql`status in ('draft', 'in_transit', 'received', 'cancelled')`),
        )
        .addColumn('note', 'text', text)
        .execute();
      await db.schema
        .createIndex('transfers_company_number_uq')
        .on('transfers')
        .columns(['company_id', 'number'])
        .unique()
        .execute();
      await db.schema.createIndex('transfers_from_idx').on('transfers').column('from_warehouse_id').execute();
      await db.schema.createIndex('transfers_to_idx').on('transfers').column('to_warehouse_id').execute();

      await db.schema
        .createTable('transfer_lines')
        .addColumn('id', id.type, id.build)
        .addColumn('company_id', 'integer', companyRef)
        .addColumn('transfer_id', 'integer', (c) => c.notNull().references('transfers.id').onDelete('cascade'))
        .addColumn('item_id', 'integer', (c) => c.notNull().references('items.id'))
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('quantity', 'bigint', (c) => c.notNull())
        // The average cost when it left (set on sending).
        .addColumn('unit_cost_cents', 'bigint')
        .execute();
      await db.schema.createIndex('transfer_lines_transfer_idx').on('transfer_lines').column('transfer_id').execute();
      await db.schema.createIndex('transfer_lines_item_idx').on('transfer_lines').column('item_id').execute();

      // Adjustments and counts are applied when they are created: no draft, no later action.
      await documentTimes('adjustments', [])
        .addColumn('id', id.type, id.build)
        .addColumn('company_id', 'integer', companyRef)
        .addColumn('number', 'integer', (c) => c.notNull())
        .addColumn('warehouse_id', 'integer', (c) => c.notNull().references('warehouses.id'))
        .addColumn('reason', 'text', (c) =>
          c.notNull().check(sql`reason in ('damage', 'loss', 'theft', 'received_without_po', 'correction')`),
        )
        .addColumn('note', 'text', text)
        .execute();
      await db.schema
        .createIndex('adjustments_company_number_uq')
        .on('adjustments')
        .columns(['company_id', 'number'])
        .unique()
        .execute();
      await db.schema.createIndex('adjustments_warehouse_idx').on('adjustments').column('warehouse_id').execute();

      await db.schema
        .createTable('adjustment_lines')
        .addColumn('id', id.type, id.build)
        .addColumn('company_id', 'integer', companyRef)
        .addColumn('adjustment_id', 'integer', (c) => c.notNull().references('adjustments.id').onDelete('cascade'))
        .addColumn('item_id', 'integer', (c) => c.notNull().references('items.id'))
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('quantity', 'bigint', (c) => c.notNull())
        .addColumn('unit_cost_cents', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('adjustment_lines_adjustment_idx')
        .on('adjustment_lines')
        .column('adjustment_id')
        .execute();
      await db.schema.createIndex('adjustment_lines_item_idx').on('adjustment_lines').column('item_id').execute();

      await documentTimes('stock_counts', [])
        .addColumn('id', id.type, id.build)
        .addColumn('company_id', 'integer', companyRef)
        .addColumn('number', 'integer', (c) => c.notNull())
        .addColumn('warehouse_id', 'integer', (c) => c.notNull().references('warehouses.id'))
        .addColumn('note', 'text', text)
        .execute();
      await db.schema
        .createIndex('stock_counts_company_number_uq')
        .on('stock_counts')
        .columns(['company_id', 'number'])
        .unique()
        .execute();
      await db.schema.createIndex('stock_counts_warehouse_idx').on('stock_counts').column('warehouse_id').execute();

      await db.schema
        .createTable('stock_count_lines')
        .addColumn('id', id.type, id.build)
        .addColumn('company_id', 'integer', companyRef)
        .addColumn('count_id', 'integer', (c) => c.notNull().references('stock_counts.id').onDelete('cascade'))
        .addColumn('item_id', 'integer', (c) => c.notNull().references('items.id'))
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('expected', 'bigint', (c) => c.notNull())
        .addColumn('counted', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('stock_count_lines_count_idx').on('stock_count_lines').column('count_id').execute();
      await db.schema.createIndex('stock_count_lines_item_idx').on('stock_count_lines').column('item_id').execute();

      await db.schema
        .createTable('production_templates')
        .addColumn('id', id.type, id.build)
        .addColumn('company_id', 'integer', companyRef)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('output_item_id', 'integer', (c) => c.notNull().references('items.id'))
        .addColumn('output_quantity', 'bigint', (c) => c.notNull())
        .addColumn('note', 'text', text)
        .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_by', 'integer', userRef)
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_by', 'integer', userRef)
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('production_templates_company_name_uq')
        .on('production_templates')
        .columns(['company_id', 'name'])
        .unique()
        .execute();
      await db.schema
        .createIndex('production_templates_output_idx')
        .on('production_templates')
        .column('output_item_id')
        .execute();

      await db.schema
        .createTable('production_template_ingredients')
        .addColumn('id', id.type, id.build)
        .addColumn('company_id', 'integer', companyRef)
        .addColumn('template_id', 'integer', (c) =>
          c.notNull().references('production_templates.id').onDelete('cascade'),
        )
        .addColumn('item_id', 'integer', (c) => c.notNull().references('items.id'))
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('quantity', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('production_template_ingredients_template_idx')
        .on('production_template_ingredients')
        .column('template_id')
        .execute();
      await db.schema
        .createIndex('production_template_ingredients_item_idx')
        .on('production_template_ingredients')
        .column('item_id')
        .execute();

      // A production order is applied when it is created (ingredients out, output in); it keeps
      // what it made and at what cost even if its template changes later.
      await documentTimes('production_orders', [])
        .addColumn('id', id.type, id.build)
        .addColumn('company_id', 'integer', companyRef)
        .addColumn('number', 'integer', (c) => c.notNull())
        .addColumn('template_id', 'integer', (c) => c.references('production_templates.id').onDelete('set null'))
        .addColumn('warehouse_id', 'integer', (c) => c.notNull().references('warehouses.id'))
        .addColumn('batches', 'bigint', (c) => c.notNull())
        .addColumn('output_item_id', 'integer', (c) => c.notNull().references('items.id'))
        .addColumn('output_quantity', 'bigint', (c) => c.notNull())
        .addColumn('output_unit_cost_cents', 'bigint', (c) => c.notNull())
        .addColumn('note', 'text', text)
        .execute();
      await db.schema
        .createIndex('production_orders_company_number_uq')
        .on('production_orders')
        .columns(['company_id', 'number'])
        .unique()
        .execute();
      await db.schema
        .createIndex('production_orders_warehouse_idx')
        .on('production_orders')
        .column('warehouse_id')
        .execute();

      // Every existing location gets its default warehouse (named after it).
      const now = Date.now();
      await sql`
        insert into warehouses (company_id, location_id, name, is_default, active, created_at, updated_at)
        select company_id, id, name, 1, 1, ${now}, ${now} from locations
      `.execute(db);
    },
    async down(db: Kysely<unknown>) {
      for (const table of [
        'production_orders',
        'production_template_ingredients',
        'production_templates',
        'stock_count_lines',
        'stock_counts',
        'adjustment_lines',
        'adjustments',
        'transfer_lines',
        'transfers',
        'purchase_order_lines',
        'purchase_orders',
        'vendor_items',
        'vendors',
        'stock_levels',
        'stock_ledger',
        'inventory_settings',
        'warehouses',
      ]) {
        await db.schema.dropTable(table).ifExists().execute();
      }
    },
  },
  // The stock movements report's summary added up every ledger row of the company (what was on
  // hand when the period began, then the period's movements): 2.3 s at a million receipts on
  // SQLite. stock_ledger_days keeps the ledger's sums per UTC day (day = floor(created_at / one
  // day), the same in every time zone, so a location changing its zone rebuilds nothing): the
  // report reads whole days from here and only the hours at the edges of the period from the
  // ledger. Written by ledger.ts with each ledger row, in its transaction; rows go with their
  // item, warehouse or company as the ledger's do.
  '2027_07_200_stock_ledger_days': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('stock_ledger_days')
        .addColumn('company_id', 'integer', companyRef)
        .addColumn('day', 'integer', (c) => c.notNull())
        .addColumn('item_id', 'integer', itemRef)
        .addColumn('warehouse_id', 'integer', warehouseRef)
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('incoming', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('outgoing', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createIndex('stock_ledger_days_key_uq')
        .on('stock_ledger_days')
        .columns(['company_id', 'day', 'item_id', 'warehouse_id', 'kind'])
        .unique()
        .execute();
      await sql`
        insert into stock_ledger_days (company_id, day, item_id, warehouse_id, kind, incoming, outgoing)
        select company_id, cast(created_at / 86400000 as integer), item_id, warehouse_id, kind,
          sum(case when quantity > 0 then quantity else 0 end),
          sum(case when quantity < 0 then -quantity else 0 end)
        from stock_ledger
        group by company_id, cast(created_at / 86400000 as integer), item_id, warehouse_id, kind
      `.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('stock_ledger_days').ifExists().execute();
    },
  },
  // Closing a purchase order short (after a partial receipt, the rest is no longer expected): its
  // status becomes 'received' (nothing more is received), and these say who closed it short and
  // when, which tells it apart from an order received in full.
  '2027_08_100_purchase_orders_closed_short': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('purchase_orders').addColumn('closed_short_by', 'integer', userRef).execute();
      await db.schema.alterTable('purchase_orders').addColumn('closed_short_at', 'bigint').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('purchase_orders').dropColumn('closed_short_at').execute();
      await db.schema.alterTable('purchase_orders').dropColumn('closed_short_by').execute();
    },
  },
};
