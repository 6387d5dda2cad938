/**
 * Who performs an operator action: an operator signed in to the console (by wallet, with a role),
 * or the command line (`npm run ops`), named by `--operator` or the OS user. Every audited domain
 * function takes an `OperatorAct` and records it in the same transaction as the change.
 */
import type { OperatorRole } from '../../contract/rules/operators';
import type { Db } from '../db';
import type { ConsumeStepUp } from '../auth/stepUp';
import { writeAudit } from './audit';

export type Actor =
  | { source: 'console'; operatorId: bigint; address: string; role: OperatorRole; sessionId: bigint; requestId: string }
  | { source: 'cli'; name: string };

/** The name written on the rows an operator decides (`withdrawals.operator`, …): the address, or `cli:<name>`. */
export function actorName(actor: Actor): string {
  return actor.source === 'console' ? actor.address : `cli:${actor.name}`.slice(0, 64);
}

export function cliActor(name: string): Actor {
  return { source: 'cli', name: name.slice(0, 60) };
}

/** One operator action about to be carried out: who, when, why, and the fresh signature it needs (console only). */
export interface OperatorAct {
  actor: Actor;
  now: number;
  /** '' when the action asks for none */
  reason: string;
  /** spends the operator's step-up proof: run inside the action's transaction (absent from the command line) */
  stepUp?: ConsumeStepUp;
}

/**
 * Inside the action's transaction: spends the step-up proof and appends the audit entry, so the
 * change, its proof and its record commit together or not at all.
 */
export async function recordAct(trx: Db, act: OperatorAct, entry: { action: string; target: string; before?: unknown; after?: unknown }): Promise<void> {
  await act.stepUp?.(trx);
  await writeAudit(trx, act.actor, { ...entry, reason: act.reason }, act.now);
}
