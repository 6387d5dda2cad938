/** @jest-environment ./tests/unit/walletEnvironment.js */
/** The /login page signing in through the real wallet code against a fake EIP-1193 wallet. */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { history } from '@umijs/max';
import { useState } from 'react';
import LoginPage from '@/pages/Login';
import WalletSearch from '@/pages/Login/WalletSearch';
import enUS from '@/locales/en-US/login';
import zhCN from '@/locales/zh-CN/login';
import zhTW from '@/locales/zh-TW/login';
import { BizError } from '@/requestErrorConfig';
import { nonce, signInWallet, signOut } from '@/services/auth';
import { profile } from '@/services/user';
import { isSignedIn, setSession } from '@/session';
import AuthWrapper from '@/wrappers/auth';
import { currentPath, renderApp } from './umiHarness';
import { announceWallet, fakeProvider, nonceResponse, profileOf, serverAcceptsSignIn } from './walletFixture';

jest.mock('@/services/auth', () => ({ nonce: jest.fn(), signInWallet: jest.fn(), signOut: jest.fn() }));
jest.mock('@/services/user', () => ({ profile: jest.fn() }));
// jest has no native dynamic import: load the real sign-in module synchronously
jest.mock('@/wallet/loadSignIn', () => ({ loadSignIn: async () => jest.requireActual('@/wallet/signIn') }));

const mockedNonce = nonce as jest.Mock;
const mockedSignIn = signInWallet as jest.Mock;
const mockedSignOut = signOut as jest.Mock;
const mockedProfile = profile as jest.Mock;
const WAIT = { timeout: 5000 };

let stopAnnouncing: Array<() => void> = [];

function withWallet(provider = fakeProvider(), name = 'MetaMask') {
  stopAnnouncing.push(announceWallet(provider, { uuid: `uuid-${name}`, name, rdns: 'io.metamask' }));
  return provider;
}

const serverAccepts = () => serverAcceptsSignIn(mockedNonce, mockedSignIn);

function openLogin(path: string) {
  return renderApp(path, { wrappers: [AuthWrapper], pages: { '/login': <LoginPage /> } });
}

async function connectButton(name = 'MetaMask') {
  return screen.findByRole('button', { name: new RegExp(name) }, WAIT);
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  for (const mock of [mockedNonce, mockedSignIn, mockedSignOut, mockedProfile]) mock.mockReset();
  mockedProfile.mockRejectedValue(new Error('signed out'));
  mockedSignOut.mockResolvedValue({});
  delete window.ethereum;
});

afterEach(() => {
  stopAnnouncing.forEach((stop) => stop());
  stopAnnouncing = [];
});

