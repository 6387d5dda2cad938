/** The signed-in user, the pay password and the user's ledger entries. */
import { Type, type Static } from '@sinclair/typebox';
import { defineEndpoint } from './endpoint';
import { WalletProof } from './stepUp';
import { CurrencyCode, DateOnly, EvmAddress, Id, Page, PageQuery, PayPassword, SignedAmount, Amount, Timestamp } from './common';
import { WithdrawalStatus } from './withdraw';

export const Profile = Type.Object({
  /** public user number shown as UID */
  uid: Type.String(),
  address: EvmAddress,
  inviteCode: Type.String(),
  hasPayPassword: Type.Boolean(),
  inviterUid: Type.Union([Type.String(), Type.Null()]),
  createdAt: Timestamp,
});
export type ProfileType = Static<typeof Profile>;

export const PayPassBody = Type.Object({
  /** required when a pay password is already set */
  oldPassword: Type.Optional(PayPassword),
  newPassword: PayPassword,
  /**
   * A fresh wallet signature for the purpose payPassword.set (no password yet) or
   * payPassword.change: a session token alone cannot set or change it. Optional in the schema only
   * so that its absence gets its own clear message (STEP_UP_REQUIRED).
   */
  proof: Type.Optional(WalletProof),
});
export type PayPassBodyType = Static<typeof PayPassBody>;

export const PayPassResponse = Type.Object({ hasPayPassword: Type.Boolean() });

/** 忘记支付密码: a new pay password without the old one, authorised by the wallet alone. */
export const PayPassResetBody = Type.Object({
  newPassword: PayPassword,
  /**
   * A fresh wallet signature for the purpose payPassword.reset whose statement names the user's
   * address (contract/rules/payPassword.ts). Optional in the schema only so that its absence gets
   * its own clear message (STEP_UP_REQUIRED).
   */
  proof: Type.Optional(WalletProof),
});
export type PayPassResetBodyType = Static<typeof PayPassResetBody>;

/** `withdrawHeldUntil`: withdrawals are refused until then (PAY_PASSWORD_RESET_WITHDRAW_HOLD_HOURS) */
export const PayPassResetResponse = Type.Object({ hasPayPassword: Type.Boolean(), withdrawHeldUntil: Timestamp });

export const LEDGER_ENTRY_TYPES = [
  'deposit', 'transfer_in', 'transfer_out', 'transfer_fee', 'convert_in', 'convert_out', 'convert_fee',
  'power_purchase', 'power_output', 'power_exchange_in', 'power_exchange_out', 'power_exchange_fee',
  'finance_subscribe', 'finance_interest', 'finance_redeem', 'commission', 'mall_payment', 'mall_refund',
  'withdraw', 'withdraw_fee', 'withdraw_refund',
] as const;
export type LedgerEntryKind = (typeof LEDGER_ENTRY_TYPES)[number];
export const LedgerEntryType = Type.Union(LEDGER_ENTRY_TYPES.map((t) => Type.Literal(t)));

export const WalletDetailsQuery = Type.Composite([
  PageQuery,
  Type.Object({
    type: Type.Optional(LedgerEntryType),
    currency: Type.Optional(CurrencyCode),
    from: Type.Optional(DateOnly),
    to: Type.Optional(DateOnly),
  }),
]);
export type WalletDetailsQueryType = Static<typeof WalletDetailsQuery>;

export const WalletEntry = Type.Object({
  id: Type.String(),
  type: LedgerEntryType,
  currency: CurrencyCode,
  /** signed: negative when the balance went down */
  amount: SignedAmount,
  balanceAfter: Amount,
  remark: Type.String(),
  createdAt: Timestamp,
  /** the withdrawal an entry belongs to (withdraw, withdraw_refund), named by the page instead of its ledger reference */
  withdrawal: Type.Optional(Type.Object({ id: Id, status: WithdrawalStatus })),
});
export type WalletEntryType = Static<typeof WalletEntry>;

export const userEndpoints = {
  profile: defineEndpoint({
    method: 'GET', prefix: 'web', path: '/user/user/profile', auth: true,
    summary: 'The signed-in user', response: Profile,
  }),
  payPass: defineEndpoint({
    method: 'POST', prefix: 'web', path: '/user/user/pay-pass', auth: true,
    summary: 'Set or change the 6-digit pay password', body: PayPassBody, response: PayPassResponse,
  }),
  payPassReset: defineEndpoint({
    method: 'POST', prefix: 'web', path: '/user/user/pay-pass/reset', auth: true,
    summary: 'Reset a forgotten pay password with a wallet signature (withdrawals held for 24 hours)', body: PayPassResetBody, response: PayPassResetResponse,
  }),
  walletDetails: defineEndpoint({
    method: 'GET', prefix: 'web', path: '/user/wallet/details', auth: true,
    summary: 'The user\'s ledger entries, newest first', query: WalletDetailsQuery, response: Page(WalletEntry),
  }),
};
