import { sql, type Kysely, type Migration } from 'kysely';

/*
 * Items get a barcode (issue 43: the items import reads one): '' means none, a real one is unique
 * within the company, like the SKU.
 */
export const barcodeMigration: Record<string, Migration> = {
  '2027_08_430_item_barcodes': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('items')
        .addColumn('barcode', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema
        .createIndex('items_company_barcode_uq')
        .on('items')
        .columns(['company_id', 'barcode'])
        .unique()
        .where(sql.ref('barcode'), '<>', '')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('items_company_barcode_uq').ifExists().execute();
      await db.schema.alterTable('items').dropColumn('barcode').execute();
    },
  },
};
