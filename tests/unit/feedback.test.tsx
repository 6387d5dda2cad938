/**
 * The app's notifier (message, notification and modal) under AppProviders, whose holders load on the
 * first call (src/components/Feedback): they work as antd's App's do, and a toast outlives the
 * page that showed it.
 */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createPluginManager } from '@@/core/plugin';
import { feedbackApi, inAct, Shell } from './feedback.harness';

// antd renders are heavy in jsdom; a busy CI machine needs more than jest's default 5 s
jest.setTimeout(120_000);

let holderLoads = 0;
jest.mock('@/components/Feedback/Holders', () => {
  holderLoads += 1;
  return jest.requireActual('@/components/Feedback/Holders');
});

createPluginManager();

beforeEach(() => {
  localStorage.setItem('umi_locale', 'zh-CN');
  holderLoads = 0;
});

it('loads nothing before the first call, then shows the toast', async () => {
  render(<Shell />);
  await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
  expect(holderLoads).toBe(0);
  fireEvent.click(screen.getByRole('button', { name: 'save' }));
  expect(await screen.findByText('已保存')).toBeInTheDocument();
  expect(holderLoads).toBe(1);
});

it('keeps a toast on screen after the page that showed it is gone', async () => {
  render(<Shell />);
  fireEvent.click(screen.getByRole('button', { name: 'save' }));
  expect(await screen.findByText('已保存')).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: 'leave' }));
  expect(screen.queryByRole('button', { name: 'save' })).not.toBeInTheDocument();
  expect(screen.getByText('已保存')).toBeInTheDocument();
});

it('closes a message through the handle the call returned, which then settles', async () => {
  render(<Shell />);
  const handle = inAct(() => feedbackApi().message.info('处理中', 0));
  expect(await screen.findByText('处理中')).toBeInTheDocument();
  const settled = jest.fn();
  void handle.then(settled);
  act(() => handle());
  await waitFor(() => expect(settled).toHaveBeenCalled());
});

it('shows a notification', async () => {
  render(<Shell />);
  act(() => feedbackApi().notification.info({ message: '通知标题', description: '通知内容', duration: 0 }));
  expect(await screen.findByText('通知内容')).toBeInTheDocument();
});

it('runs a confirm modal: onOk on OK, and destroy() closes another', async () => {
  render(<Shell />);
  const onOk = jest.fn();
  act(() => {
    feedbackApi().modal.confirm({ title: '取消订单？', okText: '确定', cancelText: '再想想', onOk });
  });
  const dialog = await screen.findByRole('dialog', { name: '取消订单？' });
  // antd spaces out two-character Chinese button labels; the dialog is still animating in
  fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/, hidden: true }));
  await waitFor(() => expect(onOk).toHaveBeenCalledTimes(1));

  const second = inAct(() => feedbackApi().modal.confirm({ title: '确认收货？' }));
  expect(await screen.findByRole('dialog', { name: '确认收货？' })).toBeInTheDocument();
  act(() => second.destroy());
  await waitFor(() => expect(screen.queryByRole('dialog', { name: '确认收货？' })).not.toBeInTheDocument());
});
