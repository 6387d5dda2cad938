/**
 * Deposits: the networks we accept (contract/rules/wallet.ts), and crediting a confirmed on-chain deposit (an ops command).
 * Crediting is idempotent by network + transaction hash and writes the ledger: the user's account
 * against the system `deposits` account, with the operator named in the ledger reference. The chain
 * watcher (server/deposits) credits through the same posting (`postDepositCredit`), per Transfer
 * log; a transaction it credited is refused here, and one it saw and has not credited yet is
 * credited by hand only for the user, currency and amount the watcher saw.
 */
import { sql } from 'kysely';
import { isSqlite, type Db } from '../db';
import { ApiError } from '../http/errors';
import { fromUnits, toSignedUnits, toUnits } from '../../contract/rules/money';
import { DEPOSIT_NETWORKS as NETWORKS } from '../../contract/rules/wallet';
import { systemOwner, userOwner } from './accounts';
import { runMoneyTransaction } from './moneyTransaction';
import { post, type Trx } from './post';


export interface DepositNetworkRule {
  network: string;
  currency: string;
  minDeposit: bigint;
  confirmations: number;
}

/** contract/rules/wallet.ts DEPOSIT_NETWORKS (the one table, shared with the mocks) in units */
export const DEPOSIT_NETWORKS: DepositNetworkRule[] = NETWORKS.map((n) => ({ ...n, minDeposit: toUnits(n.minDeposit) }));

const TX_HASH = /^0x[0-9a-fA-F]{64}$/;

export interface CreditDepositInput {
  uid: string;
  network: string;
  currency: string;
  /** decimal string */
  amount: string;
  txHash: string;
  operator: string;
  now: number;
}

export interface CreditedDeposit {
  id: bigint;
  userId: bigint;
  amount: bigint;
  /** false when this network + tx hash had been credited before (nothing changed) */
  created: boolean;
}

function parsePositiveAmount(amount: string, currency: string): bigint {
  let units: bigint;
  try {
    // signed, so "-5" is refused as not positive rather than as a malformed amount
    units = toSignedUnits(amount);
  } catch {
    throw new ApiError('VALIDATION_FAILED', { messageKey: 'money.tooManyDecimals', params: { currency, decimals: 8 } });
  }
  if (units <= 0n) throw new ApiError('VALIDATION_FAILED', { messageKey: 'money.notPositive' });
  return units;
}

export async function creditDeposit(db: Db, input: CreditDepositInput): Promise<CreditedDeposit> {
  const network = input.network.toUpperCase();
  const currency = input.currency.toUpperCase();
  const rule = DEPOSIT_NETWORKS.find((n) => n.network === network && n.currency === currency);
  if (!rule) throw new ApiError('VALIDATION_FAILED', { messageKey: 'deposit.unknownNetwork', params: { network, currency } });
  if (!TX_HASH.test(input.txHash)) throw new ApiError('VALIDATION_FAILED', { messageKey: 'deposit.badTxHash' });
  const txHash = input.txHash.toLowerCase();
  const amount = parsePositiveAmount(input.amount, currency);
  if (amount < rule.minDeposit) {
    throw new ApiError('BUSINESS_RULE', { messageKey: 'deposit.belowMinimum', params: { min: fromUnits(rule.minDeposit), currency } });
  }
  const user = await db.selectFrom('users').select('id').where('uid', '=', input.uid).executeTakeFirst();
  if (!user) throw new ApiError('NOT_FOUND', { messageKey: 'user.notFound', params: { uid: input.uid } });

  return runMoneyTransaction(db, async (trx) => {
    await lockDepositTransaction(trx, network, txHash);
    // the watcher credits per Transfer log; a transaction it credited is not credited again by hand
    const byWatcher = await trx
      .selectFrom('deposits')
      .select('id')
      .where('network', '=', network)
      .where('tx_hash', '=', txHash)
      .where('source', '=', 'watcher')
      .executeTakeFirst();
    if (byWatcher) throw new ApiError('CONFLICT', { messageKey: 'deposit.creditedByWatcher' });
    // what the watcher saw of this transaction (not credited yet: confirming, below the minimum or
    // dropped) must be what the operator credits: the same user, currency and amount (the sum of its logs)
    const seen = await trx
      .selectFrom('chain_deposits')
      .select(['user_id', 'currency', 'amount', 'status'])
      .where('network', '=', network)
      .where('tx_hash', '=', txHash)
      .where('status', '!=', 'credited')
      .execute();
    // one the watcher holds for review is decided with deposit:approve / deposit:reject, not by hand
    if (seen.some((row) => row.status === 'review' || row.status === 'rejected')) throw new ApiError('CONFLICT', { messageKey: 'deposit.inReview' });
    if (seen.length) {
      const seenTotal = seen.reduce((sum, row) => sum + BigInt(row.amount), 0n);
      const sameUser = seen.every((row) => row.user_id === user.id);
      if (!sameUser || seen.some((row) => row.currency !== currency) || seenTotal !== amount) {
        const owner = await trx.selectFrom('users').select('uid').where('id', '=', seen[0].user_id).executeTakeFirstOrThrow();
        throw new ApiError('CONFLICT', { messageKey: 'deposit.watcherMismatch', params: { seen: `${fromUnits(seenTotal)} ${seen[0].currency}`, uid: owner.uid } });
      }
    }
    const id = await postDepositCredit(trx, {
      userId: user.id, uid: input.uid, network, currency, amount, txHash, logIndex: -1n, source: 'ops', operator: input.operator, now: input.now,
    });
    if (id === null) {
      const earlier = await trx
        .selectFrom('deposits')
        .select(['id', 'user_id', 'currency', 'amount'])
        .where('network', '=', network)
        .where('tx_hash', '=', txHash)
        .where('log_index', '=', -1n)
        .executeTakeFirstOrThrow();
      if (earlier.user_id !== user.id || earlier.currency !== currency || earlier.amount !== amount) {
        throw new ApiError('CONFLICT', { messageKey: 'deposit.txMismatch' });
      }
      return { id: earlier.id, userId: user.id, amount, created: false };
    }
    return { id, userId: user.id, amount, created: true };
  });
}

