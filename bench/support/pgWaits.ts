/**
 * What PostgreSQL's sessions are doing while a load step runs: `pg_stat_activity` sampled on one
 * connection of its own every `intervalMs`, the sessions that are not idle tallied by state and
 * wait event. It tells a lock wait (`Lock/…`) from a commit's flush (`IO/WALSync`) from a
 * transaction waiting for the server's next statement (`idle in transaction`, `Client/ClientRead`),
 * and the peak of busy sessions against the pool's size.
 */
import pg from 'pg';

export interface WaitSampler {
  /** Stops sampling; the tally, one line. */
  stop(): Promise<string>;
}

const SAMPLE = `
  select coalesce(state, '-') as state, coalesce(wait_event_type || '/' || wait_event, 'CPU') as wait, count(*)::int as n
  from pg_stat_activity
  where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend' and state <> 'idle'
  group by 1, 2`;

export async function sampleWaits(connectionString: string, intervalMs = 100): Promise<WaitSampler> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  const tally = new Map<string, number>();
  let samples = 0;
  let peakBusy = 0;
  let running = true;
  // a failed sample or a lost connection ends the sampling (not the bench): stop() says why
  let failure: unknown;
  client.on('error', (error) => {
    failure ??= error;
    running = false;
  });
  const loop = (async () => {
    while (running) {
      const { rows } = await client.query<{ state: string; wait: string; n: number }>(SAMPLE);
      samples++;
      peakBusy = Math.max(peakBusy, rows.reduce((sum, row) => sum + row.n, 0));
      for (const row of rows) {
        const key = `${row.state} ${row.wait}`;
        tally.set(key, (tally.get(key) ?? 0) + row.n);
      }
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  })().catch((error: unknown) => {
    failure ??= error;
  });
  return {
    async stop() {
      running = false;
      await loop;
      await client.end().catch(() => undefined);
      const stopped = failure === undefined ? '' : `; sampling stopped early: ${failure instanceof Error ? failure.message : String(failure)}`;
      const seen = [...tally.entries()].sort((a, b) => b[1] - a[1]).map(([what, n]) => `${what} ${(n / samples).toFixed(2)}`);
      return `${samples} samples; busy sessions at most ${peakBusy}; on average: ${seen.join(', ') || 'none busy'}${stopped}`;
    },
  };
}
