/**
 * @jest-environment node
 *
 * The withdrawal rules' time windows (tests/cases/withdrawWindows.ts) on the mocks, through their
 * handlers as the app calls them, with the clock (Date) moved by hand: the same table of cases the
 * server runs (tests/server/withdraw-windows.test.ts), so the two cannot drift apart.
 */
import { Wallet } from 'ethers';
import { SiweMessage } from 'siwe';
import { allEndpoints, contract, fullPath } from '../../contract';
import { withdrawAddressStatement, withdrawStatement } from '../../contract/rules/withdraw';
import account, { deposit } from '../../mock/account';
import auth from '../../mock/auth';
import user from '../../mock/user';
import withdraw from '../../mock/withdraw';
import { state } from '../../mock/_state';
import { WINDOW_CASES, replay, type WindowWorld } from '../cases/withdrawWindows';
import { invokeMock, type MockReply } from './mockInvoke';

const routes = { ...auth, ...user, ...account, ...withdraw };
const DAY = 24 * 3600_000;

// only Date is faked: promises, timers and the wallet's signing run as usual
beforeAll(() => jest.useFakeTimers({ doNotFake: ['hrtime', 'nextTick', 'performance', 'queueMicrotask', 'setImmediate', 'clearImmediate', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] }));
afterAll(() => jest.useRealTimers());

function call<D extends keyof typeof contract>(domain: D, name: keyof (typeof contract)[D] & string, input: { body?: unknown; token?: string } = {}): MockReply {
  const endpoint = allEndpoints().find((e) => e.domain === domain && e.name === name)!.endpoint;
  const headers: Record<string, string> = { host: 'localhost:8000', 'accept-language': 'zh-TW', ...(input.token ? { authorization: `Bearer ${input.token}` } : {}) };
  return invokeMock(routes[`${endpoint.method} ${fullPath(endpoint)}`], { headers, body: input.body });
}

function ok<D extends keyof typeof contract>(domain: D, name: keyof (typeof contract)[D] & string, input: { body?: unknown; token?: string } = {}): any {
  const reply = call(domain, name, input);
  if (reply.status !== 200) throw new Error(`${domain}.${name} → ${reply.status} ${reply.body.errKey ?? reply.body.errCode}`);
  return reply.body.data;
}

async function siwe(wallet: Pick<Wallet, 'address' | 'signMessage'>, nonce: string, statement: string): Promise<{ message: string; signature: string }> {
  const message = new SiweMessage({
    domain: 'localhost:8000', address: wallet.address, statement, uri: 'http://localhost:8000', version: '1', chainId: 1, nonce, issuedAt: new Date().toISOString(),
  }).prepareMessage();
  return { message, signature: await wallet.signMessage(message) };
}

function mockWorld(): WindowWorld {
  const wallet = Wallet.createRandom();
  let token = '';
  let payPassword: string | null = null;
  let target: { id: string; address: string } | null = null;
  const proof = async (purpose: string, statement?: string) => {
    const challenge = ok('auth', 'stepUpChallenge', { token, body: { purpose } });
    return siwe(wallet, challenge.nonce, statement ?? challenge.statement);
  };
  return {
    async at(ms) {
      if (ms < Date.now()) throw new Error('the clock only moves forward');
      jest.setSystemTime(ms);
    },
    async apply(event) {
      switch (event.kind) {
        case 'signIn': {
          const { nonce } = ok('auth', 'nonce');
          token = ok('auth', 'signInWallet', { body: await siwe(wallet, nonce, 'Sign in to PowerFi') }).token;
          return;
        }
        case 'payPassword': {
          const next = payPassword === '135790' ? '246802' : '135790';
          const body = payPassword ? { oldPassword: payPassword, newPassword: next, proof: await proof('payPassword.change') } : { newPassword: next, proof: await proof('payPassword.set') };
          ok('user', 'payPass', { token, body });
          payPassword = next;
          return;
        }
        case 'address': {
          const address = Wallet.createRandom().address;
          const signed = event.signed ? { proof: await proof('withdrawAddress.add', withdrawAddressStatement({ network: 'ERC20', address })) } : {};
          target = { id: ok('withdraw', 'addressAdd', { token, body: { label: 'to', network: 'ERC20', address, ...signed } }).id, address };
          return;
        }
        case 'deposit':
          deposit(state.users.get(state.sessions.get(token)!)!, 'ERC20', 'USDT', event.amount);
          return;
      }
    },
    async request(amount) {
      const body = {
        currency: 'USDT', network: 'ERC20', addressId: target!.id, amount, payPassword: payPassword!,
        proof: await proof('withdraw', withdrawStatement({ amount, currency: 'USDT', network: 'ERC20', address: target!.address })),
      };
      const reply = call('withdraw', 'request', { token, body });
      return reply.status === 200 ? { status: reply.body.data.status, reviewReasons: reply.body.data.reviewReasons } : { errKey: reply.body.errKey! };
    },
  };
}

let requestAt = Date.now() + 7 * DAY;

it.each(WINDOW_CASES.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
  // a week apart: no window of one case reaches the next
  requestAt += 7 * DAY;
  expect(await replay(mockWorld(), c, requestAt)).toEqual(c.expect);
});
