/**
 * The message centre: /my/messages words every notification kind from its values in each of the
 * three languages, shows unread dots, marks one read on a tap and all with 全部已读; 我的 shows the
 * unread count on its 消息中心 entry.
 */
import { act, renderHook, screen, waitFor } from '@testing-library/react';
import { NOTIFICATION_KINDS } from '../../contract/notification';
import enUS from '@/locales/en-US';
import zhCN from '@/locales/zh-CN';
import zhTW from '@/locales/zh-TW';
import MyPage from '@/pages/My';
import MyMessagesPage, { useNoticeText } from '@/pages/My/Messages';
import { notificationApi } from '@/services';
import { resetMoneyScreens, SLOW, TEST_TIMEOUT } from './money.harness';
import { intlWrapper } from './locale.intl';
import { renderApp } from './pages.harness';
import { page } from './pages.fixtures';

jest.setTimeout(TEST_TIMEOUT);
jest.mock('@umijs/max', () => require('./pages.umiMock').mockUmi());
jest.mock('@/services', () => require('./pages.fixtures').mockServices());

/** one payload per kind, with values that must show in its text */
const PAYLOADS: Record<string, Record<string, string>> = {
  'deposit.credited': { depositId: '1', coin: 'USDT', amount: '12.5', network: 'ERC20' },
  'withdraw.approved': { withdrawalId: '2', coin: 'USDT', amount: '100' },
  'withdraw.sent': { withdrawalId: '2', coin: 'USDT', amount: '100' },
  'withdraw.completed': { withdrawalId: '2', coin: 'USDT', amount: '100' },
  'withdraw.rejected': { withdrawalId: '3', coin: 'ETH', amount: '0.5' },
  'withdraw.failed': { withdrawalId: '4', coin: 'USDT', amount: '77' },
  'mall.shipped': { orderId: '5', orderNo: 'M20260101' },
  'earnings.power': { day: '2026-03-01', coin: 'BTC', amount: '0.0000375', orders: '2' },
  'earnings.interest': { day: '2026-03-01', coin: 'USDT', amount: '0.1', orders: '1' },
  'finance.redeemed': { orderId: '6', coin: 'USDT', amount: '100.1' },
  'signin.new': {},
  'payPassword.set': {},
  'payPassword.changed': {},
  'payPassword.reset': { withdrawHeldUntil: '2026-03-02 12:00:00' },
};

describe.each([
  ['zh-CN', zhCN],
  ['zh-TW', zhTW],
  ['en-US', enUS],
])('each kind in %s', (locale, messages) => {
  it.each([...NOTIFICATION_KINDS])('%s: its own title, and a text naming every value', (kind) => {
    const { result } = renderHook(() => useNoticeText(), { wrapper: intlWrapper(locale, messages as Record<string, string>) });
    const payload = PAYLOADS[kind];
    const text = result.current({ kind, payload });
    expect(text.title).toBe((messages as Record<string, string>)[`notice.${kind}.title`]);
    expect(text.title).not.toMatch(/notice\./);
    // every value but the ids (which only link) is in the text
    for (const [key, value] of Object.entries(payload).filter(([key]) => !key.endsWith('Id'))) {
      expect({ kind, key, body: text.body, has: text.body.includes(value) }).toMatchObject({ kind, key, has: true });
    }
    expect(text.body).not.toMatch(/[{}]/);
  });
});

it('every kind has a title and a text in every locale, and each title is its own', () => {
  for (const messages of [zhCN, zhTW, enUS] as Record<string, string>[]) {
    const titles = NOTIFICATION_KINDS.map((kind) => messages[`notice.${kind}.title`]);
    expect(titles.every(Boolean)).toBe(true);
    expect(new Set(titles).size).toBe(titles.length);
    expect(NOTIFICATION_KINDS.every((kind) => messages[`notice.${kind}.body`])).toBe(true);
  }
});

describe('/my/messages', () => {
  beforeEach(() => resetMoneyScreens());
  const openMessages = () => renderApp('/my/messages', { './My/Messages': MyMessagesPage });
  const rows = () => Array.from(document.querySelectorAll<HTMLElement>('[data-testid="notice"]'));

  it('lists them worded in zh-CN, newest first, unread ones with a dot', async () => {
    openMessages();
    await screen.findByText('充值到账', undefined, SLOW);
    expect(notificationApi.list).toHaveBeenCalledWith({ page: 1, pageSize: 20, count: false });
    expect(rows().map((row) => row.textContent)).toEqual([
      expect.stringContaining('88.5 USDT（ERC20）已到账'),
      expect.stringContaining('订单 M20260107001 已发货'),
      expect.stringContaining('新的登录'),
    ]);
    expect(rows().map((row) => row.dataset.read)).toEqual(['false', 'false', 'true']);
    expect(document.querySelectorAll('[data-testid="notice-unread"]')).toHaveLength(2);
  });

  it('a tap marks one read; a read one asks nothing', async () => {
    openMessages();
    await screen.findByText('充值到账', undefined, SLOW);
    act(() => rows()[2].click());
    expect(notificationApi.markRead).not.toHaveBeenCalled();
    act(() => rows()[0].click());
    await waitFor(() => expect(rows()[0].dataset.read).toBe('true'));
    expect(notificationApi.markRead).toHaveBeenCalledWith({ id: '903' });
    expect(document.querySelectorAll('[data-testid="notice-unread"]')).toHaveLength(1);
  });

  it('a failed mark shows the dot again', async () => {
    (notificationApi.markRead as jest.Mock).mockRejectedValueOnce(new Error('offline'));
    openMessages();
    await screen.findByText('充值到账', undefined, SLOW);
    act(() => rows()[1].click());
    await waitFor(() => expect(notificationApi.markRead).toHaveBeenCalledWith({ id: '902' }));
    await waitFor(() => expect(rows()[1].dataset.read).toBe('false'));
  });

  it('全部已读 marks them all', async () => {
    openMessages();
    await screen.findByText('充值到账', undefined, SLOW);
    act(() => screen.getByTestId('notices-read-all').click());
    await waitFor(() => expect(document.querySelectorAll('[data-testid="notice-unread"]')).toHaveLength(0));
    expect(notificationApi.markAllRead).toHaveBeenCalledTimes(1);
  });

  it('says so when there is none', async () => {
    (notificationApi.list as jest.Mock).mockResolvedValueOnce({ ...page([]), nextCursor: null });
    openMessages();
    expect(await screen.findByText('暂无消息', undefined, SLOW)).toBeTruthy();
  });
});

describe('我的', () => {
  beforeEach(() => resetMoneyScreens());

  it('shows 消息中心 with the unread count as a badge, linking to the centre', async () => {
    renderApp('/my', { './My': MyPage });
    const entry = await screen.findByTestId('my-messages', undefined, SLOW);
    expect(entry).toHaveTextContent('消息中心');
    expect(entry.getAttribute('href')).toBe('/my/messages');
    await waitFor(() => expect(entry.querySelector('.ant-badge-count')).toHaveAttribute('title', '2 条未读'));
    expect(notificationApi.unreadCount).toHaveBeenCalledTimes(1);
  });

  it('shows no badge when none is unread', async () => {
    (notificationApi.unreadCount as jest.Mock).mockResolvedValueOnce({ unread: 0 });
    renderApp('/my', { './My': MyPage });
    const entry = await screen.findByTestId('my-messages', undefined, SLOW);
    await waitFor(() => expect(notificationApi.unreadCount).toHaveBeenCalled());
    expect(entry.querySelector('.ant-badge-count')).toBeNull();
  });
});
