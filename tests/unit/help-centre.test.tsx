/**
 * The help centre: the same questions in zh-CN, zh-TW and en-US, every figure read from the rule
 * tables (none written in a message), the page's sections and answers, and its entry on /my.
 */
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import path from 'path';
import { groupDigits } from '../../contract/rules/moneyDisplay';
import { CONVERT_FEE_RATE, DEPOSIT_NETWORKS, POWER_EXCHANGE_FEE_RATE, TRANSFER_RULES } from '../../contract/rules/wallet';
import { DEFAULT_WITHDRAW_ADDRESS_DELAY_HOURS, WITHDRAW_RULES } from '../../contract/rules/withdraw';
import { renderApp, setScreenWidth } from './pages.harness';
import { setSignedIn, TEST_USER } from './pages.umiMock';
import { isPathAccessible } from '@/layouts/navigation';
import MyPage from '@/pages/My';
import HelpPage from '@/pages/My/Help';
import { HELP_RULES, helpSections } from '@/pages/My/Help/faq';

jest.setTimeout(120_000);

jest.mock('@umijs/max', () => require('./pages.umiMock').mockUmi());
jest.mock('@/services', () => require('./pages.fixtures').mockServices());

configure({ defaultHidden: true });

const LOCALES = ['zh-CN', 'zh-TW', 'en-US'] as const;

function helpMessages(locale: string): Record<string, string> {
  return require(path.join(__dirname, '../../src/locales', locale, 'help')).default;
}

/** Every message id the page formats, with the values it passes. */
type Formatted = [string, Record<string, string | number>];

function formatted(): Formatted[] {
  return helpSections().flatMap((section) => [
    [`help.section.${section.key}`, {}] as Formatted,
    ...section.items.flatMap((item) => [
      [`${item.key}.q`, item.values ?? {}] as Formatted,
      [`${item.key}.a`, item.values ?? {}] as Formatted,
      ...(item.rows ?? []).map((row) => [row.id, row.values] as Formatted),
    ]),
  ]);
}

function rowsOf(key: string) {
  const item = helpSections().flatMap((section) => section.items).find((entry) => entry.key === key);
  return item?.rows ?? [];
}

describe('the questions in three languages', () => {
  it('each locale has the same help keys, and every id the page formats exists in all three', () => {
    const keys = LOCALES.map((locale) => Object.keys(helpMessages(locale)).sort());
    expect(keys[1]).toEqual(keys[0]);
    expect(keys[2]).toEqual(keys[0]);
    const ids = formatted().map(([id]) => id);
    expect(ids).toContain('help.fees.withdraw.q');
    for (const locale of LOCALES) {
      const messages = helpMessages(locale);
      expect(ids.filter((id) => !messages[id]?.trim())).toEqual([]);
    }
  });

  it('every placeholder of a message gets a value from the rules, in every locale', () => {
    for (const locale of LOCALES) {
      const messages = helpMessages(locale);
      const missing = formatted().flatMap(([id, values]) =>
        [...messages[id].matchAll(/\{(\w+)\}/g)].map((match) => match[1]).filter((name) => !(name in values)).map((name) => `${locale} ${id} {${name}}`),
      );
      expect(missing).toEqual([]);
    }
  });

  it('no help message writes a figure itself: a changed rule cannot leave a stale number', () => {
    for (const locale of LOCALES) {
      const withDigits = Object.entries(helpMessages(locale)).filter(([, text]) => /[0-9０-９]/.test(text));
      expect(withDigits).toEqual([]);
    }
  });
});

