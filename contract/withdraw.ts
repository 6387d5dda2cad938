/**
 * Withdrawals (docs/withdrawals.md): money leaves to the user's own wallet on the deposit networks. The user
 * keeps a list of withdrawal addresses (usable after a delay unless a wallet signature named the
 * address when it was added); a request needs the pay password AND a wallet signature over the
 * exact withdrawal (contract/rules/withdraw.ts `withdrawStatement`); amount plus fee are frozen at
 * once; large ones, ones to a new address and ones after a recent security change wait for review.
 * Rules: contract/rules/withdraw.ts. Server: server/withdrawals/. Docs: docs/withdrawals.md.
 */
import { Type, type Static } from '@sinclair/typebox';
import { defineEndpoint } from './endpoint';
import { Amount, CurrencyCode, Empty, Id, IdParams, Page, PageQuery, PayPassword, Timestamp } from './common';
import { WalletProof } from './stepUp';

export const WITHDRAWAL_STATUSES = ['review', 'processing', 'broadcast', 'confirming', 'completed', 'rejected', 'failed', 'cancelled'] as const;
export type WithdrawalStatusType = (typeof WITHDRAWAL_STATUSES)[number];
export const WithdrawalStatus = Type.Union(WITHDRAWAL_STATUSES.map((s) => Type.Literal(s)));

/**
 * Why a withdrawal waits for an operator (contract/rules/withdraw.ts `withdrawReviewReasons`): above
 * the review threshold alone, or with the day's other withdrawals; to an address saved less than
 * the delay ago; within 24 h of a pay-password change; within 24 h of deposits or conversions into
 * the currency of at least its amount; the account's first; from a session younger than an hour;
 * the platform's hourly limit of the currency passed.
 */
export const REVIEW_REASONS = ['amount', 'dailyTotal', 'newAddress', 'securityChange', 'afterInflow', 'firstWithdrawal', 'newSession', 'platformLimit'] as const;
export type ReviewReasonType = (typeof REVIEW_REASONS)[number];
export const ReviewReason = Type.Union(REVIEW_REASONS.map((r) => Type.Literal(r)));

export const Network = Type.String({ pattern: '^[A-Z0-9]{2,16}$', examples: ['ERC20'] });
/** an address as typed or pasted: checked (checksum, network) by the server, answered checksummed */
export const AddressText = Type.String({ minLength: 1, maxLength: 100 });

export const WithdrawAddress = Type.Object({
  id: Id,
  label: Type.String(),
  network: Network,
  /** EIP-55 checksummed */
  address: Type.String(),
  createdAt: Timestamp,
  /** withdrawals to it are accepted from this time */
  usableFrom: Timestamp,
  usable: Type.Boolean(),
});
export type WithdrawAddressType = Static<typeof WithdrawAddress>;

export const WithdrawAddressAddBody = Type.Object({
  label: Type.String({ minLength: 1, maxLength: 32 }),
  network: Network,
  address: AddressText,
  /** a wallet signature of `withdrawAddressStatement` (purpose withdrawAddress.add): the address is usable at once */
  proof: Type.Optional(WalletProof),
});
export type WithdrawAddressAddBodyType = Static<typeof WithdrawAddressAddBody>;

export const WithdrawIdBody = Type.Object({ id: Id });

export const WithdrawOption = Type.Object({
  currency: CurrencyCode,
  network: Network,
  decimals: Type.Integer({ minimum: 0, maximum: 8 }),
  minAmount: Amount,
  maxAmount: Amount,
  fee: Amount,
  dailyLimit: Amount,
  /** what the user may still withdraw of the currency in the current 24 hours */
  dailyLeft: Amount,
  reviewAbove: Amount,
  /** the available balance of the currency */
  available: Amount,
  /** the most one withdrawal can send now: available minus the fee, within the limits ("0" when none) */
  maxNow: Amount,
});
export type WithdrawOptionType = Static<typeof WithdrawOption>;

export const WithdrawOptions = Type.Object({
  options: Type.Array(WithdrawOption),
  /** hours a newly added address waits unless a wallet signature named it */
  addressDelayHours: Type.Number({ minimum: 0 }),
  /** present while withdrawals are refused after a pay password reset: when they may start again */
  withdrawHeldUntil: Type.Optional(Timestamp),
});
export type WithdrawOptionsType = Static<typeof WithdrawOptions>;

