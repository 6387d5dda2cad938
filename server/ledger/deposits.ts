/**
 * Deposits: the networks we accept (contract/rules/wallet.ts), and crediting a confirmed on-chain deposit (an ops command).
 * Crediting is idempotent by network + transaction hash and writes the ledger: the user's account
 * against the system `deposits` account, with the operator named in the ledger reference.
 */
import type { Db } from '../db';
import { ApiError } from '../http/errors';
import { fromUnits, toSignedUnits, toUnits } from '../../contract/rules/money';
import { DEPOSIT_NETWORKS as NETWORKS } from '../../contract/rules/wallet';
import { systemOwner, userOwner } from './accounts';
import { runMoneyTransaction } from './moneyTransaction';
import { post } from './post';


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
    const inserted = await trx
      .insertInto('deposits')
      .values({ user_id: user.id, network, currency, amount, tx_hash: txHash, operator: input.operator, created_at: BigInt(input.now) })
      .onConflict((oc) => oc.columns(['network', 'tx_hash']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) {
      const earlier = await trx
        .selectFrom('deposits')
        .select(['id', 'user_id', 'currency', 'amount'])
        .where('network', '=', network)
        .where('tx_hash', '=', txHash)
        .executeTakeFirstOrThrow();
      if (earlier.user_id !== user.id || earlier.currency !== currency || earlier.amount !== amount) {
        throw new ApiError('CONFLICT', { messageKey: 'deposit.txMismatch' });
      }
      return { id: earlier.id, userId: user.id, amount, created: false };
    }
    await post(trx, {
      ref: `ops:deposit:credit:${input.operator}:${network}:${txHash}`,
      now: input.now,
      lines: [
        { owner: userOwner(user.id), currency, amount, type: 'deposit', remark: `${network} ${txHash}` },
        { owner: systemOwner('deposits'), currency, amount: -amount, type: 'deposit', remark: `uid ${input.uid}` },
      ],
    });
    return { id: inserted.id, userId: user.id, amount, created: true };
  });
}
