/** @jest-environment ./tests/unit/walletEnvironment.js */
import { SiweMessage } from 'siwe';
import { BizError } from '@/requestErrorConfig';
import { nonce, signInWallet } from '@/services/auth';
import { getStoredUser, isSignedIn } from '@/session';
import { discoverWallets, injectedWallet, subscribeToWallets } from '@/wallet/discovery';
import { toWalletError, WalletError } from '@/wallet/errors';
import { chainName, switchChain } from '@/wallet/network';
import { buildSiweMessage } from '@/wallet/siweMessage';
import { signInWithWallet } from '@/wallet/signIn';
import { announceWallet, fakeProvider, nonceResponse, profileOf } from './walletFixture';

jest.mock('@/services/auth', () => ({ nonce: jest.fn(), signInWallet: jest.fn(), signOut: jest.fn() }));

const mockedNonce = nonce as jest.Mock;
const mockedSignIn = signInWallet as jest.Mock;

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  mockedNonce.mockReset();
  mockedSignIn.mockReset();
  delete window.ethereum;
});

describe('buildSiweMessage (EIP-4361)', () => {
  const fields = {
    domain: 'app.powerfi.example:8443',
    address: '0x52908400098527886E0F7030069857D2E4169EE7',
    statement: 'Sign in to PowerFi',
    uri: 'https://app.powerfi.example:8443',
    chainId: 56,
    nonce: 'abcDEF123456',
    issuedAt: '2024-05-01T10:00:00.000Z',
    expirationTime: '2024-05-01T10:05:00.000Z',
  };

  it('is parsed by the reference implementation into the same fields', () => {
    const parsed = new SiweMessage(buildSiweMessage(fields));
    expect(parsed).toMatchObject({ ...fields, version: '1' });
  });

  it('matches the reference formatting byte for byte, with and without a statement', () => {
    const text = buildSiweMessage(fields);
    expect(new SiweMessage(text).prepareMessage()).toBe(text);
    const { statement: _omit, ...noStatement } = fields;
    const bare = buildSiweMessage(noStatement);
    expect(new SiweMessage(bare).prepareMessage()).toBe(bare);
    expect(new SiweMessage(bare).statement).toBeUndefined();
  });
});

describe('signInWithWallet', () => {
  it('signs a SIWE message the server can verify and stores the session', async () => {
    const provider = fakeProvider({ chainId: 56 });
    const issued = nonceResponse();
    mockedNonce.mockResolvedValue(issued);
    mockedSignIn.mockImplementation(async ({ message, signature }: { message: string; signature: string }) => {
      const siwe = new SiweMessage(message);
      const { success } = await siwe.verify({ signature, domain: 'localhost:8000', nonce: issued.nonce });
      if (!success) throw new Error('bad signature');
      return { token: 'tok-1', expiresAt: '2024-01-01 00:00:00', user: profileOf(siwe.address) };
    });

    const result = await signInWithWallet(provider, { invite: 'INV42' });

    const [body, options] = mockedSignIn.mock.calls[0];
    const siwe = new SiweMessage(body.message);
    expect(siwe.address).toBe(provider.wallet.address); // checksummed, though the wallet said lower case
    expect(siwe.domain).toBe(window.location.host);
    expect(siwe.uri).toBe(window.location.origin);
    expect(siwe.chainId).toBe(56);
    expect(siwe.nonce).toBe(issued.nonce);
    expect(siwe.statement).toBe(issued.statement);
    expect(siwe.expirationTime).toBe(issued.expiresAt);
    expect(Math.abs(Date.parse(siwe.issuedAt!) - Date.now())).toBeLessThan(5000);
    expect(body.invite).toBe('INV42');
    expect(body.signature).toMatch(/^0x[0-9a-f]{130}$/i);
    expect(options).toEqual({ skipErrorHandler: true });
    expect(mockedNonce).toHaveBeenCalledWith({ skipErrorHandler: true });

    expect(result.token).toBe('tok-1');
    expect(isSignedIn()).toBe(true);
    expect(localStorage.getItem('token')).toBe('tok-1');
    expect(getStoredUser<{ address: string }>()?.address).toBe(provider.wallet.address);
  });

  it('sends no invite field without an invite code', async () => {
    const provider = fakeProvider();
    mockedNonce.mockResolvedValue(nonceResponse());
    mockedSignIn.mockResolvedValue({ token: 't', expiresAt: '', user: profileOf(provider.wallet.address) });
    await signInWithWallet(provider);
    expect(mockedSignIn.mock.calls[0][0]).not.toHaveProperty('invite');
  });

  it('a rejected account request is USER_REJECTED (4001)', async () => {
    const provider = fakeProvider();
    provider.rejectNext('eth_requestAccounts');
    await expect(signInWithWallet(provider)).rejects.toMatchObject({ name: 'WalletError', code: 'USER_REJECTED' });
    expect(mockedSignIn).not.toHaveBeenCalled();
    expect(isSignedIn()).toBe(false);
  });

  it('a rejected signature is USER_REJECTED too (ethers wraps it as ACTION_REJECTED)', async () => {
    const provider = fakeProvider();
    mockedNonce.mockResolvedValue(nonceResponse());
    provider.rejectNext('personal_sign');
    await expect(signInWithWallet(provider)).rejects.toMatchObject({ code: 'USER_REJECTED' });
    expect(mockedSignIn).not.toHaveBeenCalled();
  });

  it('a chain the server does not accept is WRONG_NETWORK, before anything is signed', async () => {
    const provider = fakeProvider({ chainId: 137 });
    mockedNonce.mockResolvedValue(nonceResponse({ chainIds: [1, 56] }));
    const error = await signInWithWallet(provider).catch((e) => e);
    expect(error).toBeInstanceOf(WalletError);
    expect(error.code).toBe('WRONG_NETWORK');
    expect(error.details).toEqual({ chainId: 137, chainIds: [1, 56] });
    expect(provider.request).not.toHaveBeenCalledWith(expect.objectContaining({ method: 'personal_sign' }));
  });

  it('a refused signature is SERVER_REFUSED with the server’s errMessage', async () => {
    const provider = fakeProvider();
    mockedNonce.mockResolvedValue(nonceResponse());
    mockedSignIn.mockRejectedValue(
      new BizError({ success: false, data: null, errCode: 'SIWE_NONCE_USED', errMessage: '此登入請求已使用過，請重試', httpStatusCode: 401, code: 401, message: '', showType: 2 }),
    );
    await expect(signInWithWallet(provider)).rejects.toMatchObject({
      code: 'SERVER_REFUSED',
      details: { serverMessage: '此登入請求已使用過，請重試' },
    });
    expect(isSignedIn()).toBe(false);
  });

  it('a wallet without accounts is NO_ACCOUNT', async () => {
    const provider = fakeProvider();
    provider.request.mockImplementationOnce(async () => []);
    await expect(signInWithWallet(provider)).rejects.toMatchObject({ code: 'NO_ACCOUNT' });
  });
});

