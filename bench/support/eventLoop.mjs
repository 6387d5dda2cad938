/**
 * Preloaded into a server process (`BENCH_SERVER_NODE_OPTIONS="--import ./bench/support/eventLoop.mjs"`
 * for `npm run bench:load`): once a second, one line appended to BENCH_EVENT_LOOP_LOG (default
 * event-loop-<pid>.log in the working directory) with the main thread's event-loop
 * delay (p50, p99, max), its utilisation, and the garbage collections of that second (count, total
 * and longest pause, by kind). What a latency tail at low load is made of: a stall on the event loop
 * shows as a large max delay, a collection's pause among the GC figures.
 */
import fs from 'node:fs';
import path from 'node:path';
import { monitorEventLoopDelay, performance, PerformanceObserver } from 'node:perf_hooks';
import { isMainThread } from 'node:worker_threads';

const GC_KINDS = { 1: 'minor', 2: 'major', 4: 'incremental', 8: 'weak' };

if (isMainThread) {
  const file = process.env.BENCH_EVENT_LOOP_LOG || path.join(process.cwd(), `event-loop-${process.pid}.log`);
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  let collections = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) collections.push({ kind: GC_KINDS[entry.detail?.kind] ?? 'other', ms: entry.duration });
  }).observe({ entryTypes: ['gc'] });
  let utilisation = performance.eventLoopUtilization();
  setInterval(() => {
    const now = performance.eventLoopUtilization(utilisation);
    utilisation = performance.eventLoopUtilization();
    const ms = (ns) => (ns / 1e6).toFixed(1);
    const byKind = {};
    for (const { kind, ms: pause } of collections) {
      const entry = (byKind[kind] ??= { count: 0, total: 0, max: 0 });
      entry.count += 1;
      entry.total += pause;
      entry.max = Math.max(entry.max, pause);
    }
    const gc = Object.entries(byKind).map(([kind, { count, total, max }]) => `${kind} ${count}× ${total.toFixed(1)} ms (max ${max.toFixed(1)})`).join(', ');
    fs.appendFileSync(
      file,
      `${new Date().toISOString().slice(11, 19)} delay p50 ${ms(delay.percentile(50))} p99 ${ms(delay.percentile(99))} max ${ms(delay.max)} ms, busy ${(now.utilization * 100).toFixed(0)} %${gc ? `, gc: ${gc}` : ''}\n`,
    );
    delay.reset();
    collections = [];
  }, 1000).unref();
}
