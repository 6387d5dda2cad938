/**
 * /my/deposit and /my/records keep a deposit on its way live without a reload: 确认中 n/12 while it
 * confirms (asked again every 3 s), then the credited record and the new available balance; a
 * deposit below the minimum, in review or rejected shows as such; /my/records lists confirming deposits
 * and those in review above the ledger.
 */
import { screen, waitFor } from '@testing-library/react';
import { accountApi } from '@/services';
import MyDepositPage from '@/pages/My/Deposit';
import MyRecordsPage from '@/pages/My/Records';
import { ACCOUNT, RECHARGE } from './pages.fixtures';
import { renderApp } from './pages.harness';
import { resetMoneyScreens } from './money.harness';

jest.setTimeout(30_000);
jest.mock('@umijs/max', () => require('./pages.umiMock').mockUmi());
jest.mock('@/services', () => require('./pages.fixtures').mockServices());

const PAGES = { './My/Deposit': MyDepositPage, './My/Records': MyRecordsPage };
const base = { id: '61', network: 'TRC20', currency: 'USDT', amount: '300', txHash: `0x${'ab'.repeat(32)}`, createdAt: '2026-01-06 08:00:00' };
const confirming = (n: number) => ({ ...RECHARGE, records: { ...RECHARGE.records, total: 2, list: [{ ...base, status: 'confirming' as const, confirmations: n, requiredConfirmations: 12 }, ...RECHARGE.records.list] } });
const credited = { ...RECHARGE, records: { ...RECHARGE.records, total: 2, list: [{ ...base, id: '52', status: 'credited' as const }, ...RECHARGE.records.list] } };
const withBalance = (available: string) => ({ ...ACCOUNT, balances: [{ ...ACCOUNT.balances[0], available }] });

beforeEach(() => resetMoneyScreens());

it('/my/deposit shows 确认中 n/12, then the credited record and balance, without a reload', async () => {
  let state = confirming(3);
  let balance = withBalance('10000');
  (accountApi.recharge as jest.Mock).mockImplementation(async () => state);
  (accountApi.account as jest.Mock).mockImplementation(async () => balance);
  renderApp('/my/deposit', PAGES);
  expect(await screen.findByText('确认中 3/12', undefined, { timeout: 5000 })).toBeTruthy();
  expect(screen.getByTestId('deposit-balance').textContent).toContain('10,000');
  state = confirming(11);
  expect(await screen.findByText('确认中 11/12', undefined, { timeout: 6000 })).toBeTruthy();
  state = credited;
  balance = withBalance('10300');
  await waitFor(() => expect(screen.queryByTestId('deposit-confirming')).toBeNull(), { timeout: 6000 });
  await waitFor(() => expect(screen.getByTestId('deposit-balance').textContent).toContain('10,300'), { timeout: 6000 });
  expect(screen.getAllByText('+300 USDT').length).toBeGreaterThan(0);
});

it('/my/deposit shows a deposit below the minimum as such', async () => {
  (accountApi.recharge as jest.Mock).mockResolvedValue({ ...RECHARGE, records: { ...RECHARGE.records, list: [{ ...base, amount: '5', status: 'below_minimum', confirmations: 12, requiredConfirmations: 12 }] } });
  renderApp('/my/deposit', PAGES);
  expect(await screen.findByText('低于最低充值', undefined, { timeout: 5000 })).toBeTruthy();
});

it.each([
  ['review', '审核中', 'deposit-review'],
  ['rejected', '已拒绝', 'deposit-rejected'],
] as const)('/my/deposit shows a deposit %s by an operator as %s', async (status, text, testId) => {
  (accountApi.recharge as jest.Mock).mockResolvedValue({ ...RECHARGE, records: { ...RECHARGE.records, list: [{ ...base, amount: '60000', status, confirmations: 12, requiredConfirmations: 12 }] } });
  renderApp('/my/deposit', PAGES);
  expect(await screen.findByText(text, undefined, { timeout: 5000 })).toBeTruthy();
  expect(screen.getByTestId(testId)).toBeTruthy();
});

it('/my/records lists a deposit in review above the ledger entries, a rejected one not', async () => {
  const list = [{ ...base, id: '71', amount: '60000', status: 'review' as const, confirmations: 12, requiredConfirmations: 12 }, { ...base, id: '72', amount: '70000', status: 'rejected' as const, confirmations: 12, requiredConfirmations: 12 }];
  (accountApi.recharge as jest.Mock).mockResolvedValue({ ...RECHARGE, records: { ...RECHARGE.records, list } });
  renderApp('/my/records', PAGES);
  expect(await screen.findByText('审核中', undefined, { timeout: 5000 })).toBeTruthy();
  expect(screen.getByTestId('deposits-on-the-way').textContent).toContain('60,000');
  expect(screen.getByTestId('deposits-on-the-way').textContent).not.toContain('70,000');
});

it('/my/records lists a confirming deposit above the ledger entries until it is credited', async () => {
  let state = confirming(5);
  (accountApi.recharge as jest.Mock).mockImplementation(async () => state);
  renderApp('/my/records', PAGES);
  expect(await screen.findByText('确认中 5/12', undefined, { timeout: 5000 })).toBeTruthy();
  expect(screen.getByTestId('deposits-on-the-way')).toBeTruthy();
  state = credited;
  await waitFor(() => expect(screen.queryByTestId('deposits-on-the-way')).toBeNull(), { timeout: 6000 });
});
