/**
 * The feature flags admins switch in the console (or `ops features:set`), kept in
 * `feature_flag_overrides` so that every server process reads the same values (flags.ts polls the
 * table). A row per flag ever set; a flag with no row follows its default.
 */
import { isFeature, type Feature } from '../../contract/features';
import type { Db } from '../db';
import type { Trx } from '../ledger/post';
import { actorName, recordAct, type OperatorAct } from '../operators/actor';

export interface StoredFlag {
  enabled: boolean;
  /** the operator's address, or `cli:<name>` */
  updatedBy: string;
  updatedAt: number;
}

export type StoredFlags = Partial<Record<Feature, StoredFlag>>;

/** Every stored flag (rows of flags no longer known are ignored). */
export async function storedFeatureFlags(db: Db | Trx): Promise<StoredFlags> {
  const rows = await db.selectFrom('feature_flag_overrides').selectAll().execute();
  const stored: StoredFlags = {};
  for (const row of rows) {
    if (isFeature(row.name)) stored[row.name] = { enabled: Number(row.enabled) === 1, updatedBy: row.updated_by, updatedAt: Number(row.updated_at) };
  }
  return stored;
}

export interface FeatureFlagChange {
  name: Feature;
  before: StoredFlag | null;
  after: StoredFlag;
}

/**
 * Stores a flag's value and audits it ('feature.set', target 'feature:<name>') in one
 * transaction. Setting the value already stored is still recorded: the operator said so, with a
 * reason, and the row's author and time follow.
 */
export async function setFeatureFlag(db: Db, act: OperatorAct, name: Feature, enabled: boolean): Promise<FeatureFlagChange> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('feature_flag_overrides').selectAll().where('name', '=', name).executeTakeFirst();
    const before: StoredFlag | null = row ? { enabled: Number(row.enabled) === 1, updatedBy: row.updated_by, updatedAt: Number(row.updated_at) } : null;
    const after: StoredFlag = { enabled, updatedBy: actorName(act.actor), updatedAt: act.now };
    const values = { enabled: enabled ? 1n : 0n, updated_by: after.updatedBy, updated_at: BigInt(act.now) };
    await trx
      .insertInto('feature_flag_overrides')
      .values({ name, ...values })
      .onConflict((oc) => oc.column('name').doUpdateSet(values))
      .execute();
    await recordAct(trx, act, { action: 'feature.set', target: `feature:${name}`, before: { enabled: before?.enabled ?? null }, after: { enabled } });
    return { name, before, after };
  });
}
