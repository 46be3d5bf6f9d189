import type { Insertable, Kysely, Transaction } from 'kysely';
import type { AdminAuditEntry } from '@hive/shared/schemas/admin';
import type { Database } from '../../database';
import type { Staff } from './access';
import type { AuditLogTable } from './tables';

type Db = Kysely<Database> | Transaction<Database>;

export interface AuditRecord {
  action: string;
  entityType: string;
  entityId: number | null;
  companyId: number | null;
  before: unknown;
  after: unknown;
}

/** One row per admin write, in the write's own transaction: no change without its record. */
export async function recordAudit(trx: Db, staff: Staff, at: number, record: AuditRecord): Promise<void> {
  await trx
    .insertInto('audit_log')
    .values({
      at,
      actor_user_id: staff.id,
      actor_email: staff.email,
      actor_role: staff.role,
      action: record.action,
      entity_type: record.entityType,
      entity_id: record.entityId,
      company_id: record.companyId,
      before_json: record.before === undefined ? null : JSON.stringify(record.before),
      after_json: record.after === undefined ? null : JSON.stringify(record.after),
    })
    .execute();
}

/** An entry another module writes with an actor of its own (releases: a user, the server). */
export async function insertAuditRow(trx: Db, row: Insertable<AuditLogTable>): Promise<void> {
  await trx.insertInto('audit_log').values(row).execute();
}

function parseJson(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export async function auditForCompany(
  db: Kysely<Database>,
  companyId: number,
  page: number,
  pageSize: number,
): Promise<{ items: AdminAuditEntry[]; total: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('audit_log')
      .selectAll()
      .where('company_id', '=', companyId)
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('company_id', '=', companyId)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    total: Number(count.n),
    items: rows.map((row) => ({
      id: row.id,
      at: new Date(row.at).toISOString(),
      actor: { id: row.actor_user_id, email: row.actor_email, role: row.actor_role },
      action: row.action,
      entity: { type: row.entity_type, id: row.entity_id },
      companyId: row.company_id,
      before: parseJson(row.before_json),
      after: parseJson(row.after_json),
    })),
  };
}
