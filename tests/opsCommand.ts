/**
 * `npm run ops -- …` as a process of its own, as an operator runs it (package.json's "ops"): node
 * with tsx's loader on server/ops/cli.ts, from the project's root. One node process, not tsx's
 * launcher and the node it starts: tests run the command often.
 */
import path from 'node:path';

export const PROJECT_ROOT = path.resolve(__dirname, '..');

/** The program to spawn and its arguments for `npm run ops -- ...args`; spawn it with `cwd: PROJECT_ROOT`. */
export function opsCommand(args: string[]): [string, string[]] {
  return [process.execPath, ['--import', 'tsx', 'server/ops/cli.ts', ...args]];
}