describe('toWalletError', () => {
  it('maps provider codes', () => {
    expect(toWalletError({ code: 4001 }).code).toBe('USER_REJECTED');
    expect(toWalletError({ code: 'ACTION_REJECTED' }).code).toBe('USER_REJECTED');
    expect(toWalletError({ info: { error: { code: 4001 } } }).code).toBe('USER_REJECTED');
    expect(toWalletError({ code: -32002 }).code).toBe('REQUEST_PENDING');
    expect(toWalletError(new Error('boom')).code).toBe('FAILED');
  });
});

describe('wallet discovery (EIP-6963)', () => {
  it('collects announced wallets with name, icon and rdns, once per uuid', async () => {
    const a = fakeProvider();
    const b = fakeProvider();
    const stopA = announceWallet(a, { uuid: 'u-a', name: 'MetaMask', rdns: 'io.metamask' });
    const stopB = announceWallet(b, { uuid: 'u-b', name: 'OKX Wallet', rdns: 'com.okex.wallet' });
    const wallets = await discoverWallets(20);
    expect(wallets.map((w) => [w.info.name, w.info.rdns])).toEqual([
      ['MetaMask', 'io.metamask'],
      ['OKX Wallet', 'com.okex.wallet'],
    ]);
    expect(wallets[0].info.icon).toMatch(/^data:image\//);
    expect(wallets[0].provider).toBe(a);
    stopA();
    stopB();
  });

  it('hears wallets that announce late', () => {
    const seen: string[][] = [];
    const unsubscribe = subscribeToWallets((list) => seen.push(list.map((w) => w.info.name)));
    const stop = announceWallet(fakeProvider(), { uuid: 'late', name: 'Late Wallet', rdns: 'x.late' });
    expect(seen.at(-1)).toEqual(['Late Wallet']);
    unsubscribe();
    stop();
  });

  it('ignores malformed announcements', async () => {
    window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: { info: { name: 'no uuid' }, provider: {} } }));
    const stop = announceWallet({ notAProvider: true }, { uuid: 'bad', name: 'Bad', rdns: 'x.bad' });
    expect(await discoverWallets(10)).toEqual([]);
    stop();
  });

  it('falls back to window.ethereum, named after its flags', async () => {
    const provider = fakeProvider();
    window.ethereum = Object.assign(provider, { isTokenPocket: true }) as never;
    const wallets = await discoverWallets(10);
    expect(wallets).toHaveLength(1);
    expect(wallets[0].info).toMatchObject({ name: 'TokenPocket', rdns: 'injected' });
    expect(wallets[0].provider).toBe(provider);
    expect(injectedWallet()?.info.name).toBe('TokenPocket');
  });

  it('prefers announced wallets over the injected one', async () => {
    window.ethereum = fakeProvider() as never;
    const stop = announceWallet(fakeProvider(), { uuid: 'u', name: 'Rabby', rdns: 'io.rabby' });
    expect((await discoverWallets(10)).map((w) => w.info.name)).toEqual(['Rabby']);
    stop();
  });

  it('finds nothing on a page without a wallet', async () => {
    expect(await discoverWallets(10)).toEqual([]);
  });
});

describe('network', () => {
  it('asks the wallet to switch with a hex chain id', async () => {
    const provider = fakeProvider({ chainId: 137 });
    await switchChain(provider, 56);
    expect(provider.request).toHaveBeenCalledWith({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x38' }] });
    expect(provider.chainId).toBe(56);
  });

  it('names known chains', () => {
    expect(chainName(56)).toBe('BNB Smart Chain');
    expect(chainName(999999)).toBe('Chain 999999');
  });
});
