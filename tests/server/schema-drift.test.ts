/**
 * The typed schema (server/db/schema.ts, the Kysely `Database` interface) against the real one:
 * a fresh database is migrated (SQLite, or PostgreSQL when DATABASE_URL is set) and every table,
 * column, value kind (bigint / string), nullability and default must match the types.
 *
 * How the types are read at run time: with the TypeScript compiler API, from schema.ts itself.
 * That is the simplest check that really fails on drift: no second description of the tables to
 * keep in step (a runtime `SCHEMA` const would itself have to be compared with the migrations, and
 * a generated file would need a generator), and whatever the code is typed against is what gets
 * compared. A column the migrations add and the interface lacks, a `| null` missing on a nullable
 * column (or present on a NOT NULL one), a `string` column that is BIGINT, a table or column the
 * interface has and the database lacks, a `Generated<>` column without a default: each fails
 * here, naming the table and column.
 */
import path from 'node:path';
import { sql } from 'kysely';
import ts from 'typescript';
import { isSqlite, type Db } from '../../server/db';
import { migrateToLatest } from '../../server/db/migrate';
import { createTestDb, type TestDb } from './support/db';

type Kind = 'bigint' | 'string';

interface ColumnShape {
  kind: Kind;
  nullable: boolean;
  /** the database fills it in when an insert leaves it out (default, auto-increment) */
  generated: boolean;
}

type Shape = Record<string, Record<string, ColumnShape>>;

const SCHEMA_FILE = path.resolve(__dirname, '../../server/db/schema.ts');
/** Kysely's own bookkeeping tables, not part of `Database` */
const KYSELY_TABLES = new Set(['kysely_migration', 'kysely_migration_lock']);

/** `Database` as the compiler sees it: table → column → shape. */
function typedSchema(): { shape: Shape; problems: string[] } {
  const program = ts.createProgram([SCHEMA_FILE], {
    strict: true,
    target: ts.ScriptTarget.ES2020,
    module: ts.ModuleKind.CommonJS,
    moduleResolution: ts.ModuleResolutionKind.Node10,
    skipLibCheck: true,
    noEmit: true,
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(SCHEMA_FILE);
  if (!source) throw new Error(`cannot read ${SCHEMA_FILE}`);
  const database = checker.getSymbolAtLocation(source)?.exports?.get(ts.escapeLeadingUnderscores('Database'));
  if (!database) throw new Error('schema.ts exports no Database interface');
  const shape: Shape = {};
  const problems: string[] = [];
  for (const table of checker.getDeclaredTypeOfSymbol(database).getProperties()) {
    const columns: Record<string, ColumnShape> = {};
    for (const column of checker.getTypeOfSymbolAtLocation(table, source).getProperties()) {
      let type = checker.getTypeOfSymbolAtLocation(column, source);
      // Generated<T> is ColumnType<T, T | undefined, T>: the selected type is its __select__
      const select = type.getProperty('__select__');
      if (select) type = checker.getTypeOfSymbolAtLocation(select, source);
      const members = type.isUnion() ? type.types : [type];
      const nullable = members.some((m) => m.flags & ts.TypeFlags.Null);
      const kinds = new Set(
        members
          .filter((m) => !(m.flags & ts.TypeFlags.Null))
          .map((m) => (m.flags & ts.TypeFlags.BigIntLike ? 'bigint' : m.flags & ts.TypeFlags.StringLike ? 'string' : checker.typeToString(m))),
      );
      const [kind] = [...kinds];
      if (kinds.size !== 1 || (kind !== 'bigint' && kind !== 'string')) problems.push(`${table.name}.${column.name}: type ${checker.typeToString(type)} is neither bigint nor string`);
      columns[column.name] = { kind: kind as Kind, nullable, generated: Boolean(select) };
    }
    shape[table.name] = columns;
  }
  return { shape, problems };
}

function kindOf(databaseType: string): Kind | string {
  if (/int|serial/i.test(databaseType)) return 'bigint';
  if (/char|text/i.test(databaseType)) return 'string';
  return databaseType;
}

/** The migrated database's tables, from the engine's own catalogue. */
async function realSchema(db: Db): Promise<Shape> {
  const shape: Shape = {};
  if (isSqlite(db)) {
    const tables = await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db);
    for (const { name } of tables.rows) {
      const columns = await sql<{ name: string; type: string; notnull: bigint; dflt_value: string | null; pk: bigint }>`select * from pragma_table_info(${name})`.execute(db);
      shape[name] = Object.fromEntries(
        columns.rows.map((c) => {
          // an INTEGER PRIMARY KEY is the rowid: never null, numbered by SQLite when left out
          const rowid = Number(c.pk) > 0 && /^integer$/i.test(c.type);
          return [c.name, { kind: kindOf(c.type) as Kind, nullable: Number(c.notnull) === 0 && Number(c.pk) === 0, generated: c.dflt_value !== null || rowid }];
        }),
      );
    }
    return shape;
  }
  const columns = await sql<{ table_name: string; column_name: string; data_type: string; is_nullable: string; column_default: string | null; is_identity: string }>`
    select c.table_name, c.column_name, c.data_type, c.is_nullable, c.column_default, c.is_identity
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'`.execute(db);
  for (const c of columns.rows) {
    shape[c.table_name] ??= {};
    shape[c.table_name][c.column_name] = { kind: kindOf(c.data_type) as Kind, nullable: c.is_nullable === 'YES', generated: c.column_default !== null || c.is_identity === 'YES' };
  }
  return shape;
}

let testDb: TestDb;
let compiled: ReturnType<typeof typedSchema>;
beforeAll(async () => {
  compiled = typedSchema();
  testDb = await createTestDb();
  await migrateToLatest(testDb.db);
});
afterAll(async () => testDb?.cleanup());

describe(`server/db/schema.ts against the migrations (${process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite'})`, () => {
  it('types every column as bigint or string', () => {
    expect(compiled.problems).toEqual([]);
  });

  it('has exactly the migrated tables and columns, with their kind and nullability', async () => {
    const typed = compiled.shape;
    const real = await realSchema(testDb.db);
    for (const name of KYSELY_TABLES) delete real[name];
    const strip = (shape: Shape) =>
      Object.fromEntries(
        Object.entries(shape)
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([table, columns]) => [table, Object.fromEntries(Object.entries(columns).sort(([a], [b]) => a.localeCompare(b)).map(([column, c]) => [column, `${c.kind}${c.nullable ? ' | null' : ''}`]))]),
      );
    expect(strip(typed)).toEqual(strip(real));
  });

  it('marks Generated<> only columns the database fills in (a default, an auto-increment id)', async () => {
    const typed = compiled.shape;
    const real = await realSchema(testDb.db);
    const problems: string[] = [];
    for (const [table, columns] of Object.entries(typed)) {
      for (const [column, c] of Object.entries(columns)) {
        const db = real[table]?.[column];
        if (!db) continue; // reported by the test above
        if (c.generated && !db.generated) problems.push(`${table}.${column} is Generated<> but has no default`);
      }
    }
    expect(problems).toEqual([]);
  });
});
