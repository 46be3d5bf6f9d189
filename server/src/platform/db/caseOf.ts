import { sql, type RawBuilder } from 'kysely';

/**
 * `case <key> when k1 then v1 ... end`: one UPDATE gives each row of a batch its own value (a
 * posting step's balances, say) instead of one statement per row. The values are cast so that
 * PostgreSQL knows their type (a parameter in a CASE's result would be text otherwise); rows whose
 * key is not in the map get null, so the UPDATE should be limited to those keys.
 */
export function caseOf(
  key: string,
  values: ReadonlyMap<number, number>,
  type: 'integer' | 'bigint',
): RawBuilder<number> {
  const whens = [...values].map(([k, v]) => sql`when ${k} then cast(${v} as ${sql.raw(type)})`);
  return sql<number>`case ${sql.ref(key)} ${sql.join(whens, sql` `)} end`;
}
