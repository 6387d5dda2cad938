/** What an ops command gets and returns (its exit code). */
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
