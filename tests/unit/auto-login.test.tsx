/** @jest-environment ./tests/unit/walletEnvironment.js */
/** The auto-login wrapper and the account watcher, with a fake DApp-browser wallet. */
import { act, screen, waitFor } from '@testing-library/react';
import { nonce, signInWallet, signOut } from '@/services/auth';
import { profile } from '@/services/user';
import { isSignedIn, setSession } from '@/session';
import AuthWrapper from '@/wrappers/auth';
import AutoLoginWrapper from '@/wrappers/autoLogin';
import { currentPath, renderApp } from './umiHarness';
import { fakeProvider, nonceResponse, profileOf, serverAcceptsSignIn } from './walletFixture';

jest.mock('@/services/auth', () => ({ nonce: jest.fn(), signInWallet: jest.fn(), signOut: jest.fn() }));
jest.mock('@/services/user', () => ({ profile: jest.fn() }));
// jest has no native dynamic import: load the real sign-in module synchronously
jest.mock('@/wallet/loadSignIn', () => ({ loadSignIn: async () => jest.requireActual('@/wallet/signIn') }));

const mockedNonce = nonce as jest.Mock;
const mockedSignIn = signInWallet as jest.Mock;
const mockedSignOut = signOut as jest.Mock;
const mockedProfile = profile as jest.Mock;
const WAIT = { timeout: 5000 };

const serverAccepts = () => serverAcceptsSignIn(mockedNonce, mockedSignIn);

function visit(path: string) {
  return renderApp(path, { wrappers: [AutoLoginWrapper, AuthWrapper] });
}

/** A DApp browser: the wallet injects window.ethereum. */
function dappBrowser(options: { authorised?: boolean } = {}) {
  const provider = fakeProvider(options);
  window.ethereum = provider as never;
  return provider;
}

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 600)));

/** The page is on screen: the initial state has loaded and the wrappers are mounted. */
const pageShown = () => screen.findByTestId('page', undefined, WAIT);

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  for (const mock of [mockedNonce, mockedSignIn, mockedSignOut, mockedProfile]) mock.mockReset();
  mockedProfile.mockRejectedValue(new Error('signed out'));
  mockedSignOut.mockResolvedValue({});
  delete window.ethereum;
});

describe('auto-login wrapper', () => {
  it('signs in without a click in a wallet that already authorised the site, and returns to the redirect target', async () => {
    const provider = dappBrowser();
    serverAccepts();
    visit('/login?redirect=%2Fmy%2Fassets&invite=INV7');
    await waitFor(() => expect(currentPath()).toBe('/my/assets'), WAIT);
    expect(isSignedIn()).toBe(true);
    expect(screen.getByTestId('page')).toHaveTextContent('/my/assets');
    expect(mockedSignIn).toHaveBeenCalledTimes(1);
    expect(mockedSignIn.mock.calls[0][0].invite).toBe('INV7');
    expect(mockedSignIn.mock.calls[0][0].message).toContain(provider.wallet.address);
  });

  it('on a public page it signs in and stays there', async () => {
    dappBrowser();
    serverAccepts();
    visit('/shopping');
    await waitFor(() => expect(isSignedIn()).toBe(true), WAIT);
    expect(currentPath()).toBe('/shopping');
  });

  it('does nothing when the wallet has not authorised the site (eth_accounts empty)', async () => {
    const provider = dappBrowser({ authorised: false });
    serverAccepts();
    visit('/');
    await waitFor(() => expect(provider.request).toHaveBeenCalledWith({ method: 'eth_accounts' }), WAIT);
    await settle();
    expect(provider.request).not.toHaveBeenCalledWith({ method: 'eth_requestAccounts' });
    expect(mockedSignIn).not.toHaveBeenCalled();
  });

  it('does nothing without a wallet or with a session', async () => {
    serverAccepts();
    const first = visit('/');
    await pageShown();
    await settle();
    expect(mockedNonce).not.toHaveBeenCalled();
    first.unmount();

    const user = profileOf(fakeProvider().wallet.address);
    setSession('tok', user);
    mockedProfile.mockResolvedValue(user);
    const provider = dappBrowser();
    visit('/');
    await pageShown();
    await settle();
    expect(provider.request).not.toHaveBeenCalledWith({ method: 'eth_requestAccounts' });
    expect(mockedNonce).not.toHaveBeenCalled();
  });

  it('keeps the stored session when the start failed (server down): no silent sign-in over it', async () => {
    const provider = dappBrowser();
    serverAccepts();
    setSession('tok', profileOf(provider.wallet.address));
    mockedProfile.mockRejectedValue(Object.assign(new Error('Internal Server Error'), { response: { status: 500 } }));
    visit('/');
    await pageShown();
    await settle();
    expect(mockedProfile).toHaveBeenCalled();
    expect(mockedNonce).not.toHaveBeenCalled();
    expect(mockedSignIn).not.toHaveBeenCalled();
    expect(isSignedIn()).toBe(true);
  });

  it('tries once per visit: no retry after a failure, not even after a reload', async () => {
    dappBrowser();
    mockedNonce.mockResolvedValue(nonceResponse());
    mockedSignIn.mockRejectedValue(new Error('refused'));
    const first = visit('/');
    await waitFor(() => expect(mockedSignIn).toHaveBeenCalledTimes(1), WAIT);
    await settle();
    first.unmount();

    visit('/'); // a reload in the same tab keeps sessionStorage
    await pageShown();
    await settle();
    expect(mockedSignIn).toHaveBeenCalledTimes(1);
    expect(isSignedIn()).toBe(false);
  });

  it('does not sign back in after a logout', async () => {
    const provider = dappBrowser();
    serverAccepts();
    visit('/my');
    await waitFor(() => expect(isSignedIn()).toBe(true), WAIT);
    await waitFor(() => expect(currentPath()).toBe('/my'), WAIT);

    // the wallet disconnects: the old user is signed out and lands on /login
    act(() => provider.emit('accountsChanged', []));
    await waitFor(() => expect(isSignedIn()).toBe(false), WAIT);
    await waitFor(() => expect(currentPath()).toBe('/login'), WAIT);
    expect(mockedSignOut).toHaveBeenCalled();
    await settle();
    expect(mockedSignIn).toHaveBeenCalledTimes(1);
  });

  it('switching to another account in the wallet signs the old user out', async () => {
    const provider = dappBrowser();
    serverAccepts();
    visit('/my/setting');
    await waitFor(() => expect(currentPath()).toBe('/my/setting'), WAIT);
    await waitFor(() => expect(isSignedIn()).toBe(true), WAIT);

    act(() => provider.emit('accountsChanged', [provider.wallet.address.toLowerCase()]));
    await settle();
    expect(isSignedIn()).toBe(true); // same account, other spelling: nothing happens

    act(() => provider.emit('accountsChanged', ['0x000000000000000000000000000000000000dead']));
    await waitFor(() => expect(isSignedIn()).toBe(false), WAIT);
    await waitFor(() => expect(currentPath()).toBe('/login'), WAIT);
  });
});