export interface DepositCredit {
  userId: bigint;
  uid: string;
  network: string;
  currency: string;
  /** ledger units, positive */
  amount: bigint;
  /** lower case */
  txHash: string;
  /** the Transfer log's index in its block; -1: the whole transaction (by hand) or a native-coin deposit */
  logIndex: bigint;
  source: 'ops' | 'watcher';
  operator: string;
  now: number;
}

/**
 * THE deposit posting, for `ops deposit:credit` and the chain watcher alike: the credited
 * deposit's row (unique by network + tx hash + log index) and the ledger lines, the user's account
 * against the system `deposits` account, in the caller's money transaction. Returns the new
 * deposit's id, or null when that network + tx hash + log index was credited before (nothing
 * written). The caller holds `lockDepositTransaction` for the tx hash.
 */
export async function postDepositCredit(trx: Trx, credit: DepositCredit): Promise<bigint | null> {
  const { network, currency, amount, txHash } = credit;
  const inserted = await trx
    .insertInto('deposits')
    .values({
      user_id: credit.userId, network, currency, amount, tx_hash: txHash, log_index: credit.logIndex, source: credit.source,
      operator: credit.operator, created_at: BigInt(credit.now),
    })
    .onConflict((oc) => oc.columns(['network', 'tx_hash', 'log_index']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return null;
  const ref = credit.source === 'ops'
    ? `ops:deposit:credit:${credit.operator}:${network}:${txHash}`
    : `chain:deposit:${network}:${txHash}:${credit.logIndex}`;
  await post(trx, {
    ref,
    now: credit.now,
    lines: [
      { owner: userOwner(credit.userId), currency, amount, type: 'deposit', remark: `${network} ${txHash}` },
      { owner: systemOwner('deposits'), currency, amount: -amount, type: 'deposit', remark: `uid ${credit.uid}` },
    ],
  });
  return inserted.id;
}

/**
 * Serialises the crediting of one network + tx hash between the ops command and the watcher (and
 * between watchers): on PostgreSQL a transaction-scoped advisory lock, so that what one committed
 * is seen by the other's next read; SQLite runs one writing transaction at a time anyway.
 */
export async function lockDepositTransaction(trx: Trx, network: string, txHash: string): Promise<void> {
  if (isSqlite(trx)) return;
  await sql`select pg_advisory_xact_lock(hashtextextended(${`deposit:${network}:${txHash}`}, 0))`.execute(trx);
}
