/**
 * 忘记支付密码: the link in the pay-password sheet and on /my/setting/pay-pass leads to
 * /my/setting/pay-pass/reset, where the wallet signs a proof naming this account, the new
 * password (typed twice alike) is sent with it, the withdrawal pause is said before and after,
 * and the page returns to where the user came from. A declined signature sends nothing.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { createHistory, history } from '@umijs/max';
import { payPasswordResetStatement } from '../../contract/rules/payPassword';
import { userApi } from '@/services';
import { WalletError } from '@/wallet/errors';
import { proveWallet } from '@/wallet/stepUp';
import { appState, TEST_USER } from './pages.umiMock';
import { button, callsOf, clearToasts, findFieldError, findToast, openMoneyPage, press, resetMoneyScreens, SLOW, startTransfer, TEST_TIMEOUT, type, waitForCalls } from './money.harness';

jest.setTimeout(TEST_TIMEOUT);
jest.mock('@umijs/max', () => require('./pages.umiMock').mockUmi());
jest.mock('@/services', () => require('./pages.fixtures').mockServices());
jest.mock('@/wallet/stepUp', () => ({ proveWallet: jest.fn() }));

const PROOF = { message: 'localhost wants you to sign in…', signature: `0x${'ab'.repeat(65)}` };
const prove = proveWallet as unknown as jest.Mock;

function openReset(search = '') {
  window.history.replaceState(null, '', `/my/setting/pay-pass/reset${search}`);
  createHistory({ type: 'memory', initialEntries: [`/my/setting/pay-pass/reset${search}`] } as never);
  openMoneyPage(`/my/setting/pay-pass/reset${search}`);
}

async function fillNew(first: string, second: string) {
  expect(await screen.findByTestId('pay-pass-reset-hold', undefined, SLOW)).toHaveTextContent('重置后 24 小时内暂停提现');
  await type('新支付密码', first);
  await type('再次输入新支付密码', second);
}

beforeEach(() => {
  resetMoneyScreens();
  prove.mockResolvedValue(PROOF);
});
afterEach(async () => {
  await clearToasts();
  window.history.replaceState(null, '', '/');
});

describe('the reset page', () => {
  it('has the wallet sign a proof naming this account, sends it with the new password, says until when withdrawals pause, and returns', async () => {
    openReset('?redirect=%2Fmy%2Ftransfer');
    await fillNew('135790', '135790');
    press('签名并重置');
    await waitForCalls(userApi.payPassReset, 1);
    expect(prove.mock.calls).toEqual([['payPassword.reset', TEST_USER.address, payPasswordResetStatement(TEST_USER.address)]]);
    expect(callsOf(userApi.payPassReset)[0]).toEqual([{ newPassword: '135790', proof: PROOF }]);
    expect(await findToast('支付密码已重置，2026-01-03 04:05:06 前暂停提现')).toBeInTheDocument();
    await waitFor(() => expect(history.location.pathname).toBe('/my/transfer'), SLOW);
  });

  it('refuses two different passwords in the browser and asks the wallet for nothing', async () => {
    openReset();
    await fillNew('135790', '135791');
    press('签名并重置');
    await findFieldError('再次输入新支付密码', '两次输入的支付密码不一致');
    expect(prove).not.toHaveBeenCalled();
    expect(userApi.payPassReset).not.toHaveBeenCalled();
  });

  it('says so and sends nothing when the wallet declines', async () => {
    prove.mockRejectedValueOnce(new WalletError('USER_REJECTED'));
    openReset();
    await fillNew('135790', '135790');
    press('签名并重置');
    expect(await screen.findByTestId('wallet-proof-error', undefined, SLOW)).toBeInTheDocument();
    expect(userApi.payPassReset).not.toHaveBeenCalled();
    expect(appState.setInitialState).not.toHaveBeenCalled();
  });

  it('sends a user without a pay password to set one instead', async () => {
    resetMoneyScreens({ hasPayPassword: false });
    openReset();
    expect(await screen.findByText('您还没有设置支付密码，无需重置。', undefined, SLOW)).toBeInTheDocument();
    expect(screen.queryByLabelText('新支付密码')).toBeNull();
    expect(screen.getByText('去设置支付密码').closest('a')).toHaveAttribute('href', '/my/setting/pay-pass');
  });
});

describe('the 忘记支付密码 link', () => {
  it('on /my/setting/pay-pass, under the current password only, leads to the reset page', async () => {
    window.history.replaceState(null, '', '/my/setting/pay-pass');
    openMoneyPage('/my/setting/pay-pass');
    const links = await screen.findAllByTestId('forgot-pay-password', undefined, SLOW);
    expect(links).toHaveLength(1);
    expect(links[0].closest('.ant-form-item')).toContainElement(screen.getByLabelText('原支付密码'));
    expect(links[0]).toHaveAttribute('href', '/my/setting/pay-pass/reset?redirect=%2Fmy%2Fsetting%2Fpay-pass');
    act(() => links[0].click());
    expect(await screen.findByTestId('pay-pass-reset-form', undefined, SLOW)).toContainElement(button('签名并重置'));
  });

  it('in the confirmation sheet of a money move, leads to the reset page with the way back', async () => {
    window.history.replaceState(null, '', '/my/transfer');
    openMoneyPage('/my/transfer');
    const sheet = await startTransfer('100777', '10');
    const link = within(sheet).getByTestId('forgot-pay-password');
    expect(link).toHaveTextContent('忘记支付密码');
    expect(link).toHaveAttribute('href', '/my/setting/pay-pass/reset?redirect=%2Fmy%2Ftransfer');
    act(() => link.click());
    expect(await screen.findByTestId('pay-pass-reset-form', undefined, SLOW)).toContainElement(button('签名并重置'));
  });
});
