/**
 * The project's own commands as processes of their own, as an operator runs them: node with tsx's
 * loader on a TypeScript entry (what package.json's "start" and "ops" run), from the project's
 * root. One node process, not tsx's launcher and the node it starts: tests run these often.
 */
import path from 'node:path';

/** The project's root folder. */
export const PROJECT_ROOT = path.resolve(__dirname, '..');

/** `T` without the `readonly` that a `const` type parameter puts on it, at every depth (spawn's stdio takes a mutable tuple). */
type Writable<T> = { -readonly [K in keyof T]: Writable<T[K]> };

/**
 * spawn's, spawnSync's or execFile's arguments for `node --import tsx script ...args`, with `options`
 * run from the project's root. `options` keeps its literal types (`encoding: 'utf8'`, a stdio
 * tuple) as if written straight into the call, which picks the overload.
 */
export function tsxCommand<const Options extends object>(script: string, args: string[], options: Options): [string, string[], Writable<Options> & { cwd: string }] {
  return [process.execPath, ['--import', 'tsx', script, ...args], { ...(options as Writable<Options>), cwd: PROJECT_ROOT }];
}

/** `npm start`: the server, server/main.ts. */
export const startCommand = <const Options extends object>(options: Options) => tsxCommand('server/main.ts', [], options);

/** `npm run ops -- ...args`: server/ops/cli.ts. */
export const opsCommand = <const Options extends object>(args: string[], options: Options) => tsxCommand('server/ops/cli.ts', args, options);
