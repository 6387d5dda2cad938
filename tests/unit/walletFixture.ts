/**
 * Test fixture: an EIP-1193 provider backed by an ethers Wallet held by the test, the way a
 * browser wallet answers the calls the sign-in makes.
 */
import { getBytes, Wallet, type HDNodeWallet } from 'ethers';

export interface FakeProvider {
  wallet: Wallet | HDNodeWallet;
  chainId: number;
  accounts: string[];
  request: jest.Mock;
  on: jest.Mock;
  removeListener: jest.Mock;
  /** what the wallet emits, e.g. `emit('accountsChanged', [])` */
  emit: (event: string, ...args: unknown[]) => void;
  /** the next calls of this method fail like a user pressing "reject" */
  rejectNext: (method: string) => void;
}

export function fakeProvider(options: { chainId?: number; wallet?: Wallet; authorised?: boolean } = {}): FakeProvider {
  const wallet = options.wallet ?? Wallet.createRandom();
  const listeners = new Map<string, Set<(...args: unknown[]) => void>>();
  const rejected = new Set<string>();
  const fake: FakeProvider = {
    wallet,
    chainId: options.chainId ?? 1,
    // wallets answer with lower-case addresses: the app must checksum them
    accounts: options.authorised === false ? [] : [wallet.address.toLowerCase()],
    request: jest.fn(async ({ method, params }: { method: string; params?: any[] }) => {
      if (rejected.has(method)) {
        rejected.delete(method);
        throw Object.assign(new Error('User rejected the request.'), { code: 4001 });
      }
      switch (method) {
        case 'eth_requestAccounts':
          fake.accounts = [wallet.address.toLowerCase()];
          return fake.accounts;
        case 'eth_accounts':
          return fake.accounts;
        case 'eth_chainId':
          return `0x${fake.chainId.toString(16)}`;
        case 'personal_sign':
          return wallet.signMessage(getBytes(params![0]));
        case 'wallet_switchEthereumChain':
          fake.chainId = parseInt(params![0].chainId, 16);
          return null;
        default:
          throw Object.assign(new Error(`unsupported method ${method}`), { code: 4200 });
      }
    }),
    on: jest.fn((event: string, listener: (...args: unknown[]) => void) => {
      if (!listeners.has(event)) listeners.set(event, new Set());
      listeners.get(event)!.add(listener);
    }),
    removeListener: jest.fn((event: string, listener: (...args: unknown[]) => void) => {
      listeners.get(event)?.delete(listener);
    }),
    emit: (event, ...args) => listeners.get(event)?.forEach((listener) => listener(...args)),
    rejectNext: (method) => rejected.add(method),
  };
  return fake;
}

/** Announces a provider the EIP-6963 way, now and whenever the page asks again. */
export function announceWallet(provider: unknown, info: { uuid: string; name: string; icon?: string; rdns: string }): () => void {
  const detail = Object.freeze({ info: { icon: 'data:image/svg+xml;base64,PHN2Zy8+', ...info }, provider });
  const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }));
  window.addEventListener('eip6963:requestProvider', announce);
  announce();
  return () => window.removeEventListener('eip6963:requestProvider', announce);
}

export const nonceResponse = (overrides: Partial<{ nonce: string; expiresAt: string; chainIds: number[]; statement: string }> = {}) => ({
  nonce: 'n0nce1234567',
  expiresAt: new Date(Date.now() + 5 * 60_000).toISOString(),
  chainIds: [1, 56],
  statement: 'Sign in to PowerFi',
  ...overrides,
});

export const profileOf = (address: string) => ({
  uid: '100001',
  address,
  inviteCode: 'INV001',
  hasPayPassword: false,
  inviterUid: null,
  createdAt: '2024-01-01 00:00:00',
});

/** The mocked auth services accept every signature, answering with the signer's profile. */
export function serverAcceptsSignIn(nonceMock: jest.Mock, signInMock: jest.Mock): void {
  nonceMock.mockResolvedValue(nonceResponse());
  signInMock.mockImplementation(async ({ message }: { message: string }) => {
    const address = /0x[0-9a-fA-F]{40}/.exec(message)![0];
    return { token: 'tok-new', expiresAt: '2024-01-01 00:00:00', user: profileOf(address) };
  });
}
