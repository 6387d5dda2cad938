/**
 * How each chain job's runs went, per job and network (server/deposits/jobRuns.ts): the runs
 * failed in a row and the last cause (a quorum the endpoints did not reach names what differed),
 * so `ops watcher:status` and `ops withdraw:list` tell an operator from the database alone.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('chain_job_runs')
    .addColumn('job', 'varchar(32)', (col) => col.notNull())
    .addColumn('network', 'varchar(16)', (col) => col.notNull())
    .addColumn('failures_in_a_row', 'bigint', (col) => col.notNull())
    .addColumn('last_error', 'varchar(1000)')
    .addColumn('last_error_at', 'bigint')
    .addColumn('last_ok_at', 'bigint')
    .addPrimaryKeyConstraint('chain_job_runs_pk', ['job', 'network'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('chain_job_runs').execute();
}
