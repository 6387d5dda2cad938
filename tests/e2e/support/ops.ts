/** The ops command line (server/ops/cli.ts) run against a test server's SQLite database. */
import { spawnSync } from 'node:child_process';
import { opsCommand } from '../../projectCommand';

/** `npm run ops -- …` on the database at `sqlitePath`: the JSON lines it printed, parsed. */
export function opsOn(sqlitePath: string): (...args: string[]) => Record<string, unknown>[] {
  return (...args) => {
    const run = spawnSync(...opsCommand(args, { env: { ...process.env, SQLITE_PATH: sqlitePath, DATABASE_URL: '' }, encoding: 'utf8' }));
    if (run.status !== 0) throw new Error(`ops ${args.join(' ')} failed: ${run.stderr}`);
    return run.stdout.split('\n').filter((line) => line.trim()).map((line) => JSON.parse(line) as Record<string, unknown>);
  };
}
