/** A clock the test moves by hand. */
import type { Clock } from '../../../server/time';

export class FakeClock implements Clock {
  constructor(private ms: number = Date.now()) {}

  now(): number {
    return this.ms;
  }

  advance(ms: number): void {
    this.ms += ms;
  }

  set(ms: number): void {
    this.ms = ms;
  }
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
