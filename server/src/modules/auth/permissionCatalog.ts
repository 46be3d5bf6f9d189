import type { Kysely } from 'kysely';
import { allAdminPermissionNames, allBackofficePermissionNames } from '@hive/shared/menu';
import type { Database } from '../../database';

/**
 * The permission catalog comes from @hive/shared's menus, so the sidebar and the database cannot
 * drift. Runs on every start (also with SEED_DEMO=false): signup grants every back-office one.
 * New names are added; names that left the menu stay, so existing grants are not silently lost.
 */
export async function syncPermissions(db: Kysely<Database>): Promise<void> {
  const rows = [
    ...allBackofficePermissionNames().map((name) => ({ id_permission: name, description: name, scope: 'backoffice' })),
    ...allAdminPermissionNames().map((name) => ({ id_permission: name, description: name, scope: 'admin' })),
  ];
  await db
    .insertInto('permissions')
    .values(rows)
    .onConflict((oc) => oc.column('id_permission').doNothing())
    .execute();
}
