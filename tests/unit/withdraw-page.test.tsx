/**
 * /my/withdraw: the fee and the total frozen shown before confirming, the minimum and
 * the balance checked as typed, the confirmation sending the pay password and a wallet signature
 * over exactly this withdrawal, a declined signature shown and nothing sent, the history's
 * statuses (确认中 n/12, 已拒绝 with the reason), an address added with a signature, the entry
 * on /my/assets hidden when the feature is off, and withdrawals on their way listed on /my/records.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { withdrawStatement, withdrawAddressStatement } from '../../contract/rules/withdraw';
import { userApi, withdrawApi } from '@/services';
import MyAssetsPage from '@/pages/My/Assets';
import MyRecordsPage from '@/pages/My/Records';
import MyWithdrawPage from '@/pages/My/Withdraw';
import { WalletError } from '@/wallet/errors';
import { proveWallet } from '@/wallet/stepUp';
import { renderApp } from './pages.harness';
import { ADDRESS, COLD, OPTIONS, page, withdrawal } from './withdraw.fixtures';
import { appState, setSignedIn, TEST_USER } from './pages.umiMock';
import { button, callsOf, choose, clearToasts, confirmWithPayPassword, findFieldError, findSheet, findToast, IDEMPOTENCY_KEY, press, resetMoneyScreens, SLOW, TEST_TIMEOUT, type } from './money.harness';

jest.setTimeout(TEST_TIMEOUT);
jest.mock('@umijs/max', () => require('./pages.umiMock').mockUmi());
jest.mock('@/wallet/stepUp', () => ({ proveWallet: jest.fn() }));
jest.mock('@/services', () => {
  const fixtures = require('./pages.fixtures');
  const resolved = (value: unknown) => jest.fn(async () => value);
  return { ...fixtures.mockServices(), withdrawApi: { options: resolved(null), addresses: resolved([]), history: resolved(null), request: resolved(null), addressAdd: resolved(null), addressDelete: resolved(null), cancel: resolved(null) } };
});

const PROOF = { message: 'signed message', signature: '0xsig' };

/** a mocked service function */
const mocked = (service: unknown) => service as jest.Mock;
const PAGES = { './My/Withdraw': MyWithdrawPage, './My/Assets': MyAssetsPage, './My/Records': MyRecordsPage };

beforeEach(() => {
  resetMoneyScreens();
  mocked(withdrawApi.options).mockResolvedValue(OPTIONS);
  mocked(withdrawApi.addresses).mockResolvedValue([ADDRESS]);
  mocked(withdrawApi.history).mockResolvedValue(page([]));
  mocked(withdrawApi.request).mockResolvedValue(withdrawal({ status: 'processing' }));
  (proveWallet as jest.Mock).mockResolvedValue(PROOF);
});
afterEach(clearToasts);

async function fillForm(amount: string) {
  renderApp('/my/withdraw', PAGES);
  await choose('提现地址', `冷钱包 · 0x5290…9EE7`);
  await type('到账数量', amount);
}

