/**
 * The login screen's answer to wallet discovery (no wallet found: the page with the link to open in
 * a wallet) is rendered in slices, letting the browser run between them: on a phone it measured
 * 133–175 ms in one task, landing just after hydration while the page is meant to answer taps.
 * slowPage.harness.tsx says how a slice is seen.
 */
import { waitFor } from '@testing-library/react';
import { createRoot } from 'react-dom/client';
import { useWallets } from '@/wallet/useWallets';
import { PARTS, SlowPage, slowPageEvents } from './slowPage.harness';

function LoginBody() {
  const { wallets, discovering } = useWallets();
  return discovering || wallets.length > 0 ? <p>正在查找钱包</p> : <SlowPage />;
}

test('the no-wallet answer renders in slices: the timer set by its first part runs before its last part renders', async () => {
  // updates outside act(), as in the browser
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
  const container = document.createElement('div');
  const errors = jest.spyOn(console, 'error');
  const order = await slowPageEvents(() => createRoot(container).render(<LoginBody />));
  expect(order.indexOf('timer')).toBeGreaterThan(0);
  expect(order.indexOf('timer')).toBeLessThan(PARTS);
  // committed in a task of its own after the last slice
  await waitFor(() => expect(container.querySelectorAll('li')).toHaveLength(PARTS));
  expect(errors).not.toHaveBeenCalled();
  errors.mockRestore();
});
