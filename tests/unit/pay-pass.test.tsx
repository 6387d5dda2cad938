/**
 * The pay password: /my/setting/pay-pass sets one (six digits, typed twice alike) or changes it
 * (the current one first), each with a fresh wallet proof signed at submit (a declined or missing
 * wallet says why and sends nothing), shows the server's refusals, and returns to the money move
 * that sent the user there; the confirmation sheet guides there when none is set and sends one
 * confirmation at a time.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createHistory, history } from '@umijs/max';
import { accountApi, userApi } from '@/services';
import { WalletError } from '@/wallet/errors';
import { proveWallet } from '@/wallet/stepUp';
import { TRANSFER } from './pages.fixtures';
import { appState, TEST_USER } from './pages.umiMock';
import { enteredCount } from './payKeypad.harness';
import { button, callsOf, clearToasts, field, findFieldError, findToast, openMoneyPage, pause, press, refuseNext, resetMoneyScreens, serverError, SLOW, startTransfer, TEST_TIMEOUT, type, waitForCalls } from './money.harness';

jest.setTimeout(TEST_TIMEOUT);
jest.mock('@umijs/max', () => require('./pages.umiMock').mockUmi());
jest.mock('@/services', () => require('./pages.fixtures').mockServices());
jest.mock('@/wallet/stepUp', () => ({ proveWallet: jest.fn() }));

const PROOF = { message: 'localhost wants you to sign in…', signature: `0x${'ab'.repeat(65)}` };
const prove = proveWallet as unknown as jest.Mock;
beforeEach(() => prove.mockResolvedValue(PROOF));

const INVALID = '请输入 6 位数字支付密码';

async function fill(values: Record<string, string>): Promise<void> {
  for (const [label, value] of Object.entries(values)) await type(label, value);
}

/** The page at `search` (its redirect is read from the address bar, as in the browser). */
function openPayPass(search = '') {
  window.history.replaceState(null, '', `/my/setting/pay-pass${search}`);
  createHistory({ type: 'memory', initialEntries: ['/my/setting/pay-pass'] } as never);
  openMoneyPage(`/my/setting/pay-pass${search}`);
}

afterEach(async () => {
  await clearToasts();
  window.history.replaceState(null, '', '/');
});

describe('setting the first pay password', () => {
  beforeEach(() => resetMoneyScreens({ hasPayPassword: false }));

  it('asks for the new password twice and not for a current one', async () => {
    openPayPass();
    expect(await screen.findByText('未设置', undefined, SLOW)).toBeInTheDocument();
    // a plain shield in the warning colour: the shield with a tick means a password is set
    expect(document.querySelector('.ant-result-warning .ant-result-icon [aria-label="safety"]')).not.toBeNull();
    expect(document.querySelector('[aria-label="safety-certificate"]')).toBeNull();
    expect(field('新支付密码')).toBeInTheDocument();
    expect(field('再次输入新支付密码')).toBeInTheDocument();
    expect(screen.queryByLabelText('原支付密码')).toBeNull();
    expect(button('设置支付密码')).toBeInTheDocument();
  });

  it.each([
    ['five digits', { 新支付密码: '12345', 再次输入新支付密码: '12345' }, '新支付密码', INVALID],
    ['a letter', { 新支付密码: '12345a', 再次输入新支付密码: '12345a' }, '新支付密码', INVALID],
    ['nothing', {}, '新支付密码', INVALID],
    ['two different passwords', { 新支付密码: '123456', 再次输入新支付密码: '654321' }, '再次输入新支付密码', '两次输入的支付密码不一致'],
  ])('refuses %s in the browser', async (_case, values, label, text) => {
    openPayPass();
    await fill(values);
    press('设置支付密码');
    await findFieldError(label, text);
    expect(userApi.payPass).not.toHaveBeenCalled();
  });

  it('has the wallet sign a proof of setting, sends it with the new password, then counts the user as having one', async () => {
    openPayPass();
    await fill({ 新支付密码: '135790', 再次输入新支付密码: '135790' });
    press('设置支付密码');
    await waitForCalls(userApi.payPass, 1);
    expect(prove.mock.calls).toEqual([['payPassword.set', TEST_USER.address]]);
    expect(callsOf(userApi.payPass)[0]).toEqual([{ newPassword: '135790', proof: PROOF }]);
    expect(await findToast('支付密码已设置')).toBeInTheDocument();
    await waitFor(() => expect(appState.setInitialState).toHaveBeenCalledTimes(1), SLOW);
    const [[update]] = appState.setInitialState.mock.calls;
    expect(update({}).currentUser).toEqual({ ...TEST_USER, hasPayPassword: true });
    expect(JSON.parse(localStorage.getItem('userInfo')!)).toEqual({ ...TEST_USER, hasPayPassword: true });
  });

  it.each([
    ['declines in the wallet', new WalletError('USER_REJECTED'), '您已在钱包中取消签名，支付密码没有保存。'],
    ['has no wallet', new WalletError('NO_WALLET'), '未检测到钱包：设置或修改支付密码需要用登录时的钱包签名确认，请在钱包 App 的浏览器中打开本站后重试。'],
    ['signs with another account', new WalletError('WRONG_ACCOUNT'), `钱包当前账户不是登录的账户 ${TEST_USER.address}，请在钱包中切换到该账户后重试。`],
  ])('says so and sends nothing when the user %s', async (_case, error, text) => {
    prove.mockRejectedValueOnce(error);
    openPayPass();
    await fill({ 新支付密码: '135790', 再次输入新支付密码: '135790' });
    press('设置支付密码');
    expect(await screen.findByText(text, undefined, SLOW)).toBeInTheDocument();
    expect(userApi.payPass).not.toHaveBeenCalled();
    expect(appState.setInitialState).not.toHaveBeenCalled();
  });

  it('returns to the money move that sent the user here', async () => {
    openPayPass('?redirect=%2Fmy%2Ftransfer%3Fto%3D1');
    await fill({ 新支付密码: '135790', 再次输入新支付密码: '135790' });
    press('设置支付密码');
    await waitFor(() => expect(history.location.pathname + history.location.search).toBe('/my/transfer?to=1'), SLOW);
  });

  it('does not follow a redirect to another site', async () => {
    openPayPass('?redirect=%2F%2Fevil.example%2F');
    await fill({ 新支付密码: '135790', 再次输入新支付密码: '135790' });
    press('设置支付密码');
    expect(await findToast('支付密码已设置')).toBeInTheDocument();
    expect(history.location.pathname).toBe('/my/setting/pay-pass');
  });
});

