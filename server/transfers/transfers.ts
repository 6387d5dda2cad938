/**
 * Transfers between PowerFi users: to a UID or a wallet address, a flat fee per currency paid by
 * the sender to the `fees` account, a minimum amount, never to oneself.
 */
import { getAddress } from 'ethers';
import type { TransferCreateBodyType, TransferRecipientType, TransferRecordType } from '../../contract/account';
import { RECIPIENT_ADDRESS, RECIPIENT_UID } from '../../contract/rules/money';
import type { Db } from '../db';
import { firstRow, preparedQuery, type ParamOf } from '../db/prepared';
import { ApiError } from '../http/errors';
import { fromUnits } from '../../contract/rules/money';
import type { TimeFormat } from '../time';
import { assertNotFrozen } from '../users/freeze';
import { systemOwner, userOwner } from '../ledger/accounts';
import { positiveUnits } from '../ledger/amounts';
import { TRANSFER_RULES, type TransferRule } from '../wallet/currencyRules';
import { post, type LedgerLine, type Trx } from '../ledger/post';

export interface Recipient {
  id: bigint;
  uid: string;
  address: string;
}

export function transferRule(currency: string): TransferRule {
  const rule = TRANSFER_RULES[currency];
  if (!rule) throw new ApiError('BUSINESS_RULE', { messageKey: 'money.unsupportedCurrency', params: { currency } });
  return rule;
}

const userBy = (column: 'uid' | 'address') =>
  preparedQuery((db: Db, param: ParamOf<{ value: string }>) => db.selectFrom('users').select(['id', 'uid', 'address']).where(column, '=', param('value')));
const recipientBy = { uid: userBy('uid'), address: userBy('address') };

const insertTransfer = preparedQuery(
  (db: Db, param: ParamOf<{ from: bigint; to: bigint; currency: string; amount: bigint; fee: bigint; at: bigint }>) =>
    db
      .insertInto('transfers')
      .values({ from_user_id: param('from'), to_user_id: param('to'), currency: param('currency'), amount: param('amount'), fee: param('fee'), created_at: param('at') })
      .returning('id'),
);

/** The user a UID or wallet address (any letter case) names, else 422 with a clear message. */
export async function findRecipient(trx: Db | Trx, to: string): Promise<Recipient> {
  const wanted = to.trim();
  const column = RECIPIENT_ADDRESS.test(wanted) ? 'address' : RECIPIENT_UID.test(wanted) ? 'uid' : null;
  // addresses are stored EIP-55 checksummed; any letter case the user typed finds them
  const value = column === 'address' ? getAddress(wanted.toLowerCase()) : wanted;
  const [recipient] = column ? await recipientBy[column](trx, { value }) : [];
  if (!recipient) throw new ApiError('BUSINESS_RULE', { messageKey: 'transfer.unknownRecipient', params: { to: wanted.slice(0, 64) } });
  return recipient;
}

/** `0x12…abcd`: enough to recognise an address, never the whole of it. */
export function maskAddress(address: string): string {
  return `${address.slice(0, 4)}…${address.slice(-4)}`;
}

/**
 * The recipient check the transfer page makes as the sender types (before any pay password): the
 * masked address of the user a UID or address names; 404 with a clear message for an unknown
 * recipient or the sender themself.
 */
export async function lookupRecipient(db: Db, senderId: bigint, to: string): Promise<TransferRecipientType> {
  let recipient: Recipient;
  try {
    recipient = await findRecipient(db, to);
  } catch (error) {
    if (error instanceof ApiError) throw new ApiError('NOT_FOUND', { messageKey: 'transfer.unknownRecipient', params: { to: to.trim().slice(0, 64) } });
    throw error;
  }
  if (recipient.id === senderId) throw new ApiError('NOT_FOUND', { messageKey: 'transfer.toSelf' });
  return { maskedAddress: maskAddress(recipient.address) };
}

export async function createTransfer(trx: Trx, senderId: bigint, body: TransferCreateBodyType, now: number, time: TimeFormat): Promise<TransferRecordType> {
  // a frozen sender moves nothing out; a frozen recipient still receives
  const senderUid = await assertNotFrozen(trx, senderId);
  if (senderUid === null) throw new Error(`no user ${senderId}`);
  const { currency } = body;
  const rule = transferRule(currency);
  const amount = positiveUnits(body.amount);
  if (amount < rule.minAmount) {
    throw new ApiError('BUSINESS_RULE', { messageKey: 'transfer.belowMinimum', params: { min: fromUnits(rule.minAmount), currency } });
  }
  const recipient = await findRecipient(trx, body.to);
  if (recipient.id === senderId) throw new ApiError('BUSINESS_RULE', { messageKey: 'transfer.toSelf' });
  const { id } = firstRow(await insertTransfer(trx, { from: senderId, to: recipient.id, currency, amount, fee: rule.fee, at: BigInt(now) }));
  const lines: LedgerLine[] = [
    { owner: userOwner(senderId), currency, amount: -amount, type: 'transfer_out', remark: `uid ${recipient.uid}` },
    { owner: userOwner(recipient.id), currency, amount, type: 'transfer_in', remark: `uid ${senderUid}` },
  ];
  if (rule.fee > 0n) {
    lines.push(
      { owner: userOwner(senderId), currency, amount: -rule.fee, type: 'transfer_fee', remark: `uid ${recipient.uid}` },
      { owner: systemOwner('fees'), currency, amount: rule.fee, type: 'transfer_fee', remark: `transfer ${id}` },
    );
  }
  const required = amount + rule.fee;
  // checked under the account's lock; the whole transfer rolls back
  const insufficient = ({ availableBefore }: { availableBefore: bigint }) =>
    new ApiError('INSUFFICIENT_BALANCE', {
      messageKey: 'transfer.insufficient',
      params: { amount: fromUnits(amount), fee: fromUnits(rule.fee), required: fromUnits(required), available: fromUnits(availableBefore), currency },
    });
  await post(trx, { ref: `transfer:${id}`, now, lines, insufficient });
  return {
    id: String(id),
    direction: 'out',
    counterpartyUid: recipient.uid,
    counterpartyAddress: recipient.address,
    currency,
    amount: fromUnits(amount),
    fee: fromUnits(rule.fee),
    status: 'success',
    createdAt: time.timestamp(now),
  };
}
