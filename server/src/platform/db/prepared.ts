import type { Compilable, CompiledQuery, Kysely } from 'kysely';

/**
 * A query built and compiled once per database handle, then run with new parameter values.
 * Kysely builds and compiles every query anew, which costs more than SQLite takes to answer an
 * indexed lookup; the few queries behind every authenticated request (the session check) are
 * worth compiling once. `build` gets a marker for each named parameter; wherever a marker lands in
 * the compiled parameters, the value of that name goes at run time.
 */
export function prepared<DB, P extends Record<string, unknown>, R>(
  names: readonly (keyof P & string)[],
  build: (db: Kysely<DB>, params: P) => Compilable<R>,
): (db: Kysely<DB>, values: P) => Promise<R[]> {
  const compiledFor = new WeakMap<Kysely<DB>, { query: CompiledQuery<R>; slots: (keyof P | undefined)[] }>();
  return async (db, values) => {
    let entry = compiledFor.get(db);
    if (!entry) {
      const markers = Object.fromEntries(names.map((name) => [name, Symbol(name)])) as unknown as P;
      const query = build(db, markers).compile();
      const nameOf = new Map<unknown, keyof P>(names.map((name) => [markers[name], name]));
      const slots = query.parameters.map((value) => nameOf.get(value));
      const missing = names.filter((name) => !slots.includes(name));
      if (missing.length > 0) throw new Error(`prepared query: parameter ${missing.join(', ')} not used`);
      entry = { query, slots };
      compiledFor.set(db, entry);
    }
    const { query, slots } = entry;
    const parameters = query.parameters.map((value, i) => (slots[i] === undefined ? value : values[slots[i]]));
    return (await db.executeQuery<R>({ ...query, parameters })).rows;
  };
}
