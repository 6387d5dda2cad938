/**
 * The audit log: every operator action, append-only (the database refuses updates and deletes,
 * migration 0150). Written inside the action's transaction (`recordAct` in ./actor.ts).
 */
import type { Db } from '../db';
import type { Actor } from './actor';

export interface AuditRecord {
  /** e.g. 'withdraw.approve', 'operator.add' */
  action: string;
  /** what it acted on, e.g. 'withdrawal:12', 'user:100001', 'feature:mall' */
  target: string;
  before?: unknown;
  after?: unknown;
  reason?: string;
}

/** JSON of a value with bigints as decimal strings; null when absent. */
export function auditJson(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
}

export async function writeAudit(trx: Db, actor: Actor, record: AuditRecord, now: number): Promise<void> {
  await trx
    .insertInto('audit_log')
    .values({
      source: actor.source,
      operator_id: actor.source === 'console' ? actor.operatorId : null,
      actor: actor.source === 'console' ? actor.address : actor.name,
      role: actor.source === 'console' ? actor.role : 'cli',
      action: record.action.slice(0, 48),
      target: record.target.slice(0, 100),
      before_json: auditJson(record.before),
      after_json: auditJson(record.after),
      reason: (record.reason ?? '').slice(0, 200),
      request_id: actor.source === 'console' ? actor.requestId.slice(0, 64) : 'cli',
      created_at: BigInt(now),
    })
    .execute();
}
