/** The offline notice (src/components/OfflineNotice.tsx): shown while the browser has no network, gone when it is back. */
import { act, render, screen } from '@testing-library/react';
import { IntlProvider } from '@umijs/max';
import OfflineNotice from '@/components/OfflineNotice';
import statusMessages from '@/locales/zh-CN/status';

const Intl = IntlProvider as unknown as (props: { locale: string; messages: Record<string, string>; children: JSX.Element }) => JSX.Element;

function setOnline(online: boolean) {
  jest.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

afterEach(() => jest.restoreAllMocks());

it('says the network is gone while offline, and nothing once it is back', () => {
  render(
    <Intl locale="zh-CN" messages={statusMessages}>
      <OfflineNotice />
    </Intl>,
  );
  expect(screen.queryByTestId('offline-notice')).toBeNull();
  setOnline(false);
  expect(screen.getByRole('status')).toHaveTextContent('网络已断开');
  expect(screen.getByRole('status')).toHaveTextContent('不能进行任何资金操作');
  setOnline(true);
  expect(screen.queryByTestId('offline-notice')).toBeNull();
});
