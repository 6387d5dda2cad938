/**
 * A test wallet inside the page: an EIP-1193 provider (window.ethereum, also announced by
 * EIP-6963) whose every request is answered in Node by an ethers Wallet held by the test.
 * Like a real wallet, it returns no accounts until the site asked for them (eth_requestAccounts).
 */
import { getBytes, isHexString, toUtf8Bytes, type BaseWallet } from 'ethers';
import type { Page } from 'puppeteer-core';

export const TEST_WALLET_INFO = {
  uuid: '7d5b3c1e-0e2a-4c55-9d0b-3f1c2a4e5b6d',
  name: 'E2E Wallet',
  rdns: 'org.powerfi.e2e',
  icon: 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHZpZXdCb3g9IjAgMCAxNiAxNiI+PGNpcmNsZSBjeD0iOCIgY3k9IjgiIHI9IjgiIGZpbGw9IiMwMDY2ZjUiLz48L3N2Zz4=',
};

interface RpcReply {
  result?: unknown;
  error?: { code: number; message: string };
}

export interface PageWallet {
  /** every JSON-RPC method the page called, in order */
  calls: string[];
  /** messages the wallet signed */
  signed: string[];
}

const unsupported = (method: string): RpcReply => ({ error: { code: 4200, message: `unsupported method ${method}` } });

/** Call before the first navigation of `page`. */
export async function installWallet(page: Page, wallet: BaseWallet, chainId = 1): Promise<PageWallet> {
  const state: PageWallet = { calls: [], signed: [] };
  let authorised = false;
  let currentChain = chainId;

  const answer = async (method: string, params: unknown[]): Promise<RpcReply> => {
    state.calls.push(method);
    switch (method) {
      case 'eth_requestAccounts':
        authorised = true;
        return { result: [wallet.address] };
      case 'eth_accounts':
        return { result: authorised ? [wallet.address] : [] };
      case 'eth_chainId':
        return { result: `0x${currentChain.toString(16)}` };
      case 'net_version':
        return { result: String(currentChain) };
      case 'wallet_switchEthereumChain': {
        const [{ chainId: wanted }] = params as [{ chainId: string }];
        currentChain = Number(wanted);
        return { result: null };
      }
      case 'personal_sign': {
        const [data, address] = params as [string, string];
        if (!authorised || String(address).toLowerCase() !== wallet.address.toLowerCase()) {
          return { error: { code: 4100, message: 'account not authorised' } };
        }
        const bytes = isHexString(data) ? getBytes(data) : toUtf8Bytes(data);
        state.signed.push(new TextDecoder().decode(bytes));
        return { result: await wallet.signMessage(bytes) };
      }
      default:
        return unsupported(method);
    }
  };

  await page.exposeFunction('__e2eWalletRequest', (method: string, paramsJson: string) =>
    answer(method, JSON.parse(paramsJson) as unknown[]),
  );
  await page.evaluateOnNewDocument((info: typeof TEST_WALLET_INFO) => {
    type Listener = (payload: unknown) => void;
    const listeners: Record<string, Listener[]> = {};
    const bridge = (window as unknown as { __e2eWalletRequest: (m: string, p: string) => Promise<RpcReply> }).__e2eWalletRequest;
    const provider = {
      isE2EWallet: true,
      async request({ method, params }: { method: string; params?: unknown[] }) {
        const reply = await bridge(method, JSON.stringify(params ?? []));
        if (reply.error) throw Object.assign(new Error(reply.error.message), { code: reply.error.code });
        return reply.result;
      },
      on(event: string, listener: Listener) {
        (listeners[event] ??= []).push(listener);
        return provider;
      },
      removeListener(event: string, listener: Listener) {
        listeners[event] = (listeners[event] ?? []).filter((l) => l !== listener);
        return provider;
      },
    };
    Object.defineProperty(window, 'ethereum', { value: provider, configurable: true });
    const announce = () =>
      window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider }) }));
    window.addEventListener('eip6963:requestProvider', announce);
    announce();
  }, TEST_WALLET_INFO);
  return state;
}