describe('the withdraw form', () => {
  it('after a pay password reset, says until when withdrawals are paused and does not go on', async () => {
    mocked(withdrawApi.options).mockResolvedValue({ ...OPTIONS, withdrawHeldUntil: '2026-01-03 04:05:06' });
    await fillForm('100');
    expect(await screen.findByTestId('withdraw-held', undefined, SLOW)).toHaveTextContent('支付密码重置后 24 小时内暂停提现，2026-01-03 04:05:06 后可提现');
    expect(button('下一步')).toBeDisabled();
  });

  it('without a reset shows no pause', async () => {
    await fillForm('100');
    await waitFor(() => expect(button('下一步')).toBeEnabled(), SLOW);
    expect(screen.queryByTestId('withdraw-held')).toBeNull();
  });

  it('shows the fee and the total frozen, and refuses an amount below the minimum or above the balance', async () => {
    await fillForm('100');
    await waitFor(() => expect(screen.getByTestId('withdraw-fee')).toHaveTextContent('手续费5 USDT共扣除（含手续费）105 USDT'), SLOW);
    await type('到账数量', '10');
    await findFieldError('到账数量', '最少 20 USDT');
    await type('到账数量', '996');
    await findFieldError('到账数量', '995');
    expect(withdrawApi.request).not.toHaveBeenCalled();
  });

  it('refuses more decimals than the currency has on the network (6 for USDT), as the server would', async () => {
    await fillForm('100.1234567');
    await findFieldError('到账数量', '最多 6 位小数');
    await type('到账数量', '100.123456');
    await waitFor(() => expect(screen.getByTestId('withdraw-fee')).toHaveTextContent('105.123456 USDT'), SLOW);
    expect(withdrawApi.request).not.toHaveBeenCalled();
  });

  it('confirms with the pay password and a wallet signature over exactly this withdrawal', async () => {
    await fillForm('100');
    await act(async () => press('下一步'));
    const sheet = await findSheet('确认提现');
    expect(within(sheet).getByTestId('withdraw-summary')).toHaveTextContent(`冷钱包 · ${COLD}`);
    await confirmWithPayPassword(sheet, '246810');
    await waitFor(() => expect(withdrawApi.request).toHaveBeenCalledTimes(1), SLOW);
    expect(proveWallet).toHaveBeenCalledWith('withdraw', TEST_USER.address, withdrawStatement({ amount: '100', currency: 'USDT', network: 'ERC20', address: COLD }));
    const [body, options] = callsOf(withdrawApi.request)[0] as [Record<string, unknown>, { headers: Record<string, string> }];
    expect(body).toEqual({ currency: 'USDT', network: 'ERC20', addressId: '7', amount: '100', payPassword: '246810', proof: PROOF });
    expect(options.headers['Idempotency-Key']).toMatch(IDEMPOTENCY_KEY);
    await findToast('已提交 100 USDT 的提现，正在处理');
  });

  it('a declined signature is said in words, and nothing is sent', async () => {
    (proveWallet as jest.Mock).mockRejectedValue(new WalletError('USER_REJECTED'));
    await fillForm('50');
    await act(async () => press('下一步'));
    const sheet = await findSheet('确认提现');
    await confirmWithPayPassword(sheet, '246810');
    expect(await within(sheet).findByTestId('wallet-proof-error', undefined, SLOW)).toHaveTextContent('您已在钱包中取消签名，没有提交。');
    expect(withdrawApi.request).not.toHaveBeenCalled();
  });

  it('adds an address signed by the wallet over its statement', async () => {
    const added = { ...ADDRESS, id: '8', label: '交易所', address: '0x000000000000000000000000000000000000dEaD' };
    mocked(withdrawApi.addressAdd).mockResolvedValue(added);
    renderApp('/my/withdraw', PAGES);
    fireEvent.click(await screen.findByTestId('withdraw-add-address', undefined, SLOW));
    const sheet = await findSheet('添加 ERC20 提现地址');
    fireEvent.change(within(sheet).getByLabelText('备注名'), { target: { value: '交易所' } });
    fireEvent.change(within(sheet).getByLabelText('ERC20 地址'), { target: { value: 'not an address' } });
    fireEvent.click(within(sheet).getByTestId('withdraw-address-sign'));
    expect(await within(sheet).findByText('请输入正确的 ERC20 地址（0x 开头，40 位十六进制）', undefined, SLOW)).toBeTruthy();
    fireEvent.change(within(sheet).getByLabelText('ERC20 地址'), { target: { value: added.address } });
    fireEvent.click(within(sheet).getByTestId('withdraw-address-sign'));
    await waitFor(() => expect(withdrawApi.addressAdd).toHaveBeenCalledTimes(1), SLOW);
    expect(proveWallet).toHaveBeenCalledWith('withdrawAddress.add', TEST_USER.address, withdrawAddressStatement({ network: 'ERC20', address: added.address }));
    expect(callsOf(withdrawApi.addressAdd)[0][0]).toEqual({ label: '交易所', network: 'ERC20', address: added.address, proof: PROOF });
    await findToast('地址已添加，可以立即使用');
  });
});

describe('the withdrawal addresses', () => {
  it('pastes an address from the clipboard, and says so when the clipboard cannot be read', async () => {
    const readText = jest.fn(async () => ' 0x000000000000000000000000000000000000dEaD ');
    Object.assign(navigator, { clipboard: { readText } });
    renderApp('/my/withdraw', PAGES);
    fireEvent.click(await screen.findByTestId('withdraw-add-address', undefined, SLOW));
    const sheet = await findSheet('添加 ERC20 提现地址');
    fireEvent.click(within(sheet).getByTestId('withdraw-address-paste'));
    await waitFor(() => expect((within(sheet).getByLabelText('ERC20 地址') as HTMLInputElement).value).toBe('0x000000000000000000000000000000000000dEaD'), SLOW);
    readText.mockRejectedValueOnce(new Error('denied'));
    fireEvent.click(within(sheet).getByTestId('withdraw-address-paste'));
    await findToast('无法读取剪贴板，请手动粘贴地址');
  });

  it('lists the saved addresses and deletes one after a confirmation', async () => {
    renderApp('/my/withdraw', PAGES);
    const [saved] = await screen.findAllByTestId('withdraw-saved-address', undefined, SLOW);
    expect(saved).toHaveTextContent(`冷钱包 · ERC20${COLD}可以使用`);
    fireEvent.click(within(saved).getByRole('button', { name: /删\s?除/ }));
    const confirm = await screen.findByText('删除地址「冷钱包」？', undefined, SLOW);
    mocked(withdrawApi.addresses).mockResolvedValue([]);
    fireEvent.click(within(confirm.closest('.ant-popover') as HTMLElement).getByRole('button', { name: /确\s?定|OK/ }));
    await waitFor(() => expect(withdrawApi.addressDelete).toHaveBeenCalledWith({ id: '7' }), SLOW);
    await findToast('已删除地址「冷钱包」');
    await waitFor(() => expect(screen.queryByTestId('withdraw-saved-address')).toBeNull(), SLOW);
  });
});

