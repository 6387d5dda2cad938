/**
 * The help centre's questions, section by section. Every figure an answer shows is read here from
 * the rule tables (contract/rules), the same ones the server and the pages enforce, and passed to
 * the message as a value (amounts grouped as the pages show them): the texts in src/locales/<locale>/help.ts hold no number, so a changed
 * fee or limit cannot leave a stale answer behind.
 */
import {
  CONVERT_FEE_RATE,
  DEPOSIT_NETWORKS,
  DEPOSIT_REVIEW_ABOVE,
  POWER_EXCHANGE_FEE_RATE,
  TRANSFER_RULES,
  type DepositNetwork,
  type TransferRule,
} from '../../../../contract/rules/wallet';
import { groupDigits } from '../../../../contract/rules/moneyDisplay';
import { DEFAULT_WITHDRAW_ADDRESS_DELAY_HOURS, WITHDRAW_RULES, WITHDRAW_WINDOW_MS, type WithdrawRule } from '../../../../contract/rules/withdraw';

export type MessageValues = Record<string, string | number>;

/** One line of a list under an answer: a message id and its values. */
export interface FaqRow {
  id: string;
  values: MessageValues;
}

export interface FaqItem {
  /** `help.<section>.<topic>`: the question is `<key>.q`, the answer `<key>.a` */
  key: string;
  values?: MessageValues;
  rows?: FaqRow[];
}

export interface FaqSection {
  key: 'deposit' | 'withdraw' | 'fees' | 'products';
  items: FaqItem[];
}

/** The rule tables the answers quote (a parameter so a test can prove nothing else is quoted). */
export interface HelpRules {
  depositNetworks: readonly DepositNetwork[];
  depositReviewAbove: Readonly<Record<string, string>>;
  withdrawRules: readonly WithdrawRule[];
  withdrawAddressDelayHours: number;
  withdrawWindowMs: number;
  transferRules: Readonly<Record<string, TransferRule>>;
  convertFeeRate: string;
  powerExchangeFeeRate: string;
}

export const HELP_RULES: HelpRules = {
  depositNetworks: DEPOSIT_NETWORKS,
  depositReviewAbove: DEPOSIT_REVIEW_ABOVE,
  withdrawRules: WITHDRAW_RULES,
  withdrawAddressDelayHours: DEFAULT_WITHDRAW_ADDRESS_DELAY_HOURS,
  withdrawWindowMs: WITHDRAW_WINDOW_MS,
  transferRules: TRANSFER_RULES,
  convertFeeRate: CONVERT_FEE_RATE,
  powerExchangeFeeRate: POWER_EXCHANGE_FEE_RATE,
};

const HOUR_MS = 3600_000;

/** one row per currency and network of a table, with that entry's figures */
function networkRows<E extends { currency: string; network: string }>(list: readonly E[], id: string, values: (entry: E) => MessageValues = () => ({})): FaqRow[] {
  return list.map((entry) => ({ id, values: { currency: entry.currency, network: entry.network, ...values(entry) } }));
}

export function helpSections(rules: HelpRules = HELP_RULES): FaqSection[] {
  const byCurrency = (table: Readonly<Record<string, string>>): FaqRow[] =>
    Object.entries(table).map(([currency, amount]) => ({ id: 'help.row.currencyAmount', values: { currency, amount: groupDigits(amount) } }));
  return [
    {
      key: 'deposit',
      items: [
        { key: 'help.deposit.networks', rows: networkRows(rules.depositNetworks, 'help.row.network') },
        {
          key: 'help.deposit.arrival',
          rows: networkRows(rules.depositNetworks, 'help.row.confirmations', (entry) => ({ confirmations: entry.confirmations })),
        },
        {
          key: 'help.deposit.minimum',
          rows: networkRows(rules.depositNetworks, 'help.row.networkAmount', (entry) => ({ amount: groupDigits(entry.minDeposit) })),
        },
        { key: 'help.deposit.review', rows: byCurrency(rules.depositReviewAbove) },
      ],
    },
    {
      key: 'withdraw',
      items: [
        { key: 'help.withdraw.how' },
        { key: 'help.withdraw.newAddress', values: { hours: rules.withdrawAddressDelayHours } },
        {
          key: 'help.withdraw.limits',
          rows: networkRows(rules.withdrawRules, 'help.row.withdrawLimits', (rule) => ({
            min: groupDigits(rule.minAmount),
            max: groupDigits(rule.maxAmount),
            daily: groupDigits(rule.dailyLimit),
            hours: rules.withdrawWindowMs / HOUR_MS,
          })),
        },
        {
          key: 'help.withdraw.review',
          rows: networkRows(rules.withdrawRules, 'help.row.networkAmount', (rule) => ({ amount: groupDigits(rule.reviewAbove) })),
        },
        { key: 'help.withdraw.arrival' },
        { key: 'help.withdraw.cancel' },
      ],
    },
    {
      key: 'fees',
      items: [
        { key: 'help.fees.deposit' },
        {
          key: 'help.fees.withdraw',
          rows: networkRows(rules.withdrawRules, 'help.row.networkAmount', (rule) => ({ amount: groupDigits(rule.fee) })),
        },
        {
          key: 'help.fees.transfer',
          rows: Object.entries(rules.transferRules).map(([currency, rule]) => ({
            id: 'help.row.transfer',
            values: { currency, fee: groupDigits(rule.fee), min: groupDigits(rule.minAmount) },
          })),
        },
        { key: 'help.fees.convert', values: { rate: rules.convertFeeRate } },
        { key: 'help.fees.powerExchange', values: { rate: rules.powerExchangeFeeRate } },
        { key: 'help.fees.power' },
      ],
    },
    {
      key: 'products',
      items: [{ key: 'help.products.power' }, { key: 'help.products.finance' }, { key: 'help.products.lock' }, { key: 'help.products.settlement' }],
    },
  ];
}
