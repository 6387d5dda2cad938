/**
 * Preloaded into a server process (`BENCH_SERVER_NODE_OPTIONS="--import ./bench/support/cpuProfile.mjs"`
 * for `npm run bench:load`): samples the main thread's CPU with `inspector` from BENCH_PROFILE_DELAY_MS
 * (default 8000) after start for BENCH_PROFILE_MS (default 25000), then writes
 * BENCH_PROFILE_DIR (default the working directory)/server-<pid>.cpuprofile, which Chrome's
 * DevTools (Performance) or `speedscope` open. `--cpu-prof` itself is not allowed in NODE_OPTIONS.
 */
import fs from 'node:fs';
import inspector from 'node:inspector';
import path from 'node:path';
import { isMainThread } from 'node:worker_threads';

if (isMainThread) {
  const session = new inspector.Session();
  session.connect();
  setTimeout(() => {
    session.post('Profiler.enable', () =>
      session.post('Profiler.start', () => {
        setTimeout(() => {
          session.post('Profiler.stop', (error, result) => {
            if (error) throw error;
            const file = path.join(process.env.BENCH_PROFILE_DIR || process.cwd(), `server-${process.pid}.cpuprofile`);
            fs.writeFileSync(file, JSON.stringify(result.profile));
          });
        }, Number(process.env.BENCH_PROFILE_MS || 25_000)).unref();
      }),
    );
  }, Number(process.env.BENCH_PROFILE_DELAY_MS || 8_000)).unref();
}