export const WithdrawRequestBody = Type.Object({
  currency: CurrencyCode,
  network: Network,
  /** one of the caller's saved withdrawal addresses */
  addressId: Id,
  /** what arrives; the fee is paid on top */
  amount: Amount,
  payPassword: PayPassword,
  /** a wallet signature of `withdrawStatement` for exactly this amount, currency, network and address (purpose withdraw) */
  proof: Type.Optional(WalletProof),
});
export type WithdrawRequestBodyType = Static<typeof WithdrawRequestBody>;

export const Withdrawal = Type.Object({
  id: Id,
  currency: CurrencyCode,
  network: Network,
  address: Type.String(),
  addressLabel: Type.String(),
  amount: Amount,
  fee: Amount,
  status: WithdrawalStatus,
  reviewReasons: Type.Array(ReviewReason),
  /** why it was rejected or failed */
  reason: Type.Union([Type.String(), Type.Null()]),
  txHash: Type.Union([Type.String(), Type.Null()]),
  confirmations: Type.Integer({ minimum: 0 }),
  /** confirmations needed before it completes */
  confirmationsNeeded: Type.Integer({ minimum: 1 }),
  createdAt: Timestamp,
  updatedAt: Timestamp,
  /** only while in review */
  cancellable: Type.Boolean(),
  /** when an operator approved or rejected it (null: never reviewed) */
  reviewedAt: Type.Optional(Type.Union([Timestamp, Type.Null()])),
  /** when its transaction was first sent */
  broadcastAt: Type.Optional(Type.Union([Timestamp, Type.Null()])),
  /** when it completed, or was returned (rejected, cancelled, failed) */
  finishedAt: Type.Optional(Type.Union([Timestamp, Type.Null()])),
  /** the transaction on the network's explorer (WITHDRAW_EXPLORER_TX_URL_<NETWORK>), once there is a hash */
  txUrl: Type.Optional(Type.Union([Type.String(), Type.Null()])),
});
export type WithdrawalType = Static<typeof Withdrawal>;

export const withdrawEndpoints = {
  addresses: defineEndpoint({
    method: 'GET', prefix: 'web', path: '/withdraw/address', auth: true, feature: 'withdraw',
    summary: 'The caller\'s withdrawal addresses', response: Type.Array(WithdrawAddress),
  }),
  addressAdd: defineEndpoint({
    method: 'POST', prefix: 'web', path: '/withdraw/address/add', auth: true, feature: 'withdraw',
    summary: 'Save a withdrawal address (usable after the delay, or at once with a wallet signature naming it)', body: WithdrawAddressAddBody, response: WithdrawAddress,
  }),
  addressDelete: defineEndpoint({
    method: 'POST', prefix: 'web', path: '/withdraw/address/delete', auth: true, feature: 'withdraw',
    summary: 'Delete one of the caller\'s withdrawal addresses', body: WithdrawIdBody, response: Empty,
  }),
  options: defineEndpoint({
    method: 'GET', prefix: 'web', path: '/withdraw/options', auth: true, feature: 'withdraw',
    summary: 'Currencies, networks, fees, limits and the available balance', response: WithdrawOptions,
  }),
  request: defineEndpoint({
    method: 'POST', prefix: 'web', path: '/withdraw/request', auth: true, feature: 'withdraw', moneyMoving: true,
    summary: 'Request a withdrawal (pay password and a wallet signature over it); amount and fee are frozen', body: WithdrawRequestBody, response: Withdrawal,
  }),
  cancel: defineEndpoint({
    method: 'POST', prefix: 'web', path: '/withdraw/cancel', auth: true, feature: 'withdraw', moneyMoving: true,
    summary: 'Cancel a withdrawal still in review; amount and fee return', body: WithdrawIdBody, response: Withdrawal,
  }),
  history: defineEndpoint({
    method: 'GET', prefix: 'web', path: '/withdraw/history', auth: true, feature: 'withdraw',
    summary: 'The caller\'s withdrawals, newest first', query: PageQuery, response: Page(Withdrawal),
  }),
  detail: defineEndpoint({
    method: 'GET', prefix: 'web', path: '/withdraw/detail/:id', auth: true, feature: 'withdraw',
    summary: 'One of the caller\'s withdrawals, with its times and explorer link', params: IdParams, response: Withdrawal,
  }),
};
