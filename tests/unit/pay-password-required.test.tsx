/**
 * Every pay-password confirmation shows the "set a pay password first" block, not the password
 * field, to a signed-in user without one — with a link to /my/setting/pay-pass that returns here:
 * PaySheet (products, exchange), the mall pay dialog and the mall checkout.
 */
import { render, screen, waitFor } from '@testing-library/react';
import FeedbackProvider from '@/components/Feedback';
import MallCheckoutSheet from '@/pages/Shopping/components/MallCheckoutSheet';
import PayModal from '@/pages/Shopping/components/MallOrderActions/PayModal';
import PaySheet from '@/components/products/PaySheet';

/** the signed-in user's pay password state (read by the mocked initial state) */
const mockUser = { uid: '1', hasPayPassword: false };

jest.mock('@umijs/max', () => ({
  useIntl: () => ({ formatMessage: ({ id }: { id: string }) => id }),
  useModel: () => ({ initialState: { currentUser: mockUser } }),
  useLocation: () => ({ pathname: '/shopping/goods/3', search: '?sku=5&checkout=1' }),
  Link: ({ to, children }: { to: string; children?: unknown }) => <a href={to}>{children as never}</a>,
}));
jest.mock('@/services', () => ({
  mallApi: { orderPay: jest.fn(), orderCreate: jest.fn() },
  addressApi: { list: jest.fn(async () => ({ list: [], total: 0 })) },
}));

jest.setTimeout(60_000);

const SET_FIRST_LINK = '/my/setting/pay-pass?redirect=%2Fshopping%2Fgoods%2F3%3Fsku%3D5%26checkout%3D1';

const order = { id: '7', total: '12.5', status: 'unpaid', actions: ['pay', 'cancel'] } as never;
const goods = { id: '3', title: 'G', cover: '', price: '1', skus: [] } as never;
const sku = { id: '5', name: 'S', price: '12.5', stock: 3 } as never;

const screens = [
  [
    'PaySheet',
    () => (
      <PaySheet<{ amount: string }> open title="T" initialValues={{ amount: '10' }} onClose={jest.fn()} onPay={jest.fn()}>
        {() => <p>the caller's fields</p>}
      </PaySheet>
    ),
  ],
  ['the mall pay dialog', () => <PayModal order={order} open onClose={jest.fn()} onPaid={jest.fn()} />],
  [
    'the mall checkout',
    () => <MallCheckoutSheet open goods={goods} sku={sku} quantity={1} returnTo="/shopping/goods/3" onClose={jest.fn()} onPaid={jest.fn()} />,
  ],
] as const;

describe.each(screens)('%s', (_, screenOf) => {
  const show = () => render(<FeedbackProvider>{screenOf()}</FeedbackProvider>);

  it('shows a user without a pay password the "set it first" block instead of the field', async () => {
    mockUser.hasPayPassword = false;
    show();
    expect(await screen.findByText('payPass.requiredTitle')).toBeInTheDocument();
    expect(screen.getByText('payPass.notSetDescription')).toBeInTheDocument();
    expect(screen.getByText('payPass.goSet').closest('a')).toHaveAttribute('href', SET_FIRST_LINK);
    expect(screen.queryByLabelText('payPass.field')).toBeNull();
  });

  it('shows a user with a pay password the field, not the block', async () => {
    mockUser.hasPayPassword = true;
    show();
    expect(await screen.findByLabelText('payPass.field')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('payPass.requiredTitle')).toBeNull());
  });
});
