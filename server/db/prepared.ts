/**
 * Queries compiled once per database engine and then run with new parameters.
 *
 * Kysely builds and compiles every query anew (immutable builder nodes, frozen objects, the SQL
 * text); for the queries of every signed-in request and of a transfer that costs more than the
 * database's own work. A prepared query is written with the ordinary query builder, with
 * `param('name')` where a value goes; it is compiled at its first use on each engine (the SQL
 * differs between SQLite and PostgreSQL) and later runs only swap the values in.
 *
 * The cache is keyed by the database's dialect adapter: a Kysely and every Transaction of it share
 * that object, so a query compiled outside a transaction is reused inside one and vice versa. The
 * build function may therefore branch on the engine (e.g. `isSqlite(db)`) but on nothing else.
 */
import type { Compilable, CompiledQuery, DialectAdapter, Kysely } from 'kysely';

/** Stands for a parameter while the query is compiled; never reaches a database. */
class Slot {
  constructor(readonly name: string) {}
}

export type ParamOf<P> = <K extends keyof P & string>(name: K) => P[K];

/**
 * `build` is called once per engine; the returned function runs the query on `db` (a Kysely or a
 * Transaction<DB>, which extends it) with `params` and resolves to its rows.
 */
export function preparedQuery<DB, P extends Record<string, unknown>, R>(
  build: (db: Kysely<DB>, param: ParamOf<P>) => Compilable<R>,
): (db: Kysely<DB>, params: P) => Promise<R[]> {
  const compiledFor = new WeakMap<DialectAdapter, CompiledQuery<R>>();
  const param = ((name: string) => new Slot(name)) as unknown as ParamOf<P>;
  return async (db, params) => {
    const engine = db.getExecutor().adapter;
    let compiled = compiledFor.get(engine);
    if (!compiled) {
      compiled = build(db, param).compile();
      compiledFor.set(engine, compiled);
    }
    const parameters = compiled.parameters.map((value) => (value instanceof Slot ? params[value.name] : value));
    const result = await db.executeQuery<R>({ ...compiled, parameters });
    return result.rows;
  };
}

/** The first row of a query that must return one (e.g. an insert … returning). */
export function firstRow<R>(rows: R[]): R {
  if (rows.length === 0) throw new Error('expected a row, the query returned none');
  return rows[0];
}
