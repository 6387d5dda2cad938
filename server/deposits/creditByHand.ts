/**
 * Deposits: the networks we accept (contract/rules/wallet.ts), and crediting a confirmed on-chain
 * deposit by hand: from the command line at once (`ops deposit:credit`), from the console when a
 * second finance operator confirms the request (server/operators/moneyApprovals.ts); both audited.
 * Crediting is idempotent by network + transaction hash and writes the ledger: the user's account
 * against the system `deposits` account, with the operator named in the ledger reference. The chain
 * watcher (server/deposits) credits through the same posting (`postDepositCredit`), per Transfer
 * log, and is no operator: nothing of its own is audited. A transaction it credited is refused
 * here, and one it saw and has not credited yet is credited by hand only for the user, currency
 * and amount the watcher saw.
 */
import { sql } from 'kysely';
import { isSqlite, type Db } from '../db';
import { ApiError } from '../http/errors';
import { fromUnits, toSignedUnits, toUnits } from '../../contract/rules/money';
import { DEPOSIT_NETWORKS as NETWORKS } from '../../contract/rules/wallet';
import { systemOwner, userOwner } from '../ledger/accounts';
import { runMoneyTransaction } from '../ledger/moneyTransaction';
import { post, type Trx } from '../ledger/post';
import { actorName, recordAct, type OperatorAct } from '../operators/actor';
import { notify } from '../notifications/notifications';


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
}

/** A credit by hand, checked: the rule's network and currency, the user, the amount in units, the tx hash in lower case. */
export interface CheckedDepositCredit {
  uid: string;
  userId: bigint;
  network: string;
  currency: string;
  amount: bigint;
  txHash: string;
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

/** What a credit by hand needs before any transaction: a network and currency we accept, a tx hash, an amount from the minimum, a user. */
export async function checkDepositCredit(db: Db, input: CreditDepositInput): Promise<CheckedDepositCredit> {
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
  return { uid: input.uid, userId: user.id, network, currency, amount, txHash };
}

/**
 * Inside the crediting transaction, holding the tx hash's lock: refuses what the watcher credited
 * or holds for review, and a credit that does not match what the watcher saw of the transaction.
 * → the earlier credit by hand of the same transaction, if any.
 */
async function assertCreditable(trx: Trx, credit: CheckedDepositCredit): Promise<{ id: bigint; user_id: bigint; currency: string; amount: bigint } | undefined> {
  const { network, txHash, currency, amount } = credit;
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
  // one the watcher holds for review is decided by approving or rejecting it, not by hand
  if (seen.some((row) => row.status === 'review' || row.status === 'rejected')) throw new ApiError('CONFLICT', { messageKey: 'deposit.inReview' });
  if (seen.length) {
    const seenTotal = seen.reduce((sum, row) => sum + BigInt(row.amount), 0n);
    const sameUser = seen.every((row) => row.user_id === credit.userId);
    if (!sameUser || seen.some((row) => row.currency !== currency) || seenTotal !== amount) {
      const owner = await trx.selectFrom('users').select('uid').where('id', '=', seen[0].user_id).executeTakeFirstOrThrow();
      throw new ApiError('CONFLICT', { messageKey: 'deposit.watcherMismatch', params: { seen: `${fromUnits(seenTotal)} ${seen[0].currency}`, uid: owner.uid } });
    }
  }
  return trx
    .selectFrom('deposits')
    .select(['id', 'user_id', 'currency', 'amount'])
    .where('network', '=', network)
    .where('tx_hash', '=', txHash)
    .where('log_index', '=', -1n)
    .executeTakeFirst();
}

/** The audit log's name of a transaction credited by hand. */
export const depositTxTarget = (network: string, txHash: string) => `tx:${network}:${txHash.toLowerCase()}`;

/**
 * Before asking a second finance operator: refuses a transaction that is credited already (by the
 * watcher or by hand), held for review or rejected, or that does not match what the watcher saw.
 */
export async function assertDepositCreditable(db: Db, credit: CheckedDepositCredit): Promise<void> {
  try {
    await runMoneyTransaction(db, async (trx) => {
      await lockDepositTransaction(trx, credit.network, credit.txHash);
      if (await assertCreditable(trx, credit)) throw new ApiError('CONFLICT', { messageKey: 'admin.money.alreadyCredited' });
    });
  } catch (error) {
    // the command line's wording names its commands; the console decides a held deposit on its review page
    if (error instanceof ApiError && error.options.messageKey === 'deposit.inReview') throw new ApiError('CONFLICT', { messageKey: 'admin.money.inReview' });
    throw error;
  }
}

/**
 * Credits a checked deposit by hand inside the caller's money transaction, audited 'deposit.credit'
 * (target `tx:<network>:<txHash>`). Idempotent by network + tx hash: a repeat of the same credit
 * changes nothing and records nothing; a different one for the same transaction is refused.
 */
export async function creditDepositIn(trx: Trx, credit: CheckedDepositCredit, act: OperatorAct): Promise<CreditedDeposit> {
  const { userId, uid, network, currency, amount, txHash } = credit;
  await lockDepositTransaction(trx, network, txHash);
  const earlier = await assertCreditable(trx, credit);
  if (earlier) {
    if (earlier.user_id !== userId || earlier.currency !== currency || earlier.amount !== amount) {
      throw new ApiError('CONFLICT', { messageKey: 'deposit.txMismatch' });
    }
    return { id: earlier.id, userId, amount, created: false };
  }
  const id = await postDepositCredit(trx, {
    userId, uid, network, currency, amount, txHash, logIndex: -1n, source: 'ops', operator: actorName(act.actor), now: act.now,
  });
  if (id === null) throw new Error(`deposit ${network} ${txHash} was credited meanwhile, under its lock`);
  await recordAct(trx, act, {
    action: 'deposit.credit',
    target: depositTxTarget(network, txHash),
    after: { deposit: String(id), uid, currency, network, amount: fromUnits(amount), txHash },
  });
  return { id, userId, amount, created: true };
}

/** Credits a confirmed on-chain deposit by hand (the command line; the console's goes through a second operator). */
export async function creditDeposit(db: Db, input: CreditDepositInput, act: OperatorAct): Promise<CreditedDeposit> {
  const credit = await checkDepositCredit(db, input);
  return runMoneyTransaction(db, (trx) => creditDepositIn(trx, credit, act));
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
 * against the system `deposits` account, and the user's notification, in the caller's money transaction. Returns the new
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
  await notify(trx, credit.userId, 'deposit.credited', { depositId: String(inserted.id), coin: currency, amount: fromUnits(amount), network }, credit.now);
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
