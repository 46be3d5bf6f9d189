// Copies a SQLite database of the app into a PostgreSQL database migrated to the same schema: the
// reports benchmark's PostgreSQL load (reports-scale.mjs). The receipts are made once, by the
// registers' own ingest on SQLite (no network round trip per statement: the posting steps' per-row
// statements, points and bundles, cost microseconds there), and PostgreSQL gets the resulting rows
// in bulk: every table in one transaction, its secondary indexes dropped first and built again at
// the end (one sort each instead of a million index insertions), rows sent as one array per column
// (`insert ... select * from unnest($1::int8[], $2::text[], ...)`, 20,000 rows a statement), foreign
// keys not checked while copying (session_replication_role = replica: the rows come from a
// database that checked them), the serial sequences moved past the copied ids, then VACUUM ANALYZE.
// Needs a superuser (replica role); the target's own rows (those its migrations wrote) are replaced.
import Database from 'better-sqlite3';
import pg from 'pg';

const ROWS_PER_STATEMENT = 20_000;
const ident = (name) => `"${name.replaceAll('"', '""')}"`;

export async function copySqliteToPostgres({ sqliteFile, url, log = () => {} }) {
  const lite = new Database(sqliteFile, { readonly: true, fileMustExist: true });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const started = performance.now();
  let copied = 0;
  try {
    const inLite = new Set(lite.prepare(`select name from sqlite_master where type = 'table'`).pluck().all());
    const { rows: tableRows } = await client.query(
      `select table_name from information_schema.tables
       where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name not like 'kysely\\_%'
       order by table_name`,
    );
    const tables = tableRows.map((t) => t.table_name);
    const notInSource = tables.filter((t) => !inLite.has(t));
    if (notInSource.length > 0)
      throw new Error(`the SQLite database has no ${notInSource.join(', ')}: migrate it first`);
    const { rows: columnRows } = await client.query(
      `select table_name, column_name, udt_name, column_default from information_schema.columns
       where table_schema = current_schema() order by table_name, ordinal_position`,
    );
    const columns = new Map();
    for (const c of columnRows) columns.set(c.table_name, [...(columns.get(c.table_name) ?? []), c]);
    // Indexes that back no constraint (primary keys and unique constraints stay).
    const { rows: indexes } = await client.query(
      `select indexname, indexdef from pg_indexes i
       where schemaname = current_schema()
         and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
    );

    await client.query('begin');
    await client.query('set local session_replication_role = replica');
    await client.query(`truncate ${tables.map(ident).join(', ')}`);
    for (const i of indexes) await client.query(`drop index ${ident(i.indexname)}`);
    for (const table of tables) {
      const cols = columns.get(table) ?? [];
      const liteCols = new Set(lite.prepare(`select name from pragma_table_info(?)`).pluck().all(table));
      const missing = cols.filter((c) => !liteCols.has(c.column_name));
      if (missing.length > 0)
        throw new Error(`${table} has no ${missing.map((c) => c.column_name).join(', ')} on SQLite`);
      const insert = `insert into ${ident(table)} (${cols.map((c) => ident(c.column_name)).join(', ')})
        select * from unnest(${cols.map((c, k) => `$${k + 1}::${c.udt_name}[]`).join(', ')})`;
      const read = lite
        .prepare(`select ${cols.map((c) => ident(c.column_name)).join(', ')} from ${ident(table)}`)
        .raw();
      let arrays = cols.map(() => []);
      let pending = 0;
      const flush = async () => {
        if (pending === 0) return;
        await client.query(insert, arrays);
        copied += pending;
        arrays = cols.map(() => []);
        pending = 0;
      };
      for (const row of read.iterate()) {
        for (let k = 0; k < row.length; k += 1) arrays[k].push(row[k]);
        pending += 1;
        if (pending >= ROWS_PER_STATEMENT) await flush();
      }
      await flush();
    }
    log(`copied ${copied} rows of ${tables.length} tables in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    for (const i of indexes) await client.query(i.indexdef);
    for (const c of columnRows) {
      if (!String(c.column_default ?? '').startsWith('nextval(')) continue;
      await client.query(
        `select setval(pg_get_serial_sequence($1, $2), coalesce((select max(${ident(c.column_name)}) from ${ident(c.table_name)}), 0) + 1, false)`,
        [c.table_name, c.column_name],
      );
    }
    await client.query('commit');
    log(`indexes (${indexes.length}) and sequences in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    // VACUUM too: index-only scans (the transactions list's pages) skip the heap only for pages
    // the visibility map marks all-visible, and a bulk load leaves none marked.
    await client.query('vacuum analyze');
    const seconds = (performance.now() - started) / 1000;
    log(`vacuumed and analyzed: ${seconds.toFixed(0)} s in all`);
    return { rows: copied, tables: tables.length, indexes: indexes.length, seconds: Math.round(seconds * 10) / 10 };
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    await client.end();
    lite.close();
  }
}
