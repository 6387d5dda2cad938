/**
 * /my/transfer keeps what was typed across a trip to set the pay password (去设置 and back), and a
 * transfer done shows its result (amount, recipient, 查看记录 / 继续转账) with earlier error toasts gone.
 */
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { message } from '@/components/Feedback/notifier';
import { accountApi } from '@/services';
import { TRANSFER } from './pages.fixtures';
import { appState, TEST_USER } from './pages.umiMock';
import { clearToasts, confirmWithPayPassword, field, findToast, openMoneyPage, resetMoneyScreens, SLOW, startTransfer, TEST_TIMEOUT, type, waitForCalls } from './money.harness';

jest.setTimeout(TEST_TIMEOUT);
jest.mock('@umijs/max', () => require('./pages.umiMock').mockUmi());
jest.mock('@/services', () => require('./pages.fixtures').mockServices());

afterEach(clearToasts);

describe('the transfer draft', () => {
  it('finds the recipient and the amount again after leaving to set the pay password', async () => {
    resetMoneyScreens({ hasPayPassword: false });
    openMoneyPage('/my/transfer');
    const sheet = await startTransfer('100777', '25.5');
    const goSet = within(sheet).getByText('去设置').closest('a') as HTMLAnchorElement;
    expect(goSet.getAttribute('href')).toBe('/my/setting/pay-pass?redirect=%2Fmy%2Ftransfer');
    // the page is left (the pay-password page replaces it) and opened again once the password is set
    cleanup();
    appState.user = { ...TEST_USER, hasPayPassword: true };
    openMoneyPage('/my/transfer');
    await waitFor(() => expect(field('收款人').value).toBe('100777'), SLOW);
    expect(field('转账数量').value).toBe('25.5');
  });

  it('is forgotten once the transfer succeeds', async () => {
    resetMoneyScreens();
    openMoneyPage('/my/transfer');
    await confirmWithPayPassword(await startTransfer('100777', '10'), '123456');
    await screen.findByTestId('transfer-done', undefined, SLOW);
    cleanup();
    openMoneyPage('/my/transfer');
    await screen.findByLabelText('转账数量', undefined, SLOW);
    await waitFor(() => expect(accountApi.transferOptions).toHaveBeenCalledTimes(3), SLOW);
    expect(field('收款人').value).toBe('');
    expect(field('转账数量').value).toBe('');
  });

  it('belongs to the user who typed it', async () => {
    resetMoneyScreens();
    openMoneyPage('/my/transfer');
    await type('收款人', '100777');
    await type('转账数量', '12');
    cleanup();
    appState.user = { ...TEST_USER, uid: '100999' };
    openMoneyPage('/my/transfer');
    await screen.findByLabelText('转账数量', undefined, SLOW);
    await waitFor(() => expect(accountApi.transferOptions).toHaveBeenCalledTimes(2), SLOW);
    expect(field('收款人').value).toBe('');
  });
});

describe('a transfer done', () => {
  beforeEach(() => resetMoneyScreens());

  it('shows the result with the amount and the recipient, and clears an earlier error toast', async () => {
    openMoneyPage('/my/transfer');
    const sheet = await startTransfer('100777', '250');
    act(() => void message.error('网络异常，请稍后重试'));
    expect(await findToast('网络异常，请稍后重试')).toBeInTheDocument();
    await confirmWithPayPassword(sheet, '123456');
    await waitForCalls(accountApi.transferCreate, 1);
    const done = await screen.findByTestId('transfer-done', undefined, SLOW);
    expect(done).toHaveTextContent('转账成功');
    expect(done).toHaveTextContent(`已向 UID ${TRANSFER.counterpartyUid} 转账 ${TRANSFER.amount} USDT`);
    expect(done).toHaveTextContent('收款人地址 0x0000…00aa');
    await waitFor(() => expect(screen.queryByText('网络异常，请稍后重试')).toBeNull(), SLOW);
    expect(screen.queryByLabelText('转账数量')).toBeNull();
  });

  it('查看记录 opens the transfer records, 继续转账 brings the empty form back', async () => {
    openMoneyPage('/my/transfer');
    await confirmWithPayPassword(await startTransfer('100777', '10'), '123456');
    const done = await screen.findByTestId('transfer-done', undefined, SLOW);
    expect(within(done).getByText('查看记录').closest('a')).toHaveAttribute('href', '/my/transfer/history');
    fireEvent.click(within(done).getByText('继续转账'));
    await waitFor(() => expect(field('转账数量').value).toBe(''), SLOW);
    expect(field('收款人').value).toBe('');
    expect(screen.queryByTestId('transfer-done')).toBeNull();
  });
});
