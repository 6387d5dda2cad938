/**
 * The withdrawal rules' time windows (tests/cases/withdrawWindows.ts) on the server, through the
 * API as a user makes the requests, on the test clock: each window 1 ms inside and 1 ms outside.
 * The same table runs against the mocks (tests/unit/withdraw-windows.test.ts). SQLite, or
 * PostgreSQL when DATABASE_URL is set.
 */
import { Wallet } from 'ethers';
import { withdrawAddressStatement, withdrawStatement } from '../../contract/rules/withdraw';
import { WINDOW_CASES, replay, type WindowWorld } from '../cases/withdrawWindows';
import { startTestApp, type TestApp } from './support/app';
import { DAY } from './support/clock';
import { deposit, type MoneyUser } from './support/ledger';
import { bearer, signIn } from './support/siwe';
import { postPayPass, walletProof } from './support/stepUp';

let t: TestApp;

beforeAll(async () => {
  // the cases go back three days: sessions must outlive that
  t = await startTestApp({ seed: true, config: { tokenIdleTtlMs: 30 * DAY } });
});
afterAll(async () => t.close());

/** one user's history on the server */
function serverWorld(): WindowWorld {
  const wallet = Wallet.createRandom();
  let user: MoneyUser | null = null;
  let payPassword: string | null = null;
  let target: { id: string; address: string } | null = null;
  const me = () => user!;
  return {
    async at(ms) {
      if (ms < t.clock.now()) throw new Error('the clock only moves forward');
      t.clock.set(ms);
    },
    async apply(event) {
      switch (event.kind) {
        case 'signIn': {
          const { token, data } = await signIn(t.app, t.clock, { wallet });
          const row = await t.db.selectFrom('users').select('id').where('uid', '=', data.user.uid).executeTakeFirstOrThrow();
          user = { token, wallet, uid: data.user.uid, address: data.user.address, userId: row.id };
          return;
        }
        case 'payPassword': {
          const next = payPassword === '135790' ? '246802' : '135790';
          const response = await postPayPass(t.app, t.clock, me(), { newPassword: next, ...(payPassword ? { oldPassword: payPassword } : {}) });
          if (response.statusCode !== 200) throw new Error(`pay password: ${response.body}`);
          payPassword = next;
          return;
        }
        case 'address': {
          const address = Wallet.createRandom().address;
          const proof = event.signed ? await walletProof(t.app, t.clock, me(), 'withdrawAddress.add', { statement: withdrawAddressStatement({ network: 'ERC20', address }) }) : undefined;
          const response = await t.app.inject({ method: 'POST', url: '/api/v1/web/withdraw/address/add', headers: bearer(me().token), payload: { label: 'to', network: 'ERC20', address, ...(proof ? { proof } : {}) } });
          if (response.statusCode !== 200) throw new Error(`address: ${response.body}`);
          target = { id: response.json().data.id, address };
          return;
        }
        case 'deposit':
          await deposit(t.db, t.clock, me(), event.amount);
          return;
      }
    },
    async request(amount) {
      const proof = await walletProof(t.app, t.clock, me(), 'withdraw', { statement: withdrawStatement({ amount, currency: 'USDT', network: 'ERC20', address: target!.address }) });
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/web/withdraw/request',
        headers: bearer(me().token),
        payload: { currency: 'USDT', network: 'ERC20', addressId: target!.id, amount, payPassword: payPassword!, proof },
      });
      const body = response.json();
      return response.statusCode === 200 ? { status: body.data.status, reviewReasons: body.data.reviewReasons } : { errKey: body.errKey };
    },
  };
}

it.each(WINDOW_CASES.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
  // a week after the last case: no window of one case reaches the next (nor the platform's hour)
  const requestAt = t.clock.now() + 7 * DAY;
  expect(await replay(serverWorld(), c, requestAt)).toEqual(c.expect);
});
