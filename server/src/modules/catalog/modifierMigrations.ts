import { PostgresAdapter, sql, type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely';

/*
 * Modifiers (issue 21): modifier groups with their choices, attached to items; receipts keep which
 * modifier a line carried. The storefront's own item options (`ordering_item_options`) become
 * modifier groups here: one group per item holding its options, optional, any number of them (as
 * the storefront offered them), named after the item. Then that table goes.
 *
 * A group or a modifier removed in the back-office is archived, not deleted: receipts and registers
 * that have not fetched the new config yet still name it.
 */

const companyRef = (col: ColumnDefinitionBuilder) => col.notNull().references('companies.id').onDelete('cascade');

function ids(db: Kysely<unknown>) {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  return {
    type: pg ? ('serial' as const) : ('integer' as const),
    build: (col: ColumnDefinitionBuilder) => (pg ? col.primaryKey() : col.primaryKey().autoIncrement()),
  };
}

async function moveItemOptions(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{
    company_id: number;
    item_id: number;
    item_name: string;
    name: string;
    price_cents: number | string;
  }>`select o.company_id, o.item_id, i.name as item_name, o.name, o.price_cents
       from ordering_item_options o join items i on i.id = o.item_id
       order by o.item_id, o.position, o.id`.execute(db);
  const byItem = new Map<number, typeof rows>();
  for (const row of rows) byItem.set(row.item_id, [...(byItem.get(row.item_id) ?? []), row]);
  const now = Date.now();
  for (const [itemId, options] of byItem) {
    const first = options[0]!;
    // Names were free before: keep the first of any repeated name (a group's names are distinct).
    const distinct = options.filter(
      (o, i) => options.findIndex((p) => p.name.toLowerCase() === o.name.toLowerCase()) === i,
    );
    const group = await sql<{ id: number }>`insert into modifier_groups
        (company_id, name, min_choices, max_choices, created_at, updated_at)
        values (${first.company_id}, ${first.item_name}, 0, ${distinct.length}, ${now}, ${now})
        returning id`.execute(db);
    const groupId = group.rows[0]!.id;
    let position = 0;
    for (const option of distinct) {
      await sql`insert into modifiers (company_id, group_id, name, price_cents, position)
          values (${first.company_id}, ${groupId}, ${option.name}, ${Number(option.price_cents)}, ${position})`.execute(
        db,
      );
      position += 1;
    }
    await sql`insert into item_modifier_groups (company_id, item_id, group_id, position)
        values (${first.company_id}, ${itemId}, ${groupId}, 0)`.execute(db);
  }
}

export const modifierMigrations: Record<string, Migration> = {
  '2027_04_480_modifiers': {
    async up(db: Kysely<unknown>) {
      const id = ids(db);
      await db.schema
        .createTable('modifier_groups')
        .addColumn('id', id.type, id.build)
        .addColumn('company_id', 'integer', companyRef)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('min_choices', 'integer', (c) => c.notNull().check(sql`min_choices >= 0`))
        .addColumn('max_choices', 'integer', (c) =>
          c.notNull().check(sql`max_choices >= 1 and max_choices >= min_choices`),
        )
        .addColumn('archived_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('modifier_groups_company_idx').on('modifier_groups').column('company_id').execute();
      await db.schema
        .createTable('modifiers')
        .addColumn('id', id.type, id.build)
        .addColumn('company_id', 'integer', companyRef)
        .addColumn('group_id', 'integer', (c) => c.notNull().references('modifier_groups.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('price_cents', 'bigint', (c) =>
          c
            .notNull()
            .defaultTo(0)
            .check(sql`price_cents >= 0`),
        )
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('archived_at', 'bigint')
        .execute();
      await db.schema.createIndex('modifiers_group_idx').on('modifiers').column('group_id').execute();
      await db.schema
        .createTable('item_modifier_groups')
        .addColumn('company_id', 'integer', companyRef)
        .addColumn('item_id', 'integer', (c) => c.notNull().references('items.id').onDelete('cascade'))
        .addColumn('group_id', 'integer', (c) => c.notNull().references('modifier_groups.id').onDelete('cascade'))
        .addColumn('position', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('item_modifier_groups_pk', ['item_id', 'group_id'])
        .execute();
      await db.schema
        .createIndex('item_modifier_groups_group_idx')
        .on('item_modifier_groups')
        .column('group_id')
        .execute();
      await db.schema
        .alterTable('receipt_line_modifiers')
        .addColumn('modifier_id', 'integer', (c) => c.references('modifiers.id').onDelete('set null'))
        .execute();
      await db.schema
        .createIndex('receipt_line_modifiers_modifier_idx')
        .on('receipt_line_modifiers')
        .column('modifier_id')
        .execute();

      await moveItemOptions(db);
      await db.schema.dropTable('ordering_item_options').execute();
    },
    async down(db: Kysely<unknown>) {
      // The options are not moved back: a rollback starts the storefront without them.
      const id = ids(db);
      await db.schema
        .createTable('ordering_item_options')
        .addColumn('id', id.type, id.build)
        .addColumn('company_id', 'integer', companyRef)
        .addColumn('item_id', 'integer', (c) => c.notNull().references('items.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('price_cents', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.dropIndex('receipt_line_modifiers_modifier_idx').ifExists().execute();
      await db.schema.alterTable('receipt_line_modifiers').dropColumn('modifier_id').execute();
      for (const table of ['item_modifier_groups', 'modifiers', 'modifier_groups']) {
        await db.schema.dropTable(table).ifExists().execute();
      }
    },
  },
};
