/**
 * Queries compiled once per database and then run with new parameters.
 *
 * Kysely builds and compiles every query anew (immutable builder nodes, frozen objects, the SQL
 * text); for the queries of every signed-in request that costs more than the database's own
 * work. A prepared query is written with the ordinary query builder, with `param('name')` where a
 * value goes; it is compiled at its first use on each database (the SQL differs between SQLite and
 * PostgreSQL) and later runs only swap the values in.
 */
import type { Compilable, CompiledQuery, Kysely } from 'kysely';

/** Stands for a parameter while the query is compiled; never reaches a database. */
class Slot {
  constructor(readonly name: string) {}
}

export type ParamOf<P> = <K extends keyof P & string>(name: K) => P[K];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export function preparedQuery<DB extends AnyDb, P extends Record<string, unknown>, R>(
  build: (db: DB, param: ParamOf<P>) => Compilable<R>,
): (db: DB, params: P) => Promise<R[]> {
  const compiledFor = new WeakMap<DB, CompiledQuery<R>>();
  const param = ((name: string) => new Slot(name)) as unknown as ParamOf<P>;
  return async (db, params) => {
    let compiled = compiledFor.get(db);
    if (!compiled) {
      compiled = build(db, param).compile();
      compiledFor.set(db, compiled);
    }
    const parameters = compiled.parameters.map((value) => (value instanceof Slot ? params[value.name] : value));
    const result = await db.executeQuery<R>({ ...compiled, parameters });
    return result.rows;
  };
}
