/** @jest-environment ./tests/unit/walletEnvironment.js */
/**
 * The wallets' time to answer runs from the app's start, beside its start-up, not from the moment
 * the login screen mounts. Its own file: the start is the page's, once per module registry.
 */
import { act, renderHook } from '@testing-library/react';
import { DISCOVERY_WAIT_MS, discoveryWaitLeftMs, startWalletDiscovery } from '@/wallet/discovery';
import { useWallets } from '@/wallet/useWallets';

afterEach(() => jest.useRealTimers());

it('counts the wait from the app’s start; a screen mounted after it answers at once, after one render of the search', () => {
  jest.useFakeTimers();
  startWalletDiscovery(); // src/app.tsx, as the app starts
  act(() => jest.advanceTimersByTime(120));
  expect(discoveryWaitLeftMs()).toBe(DISCOVERY_WAIT_MS - 120);

  const early = renderHook(() => useWallets());
  expect(early.result.current).toEqual({ wallets: [], discovering: true });
  act(() => jest.advanceTimersByTime(DISCOVERY_WAIT_MS - 121));
  expect(early.result.current.discovering).toBe(true);
  act(() => jest.advanceTimersByTime(1));
  expect(early.result.current).toEqual({ wallets: [], discovering: false });
  early.unmount();

  // the wait is over: the next screen's first render still shows the search (a hydrated page must
  // render as the server did), and its answer follows without waiting again
  expect(discoveryWaitLeftMs()).toBe(0);
  const late = renderHook(() => useWallets());
  expect(late.result.current.discovering).toBe(true);
  act(() => jest.advanceTimersByTime(0));
  expect(late.result.current).toEqual({ wallets: [], discovering: false });
});
