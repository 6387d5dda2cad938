/** Migrations: two processes starting together on one database apply each migration exactly once. */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { migrateToLatest } from '../../server/db/migrate';
import { migrations } from '../../server/db/migrations';
import { createTestDb, type TestDb } from './support/db';
import { tsxCommand } from '../projectCommand';


function migrateInChild(testDb: TestDb, startAt: number): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      ...tsxCommand(path.join(__dirname, 'support/migrateOnce.ts'), [], {
        env: { ...process.env, POWERFI_TEST_DB: JSON.stringify(testDb.options), POWERFI_START_AT: String(startAt) },
      }),
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (err += chunk));
    child.on('close', (code) => (code === 0 ? resolve(JSON.parse(out) as string[]) : reject(new Error(`exit ${code}: ${err}`))));
  });
}

let testDb: TestDb;
beforeAll(async () => {
  testDb = await createTestDb();
});
afterAll(async () => testDb.cleanup());

describe('migrations', () => {
  it('are applied exactly once when two processes migrate the same database at the same moment', async () => {
    const startAt = Date.now() + 4000;
    const [a, b] = await Promise.all([migrateInChild(testDb, startAt), migrateInChild(testDb, startAt)]);
    const all = Object.keys(migrations);
    expect([...a, ...b].sort()).toEqual(all.sort());
    const recorded = await testDb.db
      .selectFrom('kysely_migration' as never)
      .select('name' as never)
      .execute();
    expect(recorded).toHaveLength(all.length);
  });

  it('do nothing when run again, and leave a working schema', async () => {
    expect(await migrateToLatest(testDb.db)).toEqual([]);
    await testDb.db.insertInto('app_meta').values({ key: 'probe', value: 'ok', updated_at: 1n }).execute();
    const row = await testDb.db.selectFrom('app_meta').selectAll().where('key', '=', 'probe').executeTakeFirstOrThrow();
    expect(row).toEqual({ key: 'probe', value: 'ok', updated_at: 1n });
  });
});
