import { PostgresAdapter, sql, type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely';

/*
 * Devices (issue 17), frozen in time like every migration. Every row belongs to a company; times
 * are epoch ms (BIGINT).
 * - terminals: a register of a location. Pairing codes and device tokens are stored as SHA-256
 *   hashes only (both are long random secrets shown once). A location that is deleted leaves its
 *   terminals and printers without one (set null) rather than refusing the delete.
 * - terminal_log: what happened to a terminal (pairing, syncs, app versions, errors it reported).
 * - printers (+ the categories a kitchen printer prints) and print_jobs, the queue the registers
 *   that drive the printers poll.
 * - banners (+ their locations): kiosk and customer-display images, bytes in the database so
 *   every instance serves them.
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

export const devicesMigrations: Record<string, Migration> = {
  '2027_01_110_devices': {
    async up(db: Kysely<unknown>) {
      const id = ids(db);
      const pg = isPostgres(db);

      await db.schema
        .createTable('terminals')
        .addColumn('id', id.type, id.build)
        .addColumn('company_id', 'integer', companyRef)
        .addColumn('location_id', 'integer', (c) => c.references('locations.id').onDelete('set null'))
        .addColumn('name', 'text', (c) => c.notNull())
        // 'new' (never paired), 'paired', 'unpaired' (its token revoked).
        .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('new', 'paired', 'unpaired')`))
        .addColumn('pairing_code_hash', 'text')
        .addColumn('pairing_expires_at', 'bigint')
        .addColumn('token_hash', 'text')
        .addColumn('paired_at', 'bigint')
        .addColumn('last_seen_at', 'bigint')
        .addColumn('last_sync_at', 'bigint')
        .addColumn('app_version', 'text', text)
        .addColumn('device_model', 'text', text)
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('terminals_company_name_uq')
        .on('terminals')
        .columns(['company_id', 'name'])
        .unique()
        .execute();
      await db.schema.createIndex('terminals_location_idx').on('terminals').column('location_id').execute();
      // Codes and tokens are looked up without a company (the device does not know it yet).
      await db.schema
        .createIndex('terminals_pairing_code_uq')
        .on('terminals')
        .column('pairing_code_hash')
        .unique()
        .where(sql.ref('pairing_code_hash'), 'is not', null)
        .execute();
      await db.schema
        .createIndex('terminals_token_uq')
        .on('terminals')
        .column('token_hash')
        .unique()
        .where(sql.ref('token_hash'), 'is not', null)
        .execute();

      await db.schema
        .createTable('terminal_log')
        .addColumn('id', id.type, id.build)
        .addColumn('company_id', 'integer', companyRef)
        .addColumn('terminal_id', 'integer', (c) => c.notNull().references('terminals.id').onDelete('cascade'))
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('level', 'text', (c) => c.notNull().check(sql`level in ('info', 'warning', 'error')`))
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('details', 'text', (c) => c.notNull().defaultTo('{}'))
        .execute();
      await db.schema
        .createIndex('terminal_log_company_at_idx')
        .on('terminal_log')
        .columns(['company_id', 'at'])
        .execute();
      await db.schema
        .createIndex('terminal_log_terminal_at_idx')
        .on('terminal_log')
        .columns(['terminal_id', 'at'])
        .execute();

      await db.schema
        .createTable('printers')
        .addColumn('id', id.type, id.build)
        .addColumn('company_id', 'integer', companyRef)
        .addColumn('location_id', 'integer', (c) => c.references('locations.id').onDelete('set null'))
        // The register that drives it: jobs for this printer go to that terminal.
        .addColumn('terminal_id', 'integer', (c) => c.references('terminals.id').onDelete('set null'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('receipt', 'kitchen')`))
        .addColumn('address', 'text', text)
        .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('printers_company_name_uq')
        .on('printers')
        .columns(['company_id', 'name'])
        .unique()
        .execute();
      await db.schema.createIndex('printers_terminal_idx').on('printers').column('terminal_id').execute();

      await db.schema
        .createTable('printer_categories')
        .addColumn('printer_id', 'integer', (c) => c.notNull().references('printers.id').onDelete('cascade'))
        .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.id').onDelete('cascade'))
        .addColumn('company_id', 'integer', companyRef)
        .addPrimaryKeyConstraint('printer_categories_pk', ['printer_id', 'category_id'])
        .execute();
      await db.schema
        .createIndex('printer_categories_category_idx')
        .on('printer_categories')
        .column('category_id')
        .execute();

      await db.schema
        .createTable('print_jobs')
        .addColumn('id', id.type, id.build)
        .addColumn('company_id', 'integer', companyRef)
        .addColumn('printer_id', 'integer', (c) => c.notNull().references('printers.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('test', 'kitchen', 'receipt')`))
        .addColumn('status', 'text', (c) =>
          c.notNull().check(sql`status in ('queued', 'printed', 'failed', 'cancelled')`),
        )
        .addColumn('title', 'text', (c) => c.notNull())
        // What to print: a small JSON document (lines of text), see docs/device-api.md.
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('receipt_id', 'integer', (c) => c.references('receipts.id').onDelete('set null'))
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('delivered_at', 'bigint')
        .addColumn('acked_at', 'bigint')
        .addColumn('error', 'text', text)
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('print_jobs_printer_status_idx')
        .on('print_jobs')
        .columns(['printer_id', 'status'])
        .execute();
      await db.schema
        .createIndex('print_jobs_company_time_idx')
        .on('print_jobs')
        .columns(['company_id', 'created_at'])
        .execute();

      await db.schema
        .createTable('banners')
        .addColumn('id', id.type, id.build)
        .addColumn('company_id', 'integer', companyRef)
        .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('kiosk', 'customer_display')`))
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('content_type', 'text', (c) => c.notNull())
        .addColumn('bytes', pg ? 'bytea' : 'blob', (c) => c.notNull())
        .addColumn('size', 'integer', (c) => c.notNull())
        .addColumn('sha256', 'text', (c) => c.notNull())
        .addColumn('active_from', 'bigint')
        .addColumn('active_until', 'bigint')
        .addColumn('all_locations', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('banners_company_kind_idx')
        .on('banners')
        .columns(['company_id', 'kind', 'position'])
        .execute();

      await db.schema
        .createTable('banner_locations')
        .addColumn('banner_id', 'integer', (c) => c.notNull().references('banners.id').onDelete('cascade'))
        .addColumn('location_id', 'integer', (c) => c.notNull().references('locations.id').onDelete('cascade'))
        .addColumn('company_id', 'integer', companyRef)
        .addPrimaryKeyConstraint('banner_locations_pk', ['banner_id', 'location_id'])
        .execute();
      await db.schema
        .createIndex('banner_locations_location_idx')
        .on('banner_locations')
        .column('location_id')
        .execute();
    },
    async down() {
      throw new Error('2027_01_110_devices cannot be undone: restore a backup instead.');
    },
  },
};
