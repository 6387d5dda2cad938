/** What an ops command gets and returns (its exit code), and the arguments every decision takes. */
import os from 'node:os';
import { parseArgs } from 'node:util';
import type { Db } from '../db';
import type { Clock } from '../time';
import type { ServerConfig } from '../config';

export interface OpsContext {
  db: Db;
  clock: Clock;
  /** the server's settings (the command line's own; a test may pass its own), else read from the environment */
  config?: ServerConfig;
  /** one JSON line on stdout */
  print(value: unknown): void;
}

export interface OpsCommand {
  usage: string;
  run(args: string[], ctx: OpsContext): Promise<number>;
}

export interface OperatorArgs {
  positionals: string[];
  /** --operator, else the OS user (at most 64 characters) */
  operator: string;
  /** --reason, trimmed ('' when not asked for) */
  reason: string;
}

/** The arguments of an operator's act: positionals, `[--reason TEXT] [--operator NAME]`, the reason required when `withReason`. */
export function operatorArgs(args: string[], withReason: boolean): OperatorArgs {
  const { values, positionals } = parseArgs({
    args, options: { operator: { type: 'string' }, ...(withReason ? { reason: { type: 'string' } } : {}) }, allowPositionals: true, strict: true,
  });
  const reason = typeof values.reason === 'string' ? values.reason.trim() : '';
  if (withReason && !reason) throw new Error('missing --reason');
  if (reason.length > 200) throw new Error('--reason is at most 200 characters');
  return { positionals, operator: ((values.operator as string | undefined) || os.userInfo().username).slice(0, 64), reason };
}

export interface Decision {
  id: bigint;
  operator: string;
  reason: string;
}

/** An operator's decision on one row: `ID [--reason TEXT] [--operator NAME]`. */
export function decisionArgs(args: string[], what: string, withReason: boolean): Decision {
  const { positionals, operator, reason } = operatorArgs(args, withReason);
  const [id, ...rest] = positionals;
  if (!id || rest.length || !/^[1-9][0-9]{0,17}$/.test(id)) throw new Error(`expected one ${what} ID`);
  return { id: BigInt(id), operator, reason };
}
