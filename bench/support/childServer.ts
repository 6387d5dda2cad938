/**
 * Benchmarks run the servers they measure in a child process, so that the load generator does
 * not share their event loop. The child is the benchmark file itself started with the argument
 * `serve`: it prints its targets as one JSON line, then serves until SIGTERM.
 *
 * BENCH_PROFILE_DIR: the child writes its CPU profile there (node --cpu-prof), to see where the
 * time goes.
 */
import { spawn } from 'node:child_process';
import readline from 'node:readline';

export interface ChildServer<T> {
  targets: T;
  stop(): Promise<void>;
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
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
