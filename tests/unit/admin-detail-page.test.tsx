/**
 * A console detail page's frame: the page's actions beside a refresh, its cards while it loaded,
 * and in their place the load failure with a retry.
 */
import { fireEvent, render, screen, within } from '@testing-library/react';
import { createPluginManager } from '@@/core/plugin';
import DetailPage from '@/admin/components/DetailPage';
import { ConsoleProviders, operatorMe } from './admin-fixtures';

// antd and pro-components renders are heavy in jsdom
jest.setTimeout(60_000);
createPluginManager();

it('shows the cards and the actions; the refresh button refreshes', async () => {
  const refresh = jest.fn();
  render(
    <ConsoleProviders me={operatorMe('admin')}>
      <DetailPage title="提现 #3" actions={<button type="button">冻结</button>} loading={false} error={undefined} errorText={undefined} refresh={refresh}>
        <div data-testid="card">卡片</div>
      </DetailPage>
    </ConsoleProviders>,
  );
  expect(await screen.findByTestId('card')).toBeTruthy();
  expect(screen.getByText('冻结')).toBeTruthy();
  expect(screen.queryByTestId('admin-load-error')).toBeNull();
  // antd spaces a two-character label: 刷 新
  fireEvent.click(screen.getByRole('button', { name: /^刷\s*新$/ }));
  expect(refresh).toHaveBeenCalledTimes(1);
});

it('a failed load shows its text and a retry instead of the cards', async () => {
  const refresh = jest.fn();
  render(
    <ConsoleProviders me={operatorMe('admin')}>
      <DetailPage title="提现 #3" loading={false} error={new Error('x')} errorText="服务器出错" refresh={refresh}>
        <div data-testid="card">卡片</div>
      </DetailPage>
    </ConsoleProviders>,
  );
  const failure = await screen.findByTestId('admin-load-error');
  expect(within(failure).getByText('服务器出错')).toBeTruthy();
  expect(screen.queryByTestId('card')).toBeNull();
  fireEvent.click(within(failure).getByRole('button'));
  expect(refresh).toHaveBeenCalledTimes(1);
});
