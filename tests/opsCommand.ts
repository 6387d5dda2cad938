/**
 * `npm run ops -- …` as a process of its own, as an operator runs it (package.json's "ops"): node
 * with tsx's loader on server/ops/cli.ts, from the project's root. One node process, not tsx's
 * launcher and the node it starts: tests run the command often.
 */
import path from 'node:path';

/**
 * The arguments of spawn, spawnSync or execFile for `npm run ops -- ...args`: the program, its
 * arguments, and `options` with the project's root as the working directory.
 */
export function opsCommand<const Options extends object>(args: string[], options: Options): [string, string[], Options & { cwd: string }] {
  const cwd = path.resolve(__dirname, '..');
  return [process.execPath, ['--import', 'tsx', 'server/ops/cli.ts', ...args], { ...options, cwd }];
}