describe('the withdrawals list', () => {
  it('shows each status in words, the confirmations, the hash and a rejection reason', async () => {
    mocked(withdrawApi.history).mockResolvedValue(
      page([
        withdrawal({ id: '3', status: 'confirming', confirmations: 4, txHash: `0x${'ab'.repeat(32)}` }),
        withdrawal({ id: '2', status: 'rejected', reason: '地址存在风险' }),
        withdrawal({ id: '1', status: 'review', cancellable: true }),
      ]),
    );
    renderApp('/my/withdraw', PAGES);
    const rows = await screen.findAllByTestId('withdrawal-record', undefined, SLOW);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('确认中4/12');
    expect(rows[0]).toHaveTextContent('0xabababab…abababab');
    expect(rows[1]).toHaveTextContent('已拒绝');
    expect(rows[1]).toHaveTextContent('原因：地址存在风险');
    expect(rows[2]).toHaveTextContent('审核中');
    // antd spaces a two-character Chinese button label: 撤 销
    expect(within(rows[2]).getByTestId('withdrawal-cancel')).toHaveTextContent(/^撤\s?销$/);
    expect(within(rows[0]).queryByTestId('withdrawal-cancel')).toBeNull();
  });
});

describe('the way in', () => {
  it('/my/assets links to deposit and withdraw, and hides withdraw when the feature is off', async () => {
    const view = renderApp('/my/assets', PAGES);
    const entries = await screen.findByTestId('assets-money-entries', undefined, SLOW);
    expect(within(entries).getByText('提现').closest('a')).toHaveAttribute('href', '/my/withdraw');
    view.unmount();
    setSignedIn(true, { withdraw: false });
    renderApp('/my/assets', PAGES);
    const without = await screen.findByTestId('assets-money-entries', undefined, SLOW);
    expect(within(without).queryByText('提现')).toBeNull();
    expect(within(without).getByText('充值')).toBeTruthy();
    expect(appState.access.withdraw).toBe(false);
  });
});

describe('/my/records', () => {
  it('lists the withdrawals on their way above the ledger entries, with their status and a link to /my/withdraw', async () => {
    mocked(withdrawApi.history).mockResolvedValue(
      page([
        withdrawal({ id: '3', status: 'confirming', confirmations: 4, amount: '100' }),
        withdrawal({ id: '2', status: 'completed', amount: '70' }),
        withdrawal({ id: '1', status: 'review', amount: '30' }),
      ]),
    );
    renderApp('/my/records', PAGES);
    const section = await screen.findByTestId('withdrawals-on-the-way', undefined, SLOW);
    expect(section).toHaveTextContent('提现进行中');
    expect(section).toHaveTextContent('确认中4/12');
    expect(section).toHaveTextContent('审核中');
    expect(section).toHaveTextContent('-105 USDT');
    expect(section).not.toHaveTextContent('已完成');
    expect(within(section).getByText('查看全部').closest('a')).toHaveAttribute('href', '/my/withdraw');
    expect(withdrawApi.history).toHaveBeenCalledWith({ page: 1, pageSize: 20, count: false });
  });

  it('asks nothing of withdrawals when the feature is off', async () => {
    setSignedIn(true, { withdraw: false });
    renderApp('/my/records', PAGES);
    // the page asked for its entries: it has rendered and made its requests
    await waitFor(() => expect(userApi.walletDetails).toHaveBeenCalled(), SLOW);
    expect(withdrawApi.history).not.toHaveBeenCalled();
    expect(screen.queryByTestId('withdrawals-on-the-way')).toBeNull();
  });
});
