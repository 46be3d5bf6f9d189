import { sql, type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely';

/*
 * Bundles (issue 21): the components of a bundle item and how many of each. A component deleted
 * from the catalog leaves the bundle (cascade); the bundle item itself is an ordinary item.
 */

const companyRef = (col: ColumnDefinitionBuilder) => col.notNull().references('companies.id').onDelete('cascade');

export const bundleMigrations: Record<string, Migration> = {
  '2027_04_460_bundles': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('bundle_components')
        .addColumn('company_id', 'integer', companyRef)
        .addColumn('bundle_item_id', 'integer', (c) => c.notNull().references('items.id').onDelete('cascade'))
        .addColumn('component_item_id', 'integer', (c) => c.notNull().references('items.id').onDelete('cascade'))
        .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity > 0`))
        .addColumn('position', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('bundle_components_pk', ['bundle_item_id', 'component_item_id'])
        .execute();
      await db.schema
        .createIndex('bundle_components_component_idx')
        .on('bundle_components')
        .column('component_item_id')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('bundle_components').ifExists().execute();
    },
  },
};