describe('figures from the rule tables', () => {
  it('the fee answers quote the withdraw, transfer, conversion and power exchange rules', () => {
    expect(rowsOf('help.fees.withdraw').map((row) => row.values)).toEqual(
      WITHDRAW_RULES.map((rule) => ({ currency: rule.currency, network: rule.network, amount: groupDigits(rule.fee) })),
    );
    expect(rowsOf('help.fees.transfer').map((row) => row.values)).toEqual(
      Object.entries(TRANSFER_RULES).map(([currency, rule]) => ({ currency, fee: rule.fee, min: rule.minAmount })),
    );
    const fees = helpSections().find((section) => section.key === 'fees')!.items;
    expect(fees.find((item) => item.key === 'help.fees.convert')?.values).toEqual({ rate: CONVERT_FEE_RATE });
    expect(fees.find((item) => item.key === 'help.fees.powerExchange')?.values).toEqual({ rate: POWER_EXCHANGE_FEE_RATE });
  });

  it('deposit minimums and confirmations, withdrawal limits and the address delay come from their tables', () => {
    expect(rowsOf('help.deposit.minimum').map((row) => row.values.amount)).toEqual(DEPOSIT_NETWORKS.map((entry) => groupDigits(entry.minDeposit)));
    expect(rowsOf('help.deposit.arrival').map((row) => row.values.confirmations)).toEqual(DEPOSIT_NETWORKS.map((entry) => entry.confirmations));
    expect(rowsOf('help.withdraw.limits').map((row) => row.values.daily)).toEqual(WITHDRAW_RULES.map((rule) => groupDigits(rule.dailyLimit)));
    const newAddress = helpSections()[1].items.find((item) => item.key === 'help.withdraw.newAddress');
    expect(newAddress?.values).toEqual({ hours: DEFAULT_WITHDRAW_ADDRESS_DELAY_HOURS });
  });

  it('other rules give other answers: nothing is quoted from anywhere else', () => {
    const changed = helpSections({
      ...HELP_RULES,
      withdrawRules: [{ ...WITHDRAW_RULES[0], fee: '7.25', dailyLimit: '1234567' }],
      transferRules: { FIL: { fee: '0.3', minAmount: '4' } },
      convertFeeRate: '0.9',
      withdrawWindowMs: 48 * 3600_000,
    });
    const rows = (key: string) => changed.flatMap((section) => section.items).find((item) => item.key === key)?.rows ?? [];
    expect(rows('help.fees.withdraw')).toEqual([{ id: 'help.row.networkAmount', values: { currency: 'USDT', network: 'ERC20', amount: '7.25' } }]);
    expect(rows('help.withdraw.limits')[0].values).toMatchObject({ daily: '1,234,567', hours: 48 });
    expect(rows('help.fees.transfer')).toEqual([{ id: 'help.row.transfer', values: { currency: 'FIL', fee: '0.3', min: '4' } }]);
    expect(changed[2].items.find((item) => item.key === 'help.fees.convert')?.values).toEqual({ rate: '0.9' });
  });
});

describe('the page', () => {
  beforeEach(() => {
    jest.clearAllMocks();
    setSignedIn(true);
    setScreenWidth(375);
  });

  it('shows the four sections and opens an answer with the fees of the rule table', async () => {
    renderApp('/my/help', { './My/Help': HelpPage });
    expect(screen.getAllByRole('heading', { name: '帮助中心' }).length).toBeGreaterThan(0);
    for (const title of ['充值', '提现', '手续费', '产品']) {
      expect(screen.getByRole('heading', { name: title, level: 5 })).toBeInTheDocument();
    }
    const question = screen.getByRole('button', { name: /提现手续费是多少？/ });
    expect(question).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(question);
    await waitFor(() => expect(question).toHaveAttribute('aria-expanded', 'true'));
    for (const rule of WITHDRAW_RULES) {
      expect(await screen.findByText(`${rule.currency}（${rule.network}）：${groupDigits(rule.fee)} ${rule.currency}`)).toBeInTheDocument();
    }
    expect(screen.getByTestId('help-contact')).toHaveTextContent(`联系客服，并提供您的 UID ${TEST_USER.uid}`);
  });

  it('is reached from a row on /my', async () => {
    renderApp('/my', { './My': MyPage, './My/Help': HelpPage });
    const row = await screen.findByTestId('my-help');
    expect(row).toHaveTextContent('帮助中心');
    expect(row).toHaveAttribute('href', '/my/help');
    fireEvent.click(row);
    expect(await screen.findByTestId('help-fees')).toBeInTheDocument();
  });

  it('stays inside the signed-in /my section: a visitor is not let in', () => {
    expect(isPathAccessible('/my/help', { isLogin: true })).toBe(true);
    expect(isPathAccessible('/my/help', { isLogin: false })).toBe(false);
  });
});
