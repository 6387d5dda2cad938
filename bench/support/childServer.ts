/**
 * Benchmarks run the servers they measure in a child process, so that the load generator does
 * not share their event loop. The child is the benchmark file itself started with the argument
 * `serve`: it prints its targets as one JSON line, then serves until SIGTERM.
 *
 * BENCH_PROFILE_DIR: the child writes its CPU profile there (node --cpu-prof), to see where the
 * time goes.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import readline from 'node:readline';

export interface ChildServer<T> {
  targets: T;
  /** CPU time (user + system) the server process has used so far, in microseconds */
  cpuMicros(): number;
  stop(): Promise<void>;
}

/** utime + stime of a process from /proc (Linux), in microseconds; NaN elsewhere. */
export function processCpuMicros(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return (ticks * 1_000_000) / 100; // USER_HZ is 100 on Linux
  } catch {
    return Number.NaN;
  }
}

/**
 * CPU time of every process named `command` (PostgreSQL's postmaster and its backends), with
 * the time of its children that have exited, in microseconds; NaN off Linux.
 */
export function commandCpuMicros(command: string): number {
  let ticks = 0;
  try {
    for (const pid of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      try {
        const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
        if (stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')) !== command) continue;
        const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
        ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
      } catch {
        // the process ended between listing and reading
      }
    }
  } catch {
    return Number.NaN;
  }
  return (ticks * 1_000_000) / 100;
}

export async function startChildServer<T>(benchFile: string): Promise<ChildServer<T>> {
  const profiling = process.env.BENCH_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`] : [];
  const child = spawn(process.execPath, [...profiling, '--import', 'tsx', benchFile, 'serve'], { stdio: ['ignore', 'pipe', 'inherit'], env: process.env });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const firstLine = await Promise.race([
    new Promise<string>((resolve) => readline.createInterface({ input: child.stdout! }).once('line', resolve)),
    exited.then((code) => Promise.reject(new Error(`bench server exited with ${code}`))),
  ]);
  return {
    targets: JSON.parse(firstLine) as T,
    cpuMicros: () => processCpuMicros(child.pid!),
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