describe('login page', () => {
  it('lists the discovered wallets with their names and icons', async () => {
    withWallet(fakeProvider(), 'MetaMask');
    withWallet(fakeProvider(), 'OKX Wallet');
    openLogin('/login');
    expect(await connectButton('MetaMask')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /OKX Wallet/ })).toBeInTheDocument();
    expect(document.querySelectorAll('img[src^="data:image/"]')).toHaveLength(2);
  });

  it('connect → sign → back to the redirect target, signed in, invite code sent', async () => {
    const provider = withWallet();
    serverAccepts();
    openLogin(`/login?redirect=${encodeURIComponent('/my/records?page=2#top')}&invite=INV9`);
    expect(await screen.findByText('邀请码 INV9')).toBeInTheDocument();

    fireEvent.click(await connectButton());

    await waitFor(() => expect(currentPath()).toBe('/my/records?page=2#top'), WAIT);
    expect(screen.getByTestId('page')).toHaveTextContent('/my/records');
    expect(isSignedIn()).toBe(true);
    expect(mockedSignIn).toHaveBeenCalledTimes(1);
    expect(mockedSignIn.mock.calls[0][0].invite).toBe('INV9');
    expect(mockedSignIn.mock.calls[0][0].message).toContain(provider.wallet.address);
  });

  it('goes to / without a redirect target and never to a foreign site', async () => {
    withWallet();
    serverAccepts();
    openLogin(`/login?redirect=${encodeURIComponent('https://evil.example/')}`);
    fireEvent.click(await connectButton());
    await waitFor(() => expect(currentPath()).toBe('/'), WAIT);
  });

  it('cannot be double-submitted: the button loads and other wallets are disabled', async () => {
    withWallet(fakeProvider(), 'MetaMask');
    withWallet(fakeProvider(), 'Rabby');
    let release: (value: unknown) => void = () => undefined;
    mockedNonce.mockReturnValue(new Promise((resolve) => (release = resolve)));
    openLogin('/login');
    const button = await connectButton('MetaMask');
    fireEvent.click(button);
    fireEvent.click(button);
    fireEvent.click(screen.getByRole('button', { name: /Rabby/ }));
    await waitFor(() => expect(button).toHaveClass('ant-btn-loading'), WAIT);
    expect(screen.getByRole('button', { name: /Rabby/ })).toBeDisabled();
    expect(await screen.findByText('请在钱包中确认…')).toBeInTheDocument();
    await waitFor(() => expect(mockedNonce).toHaveBeenCalledTimes(1), WAIT);
    serverAccepts();
    await act(async () => release(nonceResponse()));
    await waitFor(() => expect(currentPath()).toBe('/'), WAIT);
    expect(mockedSignIn).toHaveBeenCalledTimes(1);
  });

  it('explains a rejected request (4001) and lets the user try again', async () => {
    const provider = withWallet();
    provider.rejectNext('eth_requestAccounts');
    openLogin('/login');
    fireEvent.click(await connectButton());
    expect(await screen.findByText(zhCN['login.error.userRejected'], undefined, WAIT)).toBeInTheDocument();
    expect(isSignedIn()).toBe(false);
    expect(currentPath()).toBe('/login');

    serverAccepts();
    fireEvent.click(await connectButton());
    await waitFor(() => expect(currentPath()).toBe('/'), WAIT);
  });

  it('explains a wrong network and switches the wallet, then signs in', async () => {
    const provider = withWallet(fakeProvider({ chainId: 137 }));
    serverAccepts();
    openLogin('/login');
    fireEvent.click(await connectButton());
    expect(await screen.findByText('钱包当前网络（Polygon）不受支持，请切换到 Ethereum / BNB Smart Chain。', undefined, WAIT)).toBeInTheDocument();
    expect(mockedSignIn).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: '切换到 Ethereum' }));
    await waitFor(() => expect(currentPath()).toBe('/'), WAIT);
    expect(provider.chainId).toBe(1);
    expect(mockedSignIn).toHaveBeenCalledTimes(1);
  });

  it('shows the server’s reason when it refuses the signature, in the interface’s language', async () => {
    withWallet();
    mockedNonce.mockResolvedValue(nonceResponse());
    mockedSignIn.mockRejectedValue(
      new BizError({ success: false, data: null, errCode: 'SIWE_EXPIRED', errMessage: '簽名訊息已過期，請重新簽名', errKey: 'SIWE_EXPIRED', errParams: {}, httpStatusCode: 401, code: 401, message: '', showType: 2 }),
    );
    openLogin('/login');
    fireEvent.click(await connectButton());
    expect(await screen.findByText('登录被拒绝：签名消息已过期，请重新签名', undefined, WAIT)).toBeInTheDocument();
    expect(screen.queryByText(/簽名訊息/)).toBeNull();
    expect(isSignedIn()).toBe(false);
  });

  it('shows the server’s own text when its refusal names no message key', async () => {
    withWallet();
    mockedNonce.mockResolvedValue(nonceResponse());
    mockedSignIn.mockRejectedValue(
      new BizError({ success: false, data: null, errCode: 'SIWE_EXPIRED', errMessage: '登入訊息已過期，請重新簽名', httpStatusCode: 401, code: 401, message: '', showType: 2 }),
    );
    openLogin('/login');
    fireEvent.click(await connectButton());
    expect(await screen.findByText('登录被拒绝：登入訊息已過期，請重新簽名', undefined, WAIT)).toBeInTheDocument();
  });

  it('without a wallet explains the DApp browser and copies the link', async () => {
    openLogin('/login?invite=INV9');
    await waitFor(() => expect(screen.getByText(zhCN['login.noWallet.title'])).toBeVisible(), WAIT);
    expect(screen.getByText(zhCN['login.noWallet.description'])).toBeVisible();
    expect(screen.getByText(window.location.href)).toBeVisible();
    let copied: string | undefined;
    document.execCommand = jest.fn((command: string) => {
      if (command === 'copy') copied = document.body.lastElementChild?.textContent ?? undefined;
      return true;
    });
    fireEvent.click(screen.getByText(zhCN['login.noWallet.copyLink']));
    expect(copied).toBe(window.location.href);
  });

  it('renders the search and the hidden hint at once; the answer swaps the same two nodes (what the prerendered page shows first)', async () => {
    // the answer given by the test: the page's own comes after DISCOVERY_WAIT_MS, a race with a slow test run
    let answer: (discovering: boolean) => void = () => undefined;
    function AnsweredByTheTest() {
      const [discovering, setDiscovering] = useState(true);
      answer = setDiscovering;
      return <WalletSearch discovering={discovering} />;
    }
    renderApp('/login', { pages: { '/login': <AnsweredByTheTest /> } });
    const search = await screen.findByText(zhCN['login.discovering'], undefined, WAIT);
    const hint = screen.getByText(zhCN['login.noWallet.title']);
    expect(search).toBeVisible();
    expect(hint).not.toBeVisible();
    act(() => answer(false));
    expect(hint).toBeVisible();
    expect(screen.getByText(zhCN['login.noWallet.title'])).toBe(hint);
    // the search gone, no busy spinner left behind the hint
    expect(screen.queryByText(zhCN['login.discovering'])).toBeNull();
    expect(document.querySelector('.ant-spin-spinning, [aria-busy="true"]')).toBeNull();
  });

  it('with a wallet: its list in place of the search, no hint', async () => {
    withWallet();
    openLogin('/login');
    await connectButton();
    expect(screen.queryByText(zhCN['login.noWallet.title'])).toBeNull();
    expect(screen.queryByText(zhCN['login.discovering'])).toBeNull();
  });

  it('uses the injected provider when no wallet announces itself', async () => {
    window.ethereum = Object.assign(fakeProvider(), { isImToken: true }) as never;
    serverAccepts();
    openLogin('/login');
    fireEvent.click(await connectButton('imToken'));
    await waitFor(() => expect(currentPath()).toBe('/'), WAIT);
  });

  it('signed in: offers to continue or to log out', async () => {
    const user = profileOf('0x52908400098527886E0F7030069857D2E4169EE7');
    setSession('tok-old', user);
    mockedProfile.mockResolvedValue(user);
    openLogin('/login?redirect=%2Fmy');
    expect(await screen.findByText('当前地址 0x5290…9EE7', undefined, WAIT)).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: zhCN['login.signedIn.logout'] }));
    await waitFor(() => expect(mockedSignOut).toHaveBeenCalledWith({ skipErrorHandler: true }), WAIT);
    await waitFor(() => expect(isSignedIn()).toBe(false), WAIT);
    expect(localStorage.getItem('token')).toBeNull();
    expect(await screen.findByText(zhCN['login.heading'], undefined, WAIT)).toBeInTheDocument();
    expect(currentPath()).toBe('/login');
  });

  it('logout goes through even when the server call fails', async () => {
    const user = profileOf('0x52908400098527886E0F7030069857D2E4169EE7');
    setSession('tok-old', user);
    mockedProfile.mockResolvedValue(user);
    mockedSignOut.mockRejectedValue(new Error('offline'));
    openLogin('/my');
    await waitFor(() => expect(screen.getByTestId('page')).toHaveTextContent('/my'), WAIT);
    act(() => history.push('/login'));
    fireEvent.click(await screen.findByRole('button', { name: zhCN['login.signedIn.logout'] }, WAIT));
    await waitFor(() => expect(isSignedIn()).toBe(false), WAIT);
  });
});

describe('login messages', () => {
  it('exist in zh-CN, zh-TW and en-US with the same keys', () => {
    const keys = Object.keys(zhCN).sort();
    expect(Object.keys(zhTW).sort()).toEqual(keys);
    expect(Object.keys(enUS).sort()).toEqual(keys);
    for (const messages of [zhCN, zhTW, enUS]) {
      for (const text of Object.values(messages)) expect(text.trim()).not.toBe('');
    }
  });
});
