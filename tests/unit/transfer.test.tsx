/**
 * /my/transfer: recipient by UID or wallet address (or one of the recent ones), amount with Max,
 * the fee, the browser's Chinese validation messages, the confirmation sheet sending exactly what
 * was entered with one Idempotency-Key per submission, and the server's refusals shown.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { accountApi } from '@/services';
import { TRANSFER } from './pages.fixtures';
import { TEST_USER } from './pages.umiMock';
import { callsOf, clearToasts, confirmWithPayPassword, field, findFieldError, findSheet, findToast, IDEMPOTENCY_KEY, idempotencyKeysOf, openMoneyPage, press, refuseNext, resetMoneyScreens, serverError, SLOW, startTransfer, TEST_TIMEOUT, type, waitForCalls } from './money.harness';

jest.setTimeout(TEST_TIMEOUT);
jest.mock('@umijs/max', () => require('./pages.umiMock').mockUmi());
jest.mock('@/services', () => require('./pages.fixtures').mockServices());

// the fixture's USDT: 10000 available, fee 1, minimum 10; recent recipient UID 100777
const RECIPIENT_ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';

beforeEach(() => resetMoneyScreens());
afterEach(clearToasts);

describe('the transfer form', () => {
  it('shows the available balance, the minimum and the fee of the currency', async () => {
    openMoneyPage('/my/transfer');
    const amount = await screen.findByLabelText('转账数量', undefined, SLOW);
    const item = amount.closest('.ant-form-item') as HTMLElement;
    expect(item).toHaveTextContent('可用 10,000 USDT · 最小金额 10');
    expect(screen.getByText('手续费', { exact: false })).toHaveTextContent('手续费 1 USDT');
  });

  it('fills in a recent recipient by its UID with one tap', async () => {
    openMoneyPage('/my/transfer');
    const [recent] = await screen.findAllByTestId('recent-recipient', undefined, SLOW);
    expect(recent).toHaveTextContent('UID 100777 · 0x0000…00aa');
    expect(recent).not.toHaveClass('ant-tag-checkable-checked');
    fireEvent.click(recent);
    await waitFor(() => expect(field('收款人').value).toBe('100777'), SLOW);
    await waitFor(() => expect(recent).toHaveClass('ant-tag-checkable-checked'), SLOW);
  });

  it('Max fills in the available balance minus the fee', async () => {
    openMoneyPage('/my/transfer');
    await screen.findByLabelText('转账数量', undefined, SLOW);
    press('最大');
    await waitFor(() => expect(field('转账数量').value).toBe('9999'), SLOW);
  });

  it.each([
    ['收款人', 'abc', '请输入正确的 UID 或钱包地址（0x 开头的 42 位）'],
    ['收款人', TEST_USER.uid, '不能转账给自己'],
    ['收款人', TEST_USER.address.toLowerCase(), '不能转账给自己'],
    ['转账数量', '10.123456789', '最多 8 位小数'],
    ['转账数量', '9.99999999', '最少 10 USDT'],
    ['转账数量', '9999.00000001', '余额不足：可用 10000 USDT，手续费 1 USDT'],
  ])('%s %j is refused in the browser: %s', async (label, value, text) => {
    openMoneyPage('/my/transfer');
    await type('收款人', '100777');
    await type('转账数量', '25');
    await type(label, value);
    press('下一步');
    await findFieldError(label, text);
    expect(screen.queryByText('确认转账')).not.toBeInTheDocument();
    expect(accountApi.transferCreate).not.toHaveBeenCalled();
  });

  it('accepts exactly the whole balance with the fee (the boundary)', async () => {
    openMoneyPage('/my/transfer');
    expect(await startTransfer('100777', '9999')).toBeInTheDocument();
  });
});

describe('the confirmation sheet', () => {
  it('shows what will be sent and sends exactly that with the pay password and an Idempotency-Key', async () => {
    openMoneyPage('/my/transfer');
    const sheet = await startTransfer(`  ${RECIPIENT_ADDRESS} `, '25.5');
    const summary = within(sheet).getByTestId('transfer-summary');
    expect(summary).toHaveTextContent(`收款人${RECIPIENT_ADDRESS}`);
    expect(summary).toHaveTextContent('转账数量25.5 USDT');
    expect(summary).toHaveTextContent('手续费1 USDT');

    await confirmWithPayPassword(sheet, '123456');
    await waitForCalls(accountApi.transferCreate, 1);
    const [body, options] = callsOf(accountApi.transferCreate)[0];
    expect(body).toEqual({ to: RECIPIENT_ADDRESS, currency: 'USDT', amount: '25.5', payPassword: '123456' });
    expect(options).toEqual({ headers: { 'Idempotency-Key': expect.stringMatching(IDEMPOTENCY_KEY) } });
    expect(await screen.findByTestId('transfer-done', undefined, SLOW)).toHaveTextContent(`已向 UID ${TRANSFER.counterpartyUid} 转账 ${TRANSFER.amount} USDT`);
    // the balance is asked for again, the amount is cleared for the next transfer
    await waitFor(() => expect(accountApi.transferOptions).toHaveBeenCalledTimes(2), SLOW);
    press('继续转账');
    await waitFor(() => expect(field('转账数量').value).toBe(''), SLOW);
  });

  it('sends a recent recipient by UID', async () => {
    openMoneyPage('/my/transfer');
    fireEvent.click((await screen.findAllByTestId('recent-recipient', undefined, SLOW))[0]);
    await type('转账数量', '10');
    press('下一步');
    await confirmWithPayPassword(await findSheet('确认转账'), '654321');
    await waitForCalls(accountApi.transferCreate, 1);
    expect(callsOf(accountApi.transferCreate)[0][0]).toEqual({ to: '100777', currency: 'USDT', amount: '10', payPassword: '654321' });
  });

  it('asks for six digits before sending anything', async () => {
    openMoneyPage('/my/transfer');
    const sheet = await startTransfer('100777', '10');
    await confirmWithPayPassword(sheet, '12345');
    await findFieldError('支付密码', '请输入 6 位数字支付密码');
    expect(accountApi.transferCreate).not.toHaveBeenCalled();
  });

  it('retries a lost answer with the same Idempotency-Key, and takes a new one for another password', async () => {
    refuseNext(accountApi.transferCreate, new Error('Network Error'));
    refuseNext(accountApi.transferCreate, serverError('PAY_PASSWORD_WRONG', 'payPassword.wrong', { remaining: 4 }, { remainingTries: 4 }));
    openMoneyPage('/my/transfer');
    const sheet = await startTransfer('100777', '10');

    await confirmWithPayPassword(sheet, '111111');
    await waitForCalls(accountApi.transferCreate, 1);
    await confirmWithPayPassword(sheet, '111111');
    await waitForCalls(accountApi.transferCreate, 2);
    expect(await findToast('支付密码错误，还可尝试 4 次')).toBeInTheDocument();
    await confirmWithPayPassword(sheet, '123456');
    await waitForCalls(accountApi.transferCreate, 3);

    const [first, retry, other] = idempotencyKeysOf(accountApi.transferCreate);
    expect(first).toMatch(IDEMPOTENCY_KEY);
    expect(retry).toBe(first);
    expect(other).toMatch(IDEMPOTENCY_KEY);
    expect(other).not.toBe(first);
    expect(callsOf(accountApi.transferCreate).map((call) => call[0])).toEqual([
      { to: '100777', currency: 'USDT', amount: '10', payPassword: '111111' },
      { to: '100777', currency: 'USDT', amount: '10', payPassword: '111111' },
      { to: '100777', currency: 'USDT', amount: '10', payPassword: '123456' },
    ]);
  });

  it('closed after a lost answer and confirmed again with the same transfer: the same Idempotency-Key', async () => {
    refuseNext(accountApi.transferCreate, new Error('Network Error'));
    openMoneyPage('/my/transfer');
    const sheet = await startTransfer('100777', '10');
    await confirmWithPayPassword(sheet, '123456');
    await waitForCalls(accountApi.transferCreate, 1);
    await act(async () => fireEvent.click(within(sheet).getByRole('button', { name: /close|关闭/i })));
    await waitFor(() => expect(screen.queryByText('确认转账')).not.toBeInTheDocument(), SLOW);
    await confirmWithPayPassword(await startTransfer('100777', '10'), '123456');
    await waitForCalls(accountApi.transferCreate, 2);
    const [first, again] = idempotencyKeysOf(accountApi.transferCreate);
    expect(again).toBe(first);
  });

  it('a new submission after a completed one gets a new Idempotency-Key', async () => {
    openMoneyPage('/my/transfer');
    await confirmWithPayPassword(await startTransfer('100777', '10'), '123456');
    await waitForCalls(accountApi.transferCreate, 1);
    await waitFor(() => expect(screen.queryByText('确认转账')).not.toBeInTheDocument(), SLOW);
    press('继续转账');
    await confirmWithPayPassword(await startTransfer('100777', '10'), '123456');
    await waitForCalls(accountApi.transferCreate, 2);
    const [first, second] = idempotencyKeysOf(accountApi.transferCreate);
    expect(second).not.toBe(first);
  });

  it.each([
    ['an unknown recipient', serverError('BUSINESS_RULE', 'transfer.unknownRecipient', { to: '100999' }), '找不到收款人：100999（请输入 PowerFi 用户的 UID 或钱包地址）'],
    ['a wrong pay password with the tries left', serverError('PAY_PASSWORD_WRONG', 'payPassword.wrong', { remaining: 2 }), '支付密码错误，还可尝试 2 次'],
    ['a locked pay password', serverError('PAY_PASSWORD_LOCKED', 'payPassword.locked', { minutes: 15 }), '支付密码错误次数过多，已锁定，请 15 分钟后再试'],
  ])('shows the server’s message for %s and keeps the sheet open', async (_case, error, text) => {
    refuseNext(accountApi.transferCreate, error);
    openMoneyPage('/my/transfer');
    const sheet = await startTransfer('100999', '10');
    await confirmWithPayPassword(sheet, '123456');
    expect(await findToast(text)).toBeInTheDocument();
    expect(within(sheet).getByLabelText('支付密码')).toBeInTheDocument();
    expect(screen.queryByText(/^已向 UID/)).not.toBeInTheDocument();
  });
});