describe('changing the pay password', () => {
  beforeEach(() => resetMoneyScreens({ hasPayPassword: true }));

  it('requires the current password', async () => {
    openPayPass();
    expect(await screen.findByText('已设置', undefined, SLOW)).toBeInTheDocument();
    expect(document.querySelector('.ant-result-success .ant-result-icon [aria-label="safety-certificate"]')).not.toBeNull();
    await fill({ 新支付密码: '222222', 再次输入新支付密码: '222222' });
    press('修改支付密码');
    await findFieldError('原支付密码', INVALID);
    expect(userApi.payPass).not.toHaveBeenCalled();
  });

  it('sends the current and the new password', async () => {
    openPayPass();
    await fill({ 原支付密码: '111111', 新支付密码: '222222', 再次输入新支付密码: '222222' });
    press('修改支付密码');
    await waitForCalls(userApi.payPass, 1);
    expect(prove.mock.calls).toEqual([['payPassword.change', TEST_USER.address]]);
    expect(callsOf(userApi.payPass)[0]).toEqual([{ oldPassword: '111111', newPassword: '222222', proof: PROOF }]);
    expect(await findToast('支付密码已修改')).toBeInTheDocument();
    await waitFor(() => expect(enteredCount(field('原支付密码'))).toBe(0), SLOW);
  });

  it.each([
    ['a wrong current password with the tries left', serverError('PAY_PASSWORD_WRONG', 'payPassword.wrong', { remaining: 4 }), '支付密码错误，还可尝试 4 次'],
    ['a locked pay password', serverError('PAY_PASSWORD_LOCKED', 'payPassword.locked', { minutes: 15 }), '支付密码错误次数过多，已锁定，请 15 分钟后再试'],
    ['a new password equal to the current one', serverError('BUSINESS_RULE', 'payPassword.sameAsOld'), '新支付密码不能与原支付密码相同'],
  ])('shows the server’s refusal in the interface’s Simplified Chinese (not the wire’s zh-TW): %s', async (_case, error, text) => {
    refuseNext(userApi.payPass, error);
    openPayPass();
    await fill({ 原支付密码: '111111', 新支付密码: '222222', 再次输入新支付密码: '222222' });
    press('修改支付密码');
    expect(await findToast(text)).toBeInTheDocument();
    expect(screen.queryByText('支付密码已修改')).toBeNull();
    expect(appState.setInitialState).not.toHaveBeenCalled();
    // what was typed stays for another try
    expect(enteredCount(field('原支付密码'))).toBe(6);
  });
});

describe('the pay-password sheet', () => {
  it('without a pay password, guides to setting one and back', async () => {
    resetMoneyScreens({ hasPayPassword: false });
    openMoneyPage('/my/transfer');
    const sheet = await startTransfer('100777', '10');
    expect(within(sheet).getByText('请先设置支付密码')).toBeInTheDocument();
    expect(within(sheet).queryByLabelText('支付密码')).toBeNull();
    const guide = within(sheet).getByText('去设置').closest('a') as HTMLAnchorElement;
    expect(guide.getAttribute('href')).toBe('/my/setting/pay-pass?redirect=%2Fmy%2Ftransfer');
    act(() => guide.click());
    expect(await screen.findByLabelText('再次输入新支付密码', undefined, SLOW)).toBeInTheDocument();
  });

  it('sends nothing more while a confirmation is in flight (another tap, Enter)', async () => {
    resetMoneyScreens();
    let answer: (value: unknown) => void = () => {};
    (accountApi.transferCreate as jest.Mock).mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    openMoneyPage('/my/transfer');
    const sheet = await startTransfer('100777', '10');
    await type('支付密码', '123456');
    press('确定', sheet);
    await waitForCalls(accountApi.transferCreate, 1);
    // Enter submits the form without the (by now loading) button
    fireEvent.submit(sheet.querySelector('form')!);
    press('确定', sheet);
    await pause(300);
    await act(async () => answer(TRANSFER));
    await waitFor(() => expect(screen.queryByText('确认转账', { selector: '.ant-drawer-title' })).toBeNull(), SLOW);
    expect(accountApi.transferCreate).toHaveBeenCalledTimes(1);
  });
});
