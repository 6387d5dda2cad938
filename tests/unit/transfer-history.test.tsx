/** /my/transfer/history: each transfer with its direction, status, counterparty, signed amount and fee. */
import { screen, waitFor } from '@testing-library/react';
import { accountApi } from '@/services';
import { page, TRANSFER } from './pages.fixtures';
import { openMoneyPage, resetMoneyScreens, SLOW, TEST_TIMEOUT } from './money.harness';

jest.setTimeout(TEST_TIMEOUT);
jest.mock('@umijs/max', () => require('./pages.umiMock').mockUmi());
jest.mock('@/services', () => require('./pages.fixtures').mockServices());

const RECEIVED = {
  ...TRANSFER, id: '62', direction: 'in' as const, counterpartyUid: '100888', counterpartyAddress: '0x52908400098527886E0F7030069857D2E4169EE7',
  currency: 'BTC', amount: '0.0125', fee: '0.0001', status: 'success', createdAt: '2026-01-07 10:30:00',
};

async function rows(): Promise<HTMLElement[]> {
  await screen.findByText('UID 100888', undefined, SLOW);
  return Array.from(document.querySelectorAll<HTMLElement>('.ant-list-item'));
}

beforeEach(() => {
  resetMoneyScreens();
  (accountApi.transfers as jest.Mock).mockResolvedValue(page([TRANSFER, RECEIVED]));
});

it('asks for the first page of the signed-in user’s transfers', async () => {
  openMoneyPage('/my/transfer/history');
  await waitFor(() => expect(accountApi.transfers).toHaveBeenCalledWith({ page: 1, pageSize: 20, count: false }), SLOW);
});

it('shows a sent transfer: direction, status, counterparty, negative amount and its fee', async () => {
  openMoneyPage('/my/transfer/history');
  const [sent] = await rows();
  for (const text of ['转出', '成功', 'UID 100777', '0x0000…00aa', '2026-01-06 09:00:00', '-250 USDT', '手续费 1 USDT']) {
    expect(sent).toHaveTextContent(text);
  }
});

it('shows a received transfer: direction, status, counterparty, positive amount and no fee', async () => {
  openMoneyPage('/my/transfer/history');
  const [, received] = await rows();
  for (const text of ['转入', '成功', 'UID 100888', '0x5290…9EE7', '2026-01-07 10:30:00', '+0.0125 BTC']) {
    expect(received).toHaveTextContent(text);
  }
  expect(received).not.toHaveTextContent('手续费');
});

it('follows the next page by its cursor (keyset paging) and stops where the server says the list ends', async () => {
  (accountApi.transfers as jest.Mock)
    .mockResolvedValueOnce({ list: [TRANSFER], total: 2, page: 1, pageSize: 20, nextCursor: '61' })
    // a page asked by cursor carries no total (the server does not count it)
    .mockResolvedValueOnce({ list: [RECEIVED], page: 2, pageSize: 20, nextCursor: null });
  openMoneyPage('/my/transfer/history');
  (await screen.findByRole('button', { name: '加载更多' }, SLOW)).click();
  await rows();
  expect(accountApi.transfers).toHaveBeenNthCalledWith(2, { page: 2, pageSize: 20, cursor: '61', count: false });
  expect(await screen.findByText('没有更多了', undefined, SLOW)).toBeTruthy();
  expect(document.querySelectorAll('.ant-list-item')).toHaveLength(2);
});
