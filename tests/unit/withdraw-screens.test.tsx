/**
 * The user's side of withdrawals as a new user meets it on a phone: an address pasted in lower
 * case is checksummed before the wallet signs it; the confirmation shows what arrives, the fee and
 * the total leaving the balance, and has the wallet sign all three; a retry after a lost answer
 * sends the same proof under the same Idempotency-Key (one signature); the history and /my/records
 * show the total, never an internal reference, and a returned withdrawal as returned; the detail
 * view shows the timeline, the hash with its explorer link and the usual time.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { withdrawAddressStatement, withdrawStatement } from '../../contract/rules/withdraw';
import { userApi, withdrawApi } from '@/services';
import MyRecordsPage from '@/pages/My/Records';
import MyWithdrawPage from '@/pages/My/Withdraw';
import MyWithdrawDetailPage from '@/pages/My/Withdraw/Detail';
import { proveWallet } from '@/wallet/stepUp';
import { renderApp } from './pages.harness';
import { page as entriesPage } from './pages.fixtures';
import { ADDRESS, COLD, OPTIONS, page, withdrawal } from './withdraw.fixtures';
import { TEST_USER } from './pages.umiMock';
import {
  callsOf, choose, clearToasts, confirmWithPayPassword, findSheet, findToast, idempotencyKeysOf, press, refuseNext, resetMoneyScreens, serverError, SLOW, TEST_TIMEOUT, type, waitForCalls,
} from './money.harness';

jest.setTimeout(TEST_TIMEOUT);
jest.mock('@umijs/max', () => require('./pages.umiMock').mockUmi());
jest.mock('@/wallet/stepUp', () => ({ proveWallet: jest.fn() }));
// the real statement functions, watched: the page must hand them what the user confirmed
jest.mock('../../contract/rules/withdraw', () => {
  const actual = jest.requireActual('../../contract/rules/withdraw');
  return { ...actual, withdrawStatement: jest.fn(actual.withdrawStatement) };
});
jest.mock('@/services', () => {
  const fixtures = require('./pages.fixtures');
  const resolved = (value: unknown) => jest.fn(async () => value);
  return {
    ...fixtures.mockServices(),
    withdrawApi: { options: resolved(null), addresses: resolved([]), history: resolved(null), request: resolved(null), addressAdd: resolved(null), addressDelete: resolved(null), cancel: resolved(null), detail: resolved(null) },
  };
});

const PROOF = { message: 'signed message', signature: '0xsig' };
const OTHER_PROOF = { message: 'another signed message', signature: '0xsig2' };
const mocked = (service: unknown) => service as jest.Mock;
const PAGES = { './My/Withdraw': MyWithdrawPage, './My/Records': MyRecordsPage, './My/Withdraw/Detail': MyWithdrawDetailPage };

beforeEach(() => {
  resetMoneyScreens();
  mocked(withdrawApi.options).mockResolvedValue(OPTIONS);
  mocked(withdrawApi.addresses).mockResolvedValue([ADDRESS]);
  mocked(withdrawApi.history).mockResolvedValue(page([]));
  mocked(withdrawApi.request).mockResolvedValue(withdrawal({ status: 'processing' }));
  // reset, not only cleared: a test's unused mockResolvedValueOnce must not reach the next
  (proveWallet as jest.Mock).mockReset().mockResolvedValue(PROOF);
});
afterEach(clearToasts);

async function openConfirmation(amount = '100') {
  renderApp('/my/withdraw', PAGES);
  await choose('提现地址', '冷钱包 · 0x5290…9EE7');
  await type('到账数量', amount);
  await act(async () => press('下一步'));
  return findSheet('确认提现');
}

describe('an address pasted in lower case', () => {
  it('is checksummed before the wallet signs it, and sent checksummed', async () => {
    Object.assign(navigator, { clipboard: { readText: jest.fn(async () => ` ${COLD.toLowerCase()} `) } });
    mocked(withdrawApi.addressAdd).mockResolvedValue({ ...ADDRESS, id: '8', label: '交易所' });
    renderApp('/my/withdraw', PAGES);
    fireEvent.click(await screen.findByTestId('withdraw-add-address', undefined, SLOW));
    const sheet = await findSheet('添加 ERC20 提现地址');
    fireEvent.change(within(sheet).getByLabelText('备注名'), { target: { value: '交易所' } });
    fireEvent.click(within(sheet).getByTestId('withdraw-address-paste'));
    await waitFor(() => expect((within(sheet).getByLabelText('ERC20 地址') as HTMLInputElement).value).toBe(COLD.toLowerCase()), SLOW);
    fireEvent.click(within(sheet).getByTestId('withdraw-address-sign'));
    await waitFor(() => expect(withdrawApi.addressAdd).toHaveBeenCalledTimes(1), SLOW);
    expect(proveWallet).toHaveBeenCalledWith('withdrawAddress.add', TEST_USER.address, withdrawAddressStatement({ network: 'ERC20', address: COLD }));
    expect(callsOf(withdrawApi.addressAdd)[0][0]).toEqual({ label: '交易所', network: 'ERC20', address: COLD, proof: PROOF });
  });

  it('in mixed case that fails EIP-55 is refused before anything is signed', async () => {
    renderApp('/my/withdraw', PAGES);
    fireEvent.click(await screen.findByTestId('withdraw-add-address', undefined, SLOW));
    const sheet = await findSheet('添加 ERC20 提现地址');
    fireEvent.change(within(sheet).getByLabelText('备注名'), { target: { value: '交易所' } });
    // one letter's case changed: a copy error the checksum exists to catch
    fireEvent.change(within(sheet).getByLabelText('ERC20 地址'), { target: { value: COLD.replace('E0F', 'e0F') } });
    fireEvent.click(within(sheet).getByTestId('withdraw-address-sign'));
    expect(await within(sheet).findByText('请输入正确的 ERC20 地址（0x 开头，40 位十六进制）', undefined, SLOW)).toBeTruthy();
    expect(proveWallet).not.toHaveBeenCalled();
  });
});

describe('the confirmation', () => {
  it('shows what arrives, the fee and the total leaving the balance, and has the wallet sign all three', async () => {
    const sheet = await openConfirmation('100');
    const summary = within(sheet).getByTestId('withdraw-summary');
    expect(summary).toHaveTextContent('到账数量100 USDT');
    expect(summary).toHaveTextContent('手续费5 USDT');
    expect(summary).toHaveTextContent('共扣除（含手续费）105 USDT');
    await confirmWithPayPassword(sheet, '246810');
    await waitForCalls(withdrawApi.request, 1);
    expect(withdrawStatement).toHaveBeenCalledWith({ amount: '100', currency: 'USDT', network: 'ERC20', address: COLD });
    expect(mocked(proveWallet).mock.calls[0][2]).toBe(`Withdraw 100 USDT (fee 5, total 105) on ERC20 to ${COLD} from PowerFi`);
  });
});

describe('a retry', () => {
  it('after a lost answer sends the same proof under the same Idempotency-Key, signed once', async () => {
    (proveWallet as jest.Mock).mockResolvedValueOnce(PROOF).mockResolvedValueOnce(OTHER_PROOF);
    // as the browser reports a request that got no answer: axios gives it a response of status 0
    refuseNext(withdrawApi.request, Object.assign(new Error('Network Error'), { name: 'AxiosError', code: 'ERR_NETWORK', request: {}, response: { status: 0, data: '' } }));
    const sheet = await openConfirmation('100');
    await confirmWithPayPassword(sheet, '246810');
    await waitForCalls(withdrawApi.request, 1);
    await confirmWithPayPassword(sheet, '246810');
    await waitForCalls(withdrawApi.request, 2);
    expect(proveWallet).toHaveBeenCalledTimes(1);
    const [first, retry] = callsOf(withdrawApi.request).map((call) => call[0]);
    expect(retry).toEqual(first);
    expect((first as { proof: unknown }).proof).toEqual(PROOF);
    const [firstKey, retryKey] = idempotencyKeysOf(withdrawApi.request);
    expect(retryKey).toBe(firstKey);
    await findToast('已提交 100 USDT 的提现，正在处理');
  });

  it('closed after a lost answer and confirmed again with the same withdrawal: the same key and proof', async () => {
    (proveWallet as jest.Mock).mockResolvedValueOnce(PROOF).mockResolvedValueOnce(OTHER_PROOF);
    refuseNext(withdrawApi.request, Object.assign(new Error('Network Error'), { name: 'AxiosError', code: 'ERR_NETWORK', request: {}, response: { status: 0, data: '' } }));
    let sheet = await openConfirmation('100');
    await confirmWithPayPassword(sheet, '246810');
    await waitForCalls(withdrawApi.request, 1);
    await act(async () => fireEvent.click(within(sheet).getByRole('button', { name: /close|关闭/i })));
    await waitFor(() => expect(screen.queryByText('确认提现')).toBeNull(), SLOW);
    await act(async () => press('下一步'));
    sheet = await findSheet('确认提现');
    await confirmWithPayPassword(sheet, '246810');
    await waitForCalls(withdrawApi.request, 2);
    expect(proveWallet).toHaveBeenCalledTimes(1);
    const [first, again] = callsOf(withdrawApi.request).map((call) => call[0]);
    expect(again).toEqual(first);
    const [firstKey, againKey] = idempotencyKeysOf(withdrawApi.request);
    expect(againKey).toBe(firstKey);
  });

  it('after an answered refusal signs anew under a new key', async () => {
    (proveWallet as jest.Mock).mockResolvedValueOnce(PROOF).mockResolvedValueOnce(OTHER_PROOF);
    refuseNext(withdrawApi.request, serverError('PAY_PASSWORD_WRONG', 'payPassword.wrong', { remaining: 4 }, { remainingTries: 4 }));
    const sheet = await openConfirmation('100');
    await confirmWithPayPassword(sheet, '111111');
    await waitForCalls(withdrawApi.request, 1);
    await confirmWithPayPassword(sheet, '246810');
    await waitForCalls(withdrawApi.request, 2);
    expect(proveWallet).toHaveBeenCalledTimes(2);
    const [first, second] = callsOf(withdrawApi.request).map((call) => (call[0] as { proof: unknown }).proof);
    expect([first, second]).toEqual([PROOF, OTHER_PROOF]);
    const [firstKey, secondKey] = idempotencyKeysOf(withdrawApi.request);
    expect(secondKey).not.toBe(firstKey);
  });
});

describe('the history', () => {
  it('shows the total that left the balance, a returned withdrawal as returned, and each row opens its detail', async () => {
    mocked(withdrawApi.history).mockResolvedValue(
      page([
        withdrawal({ id: '3', status: 'processing', amount: '100', fee: '5' }),
        withdrawal({ id: '2', status: 'cancelled', amount: '50', fee: '5' }),
        withdrawal({ id: '1', status: 'rejected', amount: '20', fee: '5', reason: '地址存在风险' }),
      ]),
    );
    renderApp('/my/withdraw', PAGES);
    const rows = await screen.findAllByTestId('withdrawal-record', undefined, SLOW);
    expect(rows[0]).toHaveTextContent('-105 USDT');
    expect(rows[0]).toHaveTextContent('含手续费 5');
    expect(rows[0]).not.toHaveTextContent('-100');
    for (const [returned, total] of [[rows[1], '55'], [rows[2], '25']] as const) {
      expect(returned).toHaveTextContent('已退回');
      expect(returned).toHaveTextContent(`${total} USDT`);
      expect(returned).not.toHaveTextContent(`-${total}`);
      expect(returned.querySelector('.ant-typography-danger')).toBeNull();
    }
    expect(within(rows[0]).getByText('详情').closest('a')).toHaveAttribute('href', '/my/withdraw/3');
  });

  it('names why a withdrawal waits for review, and only while it does', async () => {
    mocked(withdrawApi.history).mockResolvedValue(
      page([
        withdrawal({ id: '5', status: 'review', reviewReasons: ['dailyTotal', 'firstWithdrawal', 'newSession'], cancellable: true }),
        withdrawal({ id: '4', status: 'processing', reviewReasons: ['amount'] }),
      ]),
    );
    renderApp('/my/withdraw', PAGES);
    const rows = await screen.findAllByTestId('withdrawal-record', undefined, SLOW);
    expect(within(rows[0]).getByTestId('withdraw-review-reasons')).toHaveTextContent('24 小时内累计金额超过审核线 · 账户首次提现 · 登录不足 1 小时');
    expect(within(rows[1]).queryByTestId('withdraw-review-reasons')).toBeNull();
  });
});

describe('/my/records', () => {
  // no imported types in this file: with jest.mock, babel sees it before its types are stripped
  const entry = (overrides: Record<string, unknown>) => ({
    id: '900', type: 'withdraw', currency: 'USDT', amount: '-105', balanceAfter: '895', remark: 'withdraw:31', createdAt: '2026-01-06 08:00:00', ...overrides,
  });

  it('names a withdrawal\'s entries in words with a link to it, never by their ledger reference; a returned one reads as returned', async () => {
    mocked(userApi.walletDetails).mockResolvedValue(
      entriesPage([
        entry({ id: '903', type: 'withdraw_refund', amount: '55', balanceAfter: '895', remark: 'withdraw:32', withdrawal: { id: '32', status: 'cancelled' } }),
        entry({ id: '902', amount: '-55', balanceAfter: '840', remark: 'withdraw:32', withdrawal: { id: '32', status: 'cancelled' } }),
        entry({ id: '901', amount: '-105', balanceAfter: '895', remark: 'withdraw:31', withdrawal: { id: '31', status: 'completed' } }),
      ]),
    );
    renderApp('/my/records', PAGES);
    const rows = await screen.findAllByTestId('ledger-entry', undefined, SLOW);
    expect(rows).toHaveLength(3);
    for (const row of rows) expect(row).not.toHaveTextContent('withdraw:');
    expect(rows[2]).toHaveTextContent('-105 USDT');
    expect(rows[2]).toHaveTextContent('已完成');
    expect(within(rows[2]).getByText('详情').closest('a')).toHaveAttribute('href', '/my/withdraw/31');
    expect(rows[1]).toHaveTextContent('已退回');
    expect(rows[1]).not.toHaveTextContent('-55');
    expect(rows[1].querySelector('.ant-typography-danger')).toBeNull();
    expect(rows[0]).toHaveTextContent('+55 USDT');
    expect(within(rows[0]).getByText('详情').closest('a')).toHaveAttribute('href', '/my/withdraw/32');
  });

  it('shows the total of a withdrawal on its way, with a link to its detail', async () => {
    mocked(withdrawApi.history).mockResolvedValue(page([withdrawal({ id: '3', status: 'confirming', confirmations: 4, amount: '100', fee: '5' })]));
    renderApp('/my/records', PAGES);
    const section = await screen.findByTestId('withdrawals-on-the-way', undefined, SLOW);
    expect(section).toHaveTextContent('-105 USDT');
    expect(within(section).getByText('详情').closest('a')).toHaveAttribute('href', '/my/withdraw/3');
  });
});

describe('the detail view', () => {
  const HASH = `0x${'ab'.repeat(32)}`;

  it('shows the timeline to where it is, the hash with its explorer link and the usual time', async () => {
    mocked(withdrawApi.detail).mockResolvedValue(
      withdrawal({
        id: '31', status: 'confirming', confirmations: 4, reviewReasons: ['amount'], txHash: HASH, txUrl: `https://etherscan.io/tx/${HASH}`,
        createdAt: '2026-01-06 08:00:00', reviewedAt: '2026-01-06 08:10:00', broadcastAt: '2026-01-06 08:11:00', finishedAt: null,
      }),
    );
    renderApp('/my/withdraw/31', PAGES);
    const timeline = await screen.findByTestId('withdrawal-timeline', undefined, SLOW);
    expect(withdrawApi.detail).toHaveBeenCalledWith('31');
    const steps = Array.from(timeline.querySelectorAll('.ant-steps-item'), (step) => step.textContent);
    expect(steps).toEqual([
      expect.stringContaining('提交申请2026-01-06 08:00:00'),
      expect.stringContaining('人工审核'),
      expect.stringContaining('审核通过2026-01-06 08:10:00'),
      expect.stringContaining('已发出2026-01-06 08:11:00'),
      expect.stringContaining('区块确认 4/12'),
      expect.stringContaining('已到账'),
    ]);
    expect(timeline.querySelectorAll('.ant-steps-item-finish')).toHaveLength(4);
    expect(timeline.querySelector('.ant-steps-item-process')).toHaveTextContent('区块确认 4/12');
    const detail = screen.getByTestId('withdrawal-detail');
    expect(detail).toHaveTextContent('-105 USDT');
    expect(detail).toHaveTextContent('通常约 4 分钟');
    expect(within(detail).getByText('在区块浏览器中查看').closest('a')).toHaveAttribute('href', `https://etherscan.io/tx/${HASH}`);
  });

  it('ends a rejected withdrawal with the reason and the amount returned', async () => {
    mocked(withdrawApi.detail).mockResolvedValue(
      withdrawal({ id: '32', status: 'rejected', reviewReasons: ['newAddress'], reason: '地址存在风险', reviewedAt: '2026-01-06 09:00:00', finishedAt: '2026-01-06 09:00:00' }),
    );
    renderApp('/my/withdraw/32', PAGES);
    const timeline = await screen.findByTestId('withdrawal-timeline', undefined, SLOW);
    const steps = Array.from(timeline.querySelectorAll('.ant-steps-item'), (step) => step.textContent);
    expect(steps).toEqual([expect.stringContaining('提交申请'), expect.stringContaining('人工审核'), expect.stringContaining('已拒绝，已退回 105 USDT')]);
    expect(steps[2]).toContain('原因：地址存在风险');
    expect(timeline.querySelector('.ant-steps-item-error')).toBeTruthy();
    expect(screen.getByTestId('withdrawal-detail')).not.toHaveTextContent('-105');
  });
});
