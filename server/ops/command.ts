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

export interface Decision {
  id: bigint;
  /** --operator, else the OS user */
  operator: string;
  /** --reason, trimmed ('' when not asked for) */
  reason: string;
}

/** The arguments of an operator's decision on one row: `ID [--reason TEXT] [--operator NAME]`, the reason required when `withReason`. */
export function decisionArgs(args: string[], what: string, withReason: boolean): Decision {
  const { values, positionals } = parseArgs({
    args, options: { operator: { type: 'string' }, ...(withReason ? { reason: { type: 'string' } } : {}) }, allowPositionals: true, strict: true,
  });
  const [id, ...rest] = positionals;
  if (!id || rest.length || !/^[1-9][0-9]{0,17}$/.test(id)) throw new Error(`expected one ${what} ID`);
  const reason = typeof values.reason === 'string' ? values.reason.trim() : '';
  if (withReason && !reason) throw new Error('missing --reason');
  if (reason.length > 200) throw new Error('--reason is at most 200 characters');
  return { id: BigInt(id), operator: (values.operator as string | undefined) || os.userInfo().username, reason };
}
