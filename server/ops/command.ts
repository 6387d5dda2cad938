/** What an ops command gets and returns (its exit code). */
import type { Db } from '../db';
import type { Clock } from '../time';

export interface OpsContext {
  db: Db;
  clock: Clock;
  /** one JSON line on stdout */
  print(value: unknown): void;
}

export interface OpsCommand {
  usage: string;
  run(args: string[], ctx: OpsContext): Promise<number>;
}
