/**
 * What the operator console's end-to-end test starts from, made the way the server's owner and a
 * customer make it: operators added on the command line (`ops operator:add`), and a large
 * withdrawal asked through the real user API (a target address signed by the wallet so it is usable
 * at once, then the request with the pay password and a wallet signature naming exactly it); and
 * what an operator sign-in answers, for the checks beside the pages.
 */
import type { BaseWallet } from 'ethers';
import { SiweMessage } from 'siwe';
import { OPERATOR_SIGN_IN_STATEMENT } from '../../../contract/rules/operators';
import { withdrawAddressStatement, withdrawStatement } from '../../../contract/rules/withdraw';
import { callApi, webApi } from './api';
import type { Session } from './environment';
import type { opsOn } from './ops';

type Ops = ReturnType<typeof opsOn>;

interface Challenge {
  nonce: string;
  expiresAt: string | number;
  chainIds?: number[];
  statement: string;
}

/** An EIP-4361 message for `challenge` on the site's origin with `statement`, signed by `wallet`. */
async function signFor(baseUrl: string, wallet: BaseWallet, challenge: Challenge, statement: string): Promise<{ message: string; signature: string }> {
  const message = new SiweMessage({
    domain: new URL(baseUrl).host,
    address: wallet.address,
    statement,
    uri: baseUrl,
    version: '1',
    chainId: challenge.chainIds?.[0] ?? 1,
    nonce: challenge.nonce,
    issuedAt: new Date().toISOString(),
    expirationTime: new Date(challenge.expiresAt).toISOString(),
  }).prepareMessage();
  return { message, signature: await wallet.signMessage(message) };
}

/** The user's fresh wallet proof of `purpose`, its statement naming exactly what is done. */
async function userProof(baseUrl: string, session: Session, wallet: BaseWallet, purpose: string, statement: string) {
  const challenge = await callApi<Challenge>(`${baseUrl}/api/v1/base/web/auth/step-up/challenge`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${session.token}` },
    body: JSON.stringify({ purpose }),
  });
  return signFor(baseUrl, wallet, challenge, statement);
}

export interface AskedWithdrawal {
  id: string;
  status: string;
  reviewReasons: string[];
}

/**
 * `amount` USDT on ERC20 to `to`, asked by the user of `session` (whose wallet is `wallet` and pay
 * password `payPassword`): the address saved with the wallet's signature, then the request.
 */
export async function askWithdrawalViaApi(
  baseUrl: string,
  session: Session,
  wallet: BaseWallet,
  { to, amount, payPassword }: { to: string; amount: string; payPassword: string },
): Promise<AskedWithdrawal> {
  const addressProof = await userProof(baseUrl, session, wallet, 'withdrawAddress.add', withdrawAddressStatement({ network: 'ERC20', address: to }));
  const saved = await webApi<{ id: string }>(baseUrl, session.token, '/withdraw/address/add', {
    method: 'POST',
    body: { label: '交易所', network: 'ERC20', address: to, proof: addressProof },
  });
  const proof = await userProof(baseUrl, session, wallet, 'withdraw', withdrawStatement({ amount, currency: 'USDT', network: 'ERC20', address: to }));
  return webApi<AskedWithdrawal>(baseUrl, session.token, '/withdraw/request', {
    method: 'POST',
    headers: { 'Idempotency-Key': `e2e-admin-${Date.now()}` },
    body: { currency: 'USDT', network: 'ERC20', addressId: saved.id, amount, payPassword, proof },
  });
}

/** `ops operator:add` of `wallet` with `role`: the operator as the command printed it. */
export function addOperatorByCli(ops: Ops, wallet: BaseWallet, role: string): { id: string; address: string; role: string } {
  const [row] = ops('operator:add', '--address', wallet.address, '--role', role, '--reason', 'e2e seed', '--operator', 'e2e');
  return row as { id: string; address: string; role: string };
}

/** One withdrawal as `ops withdraw:list` prints it. */
export interface ListedWithdrawal {
  id: string;
  status: string;
  amount: string;
  operator: string | null;
}

/** The withdrawal `id` as the ops command line lists it (any status). */
export function withdrawalById(ops: Ops, id: string): ListedWithdrawal | undefined {
  return ops('withdraw:list', '--limit', '1000')
    .filter((row) => 'id' in row)
    .map((row) => row as unknown as ListedWithdrawal)
    .find((row) => row.id === id);
}

/** What an operator sign-in of `wallet` answers, refusal or not: the HTTP status and the envelope. */
export async function operatorSignInAttempt(baseUrl: string, wallet: BaseWallet): Promise<{ status: number; success: boolean; errCode: string }> {
  const nonce = await callApi<Challenge>(`${baseUrl}/api/v1/admin/auth/nonce`);
  const { message, signature } = await signFor(baseUrl, wallet, nonce, OPERATOR_SIGN_IN_STATEMENT);
  const response = await fetch(`${baseUrl}/api/v1/admin/auth/sign-in`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Accept-Language': 'zh-CN' },
    body: JSON.stringify({ message, signature }),
  });
  const body = (await response.json()) as { success: boolean; errCode: string };
  return { status: response.status, success: body.success, errCode: body.errCode };
}

