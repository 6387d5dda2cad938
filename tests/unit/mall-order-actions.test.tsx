/**
 * The order buttons show exactly the order's `actions`; paying sends the pay password with an
 * Idempotency-Key, which a retry with the same password reuses (one payment at most) and another
 * password renews.
 */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import React from 'react';
import FeedbackProvider from '@/components/Feedback';
import MallOrderActions from '@/pages/Shopping/components/MallOrderActions';
import { mallApi } from '@/services';
import { enterPayPassword } from './payKeypad.harness';

jest.mock('@umijs/max', () => ({
  useIntl: () => ({ formatMessage: ({ id }: { id: string }) => id }),
  useNavigate: () => jest.fn(),
  useLocation: () => ({ pathname: '/shopping/orders', search: '' }),
  Link: ({ to, children }: { to: string; children?: unknown }) => <a href={to}>{children as never}</a>,
  useModel: () => ({ initialState: { currentUser: { uid: '1', hasPayPassword: true } } }),
}));
jest.mock('@/services', () => ({ mallApi: { orderPay: jest.fn(), orderCancel: jest.fn(), orderConfirm: jest.fn() } }));
const orderPay = mallApi.orderPay as unknown as jest.Mock;

const order = (status: string, actions: string[]) =>
  ({
    id: '7', orderNo: 'PF1', status, goodsId: '1', skuId: '1', title: 'T', skuName: 'S', cover: '', price: '1', quantity: 1, total: '1',
    address: { id: '1', receiver: 'R', phone: '1', region: { province: 'P', city: 'C', district: '' }, detail: 'D', isDefault: true },
    actions, createdAt: '', payDeadline: null, paidAt: null, shippedAt: null, completedAt: null, cancelledAt: null,
  }) as never;

function renderActions(status: string, actions: string[], onChange = jest.fn()) {
  render(
    <FeedbackProvider>
      <MallOrderActions order={order(status, actions)} onChange={onChange} />
    </FeedbackProvider>,
  );
  return onChange;
}

const buttonTexts = () => screen.queryAllByRole('button').map((button) => button.textContent);

it.each([
  ['unpaid', ['pay', 'cancel']],
  ['paid', ['cancel']],
  ['shipped', ['confirm', 'logistics']],
  ['completed', ['logistics']],
])('a %s order shows exactly its actions', (status, actions) => {
  renderActions(status, actions);
  expect(buttonTexts()).toEqual(actions.map((action) => `mall.action.${action}`));
});

it('a cancelled order shows no buttons', () => {
  renderActions('cancelled', []);
  expect(buttonTexts()).toEqual([]);
});

it('pays with the pay password and an Idempotency-Key: the same one for a retry with the same password, a new one for another password', async () => {
  orderPay
    .mockRejectedValueOnce(new Error('no answer'))
    .mockRejectedValueOnce(new Error('wrong pay password'))
    .mockResolvedValueOnce(order('paid', ['cancel']));
  const onChange = renderActions('unpaid', ['pay', 'cancel']);
  fireEvent.click(screen.getByText('mall.action.pay'));
  const input = await screen.findByLabelText('payPass.field');
  const submit = () => act(async () => { fireEvent.click(screen.getByText('mall.payNow')); });

  enterPayPassword(input, '111111');
  await submit();
  await waitFor(() => expect(orderPay).toHaveBeenCalledTimes(1));
  await submit();
  await waitFor(() => expect(orderPay).toHaveBeenCalledTimes(2));
  enterPayPassword(input, '123456');
  await submit();
  await waitFor(() => expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ status: 'paid' })));

  expect(orderPay.mock.calls.map((call) => call[0])).toEqual([
    { id: '7', payPassword: '111111' },
    { id: '7', payPassword: '111111' },
    { id: '7', payPassword: '123456' },
  ]);
  const [first, retry, other] = orderPay.mock.calls.map((call) => call[1].headers['Idempotency-Key']);
  expect(first).toMatch(/^mall-pay-7-[0-9a-f]{32}$/);
  expect(retry).toBe(first);
  expect(other).toMatch(/^mall-pay-7-[0-9a-f]{32}$/);
  expect(other).not.toBe(first);
});
