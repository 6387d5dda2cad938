/**
 * Withdrawals through the API, as a user makes them: a target address saved with a wallet
 * signature (past its delay, so no review), and a request signed by the wallet with the pay
 * password. For the signer tests and the busy user of the query-plan and paging tests.
 */
import { Wallet } from 'ethers';
import { withdrawAddressStatement, withdrawStatement } from '../../../contract/rules/withdraw';
import { approveWithdrawal } from '../../../server/withdrawals/review';
import { cliActor } from '../../../server/operators/actor';
import type { TestApp } from './app';
import { DAY } from './clock';
import { PAY_PASSWORD } from './ledger';
import { bearer } from './siwe';
import { walletProof, type Prover } from './stepUp';

export interface SavedAddress {
  id: string;
  address: string;
}

/** a fresh ERC20 address saved with the wallet's signature; the clock moves past its delay unless `wait` is false */
export async function saveWithdrawAddress(t: Pick<TestApp, 'app' | 'clock'>, who: Prover, label = 'to', { wait = true } = {}): Promise<SavedAddress> {
  const address = Wallet.createRandom().address;
  const proof = await walletProof(t.app, t.clock, who, 'withdrawAddress.add', { statement: withdrawAddressStatement({ network: 'ERC20', address }) });
  const response = await t.app.inject({ method: 'POST', url: '/api/v1/web/withdraw/address/add', headers: bearer(who.token), payload: { label, network: 'ERC20', address, proof } });
  if (response.statusCode !== 200) throw new Error(`withdraw address: ${response.statusCode} ${response.body}`);
  if (wait) t.clock.advance(DAY + 1);
  return response.json().data;
}

/**
 * A withdrawal to `to`, sent without review (status processing): its id. An account's first
 * withdrawal waits for review whatever else holds: that one is approved here, as an operator would.
 */
export async function requestWithdrawal(t: Pick<TestApp, 'app' | 'clock' | 'db'>, who: Prover, to: SavedAddress, amount: string, currency = 'USDT'): Promise<string> {
  const id = await askWithdrawal(t, who, to, amount, currency);
  const row = await t.db.selectFrom('withdrawals').select(['status', 'review_reasons']).where('id', '=', BigInt(id)).executeTakeFirstOrThrow();
  if (row.status === 'review' && row.review_reasons === 'firstWithdrawal') await approveWithdrawal(t.db, BigInt(id), { actor: cliActor('first-withdrawal'), now: t.clock.now(), reason: '' });
  else if (row.status !== 'processing') throw new Error(`withdrawal ${id} waits for review: ${row.review_reasons}`);
  return id;
}

/** A withdrawal to `to` as the user asks for it, whatever review it waits for: its id. */
export async function askWithdrawal(t: Pick<TestApp, 'app' | 'clock'>, who: Prover, to: SavedAddress, amount: string, currency = 'USDT'): Promise<string> {
  const response = await postWithdrawal(t, who, to, amount, currency);
  if (response.statusCode !== 200) throw new Error(`withdrawal: ${response.statusCode} ${response.body}`);
  return response.json().data.id;
}

/** The request of a withdrawal to `to`, signed by the wallet with the pay password, and the server's answer as it is. */
export async function postWithdrawal(t: Pick<TestApp, 'app' | 'clock'>, who: Prover, to: SavedAddress, amount: string, currency = 'USDT', headers: Record<string, string> = {}) {
  const proof = await walletProof(t.app, t.clock, who, 'withdraw', { statement: withdrawStatement({ amount, currency, network: 'ERC20', address: to.address }) });
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/web/withdraw/request',
    headers: { ...bearer(who.token), ...headers },
    payload: { currency, network: 'ERC20', addressId: to.id, amount, payPassword: PAY_PASSWORD, proof },
  });
}
