/**
 * Operators in tests: add one with a role (as `npm run ops -- operator:add` does), sign in with its
 * wallet, and make the fresh wallet proof an action needs (ask a challenge, sign its statement).
 */
import { Wallet } from 'ethers';
import type { WalletProofType } from '../../../contract/stepUp';
import { OPERATOR_SIGN_IN_STATEMENT, type OperatorRole, type OperatorStepUpAction } from '../../../contract/rules/operators';
import { cliActor } from '../../../server/operators/actor';
import { addOperator } from '../../../server/operators/operators';
import type { TestApp } from './app';
import { buildMessage, TEST_HOST, type TestWallet } from './siwe';

export const ADMIN_API = '/api/v1/admin';

export interface TestOperator {
  id: bigint;
  address: string;
  wallet: TestWallet;
  role: OperatorRole;
}

/** A signed-in operator: what its requests carry and what signs its proofs. */
export interface SignedInOperator extends TestOperator {
  token: string;
}

export async function addTestOperator(t: Pick<TestApp, 'db' | 'clock'>, role: OperatorRole, wallet: TestWallet = Wallet.createRandom()): Promise<TestOperator> {
  const row = await t.db.transaction().execute((trx) => addOperator(trx, { address: wallet.address, role }, { actor: cliActor('test'), now: t.clock.now(), reason: '' }));
  return { id: row.id, address: row.address, wallet, role };
}

export function opHeaders(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}`, host: TEST_HOST };
}

/** Signs in an operator's wallet; the raw response when `raw`, else the token (throws on refusal). */
export async function operatorSignIn(t: Pick<TestApp, 'app' | 'clock'>, wallet: TestWallet, statement = OPERATOR_SIGN_IN_STATEMENT): Promise<string> {
  const response = await postOperatorSignIn(t, wallet, statement);
  if (response.statusCode !== 200) throw new Error(`operator sign-in failed: ${response.body}`);
  return response.json().data.token as string;
}

export async function postOperatorSignIn(t: Pick<TestApp, 'app' | 'clock'>, wallet: TestWallet, statement = OPERATOR_SIGN_IN_STATEMENT) {
  const nonceResponse = await t.app.inject({ method: 'GET', url: `${ADMIN_API}/auth/nonce`, headers: { host: TEST_HOST } });
  const { nonce } = nonceResponse.json().data as { nonce: string };
  const message = buildMessage({ address: wallet.address, nonce, statement }, t.clock);
  return t.app.inject({ method: 'POST', url: `${ADMIN_API}/auth/sign-in`, headers: { host: TEST_HOST }, payload: { message, signature: await wallet.signMessage(message) } });
}

/** Adds an operator of `role` and signs it in. */
export async function signedInOperator(t: TestApp, role: OperatorRole): Promise<SignedInOperator> {
  const operator = await addTestOperator(t, role);
  return { ...operator, token: await operatorSignIn(t, operator.wallet) };
}

/** A fresh proof of `action` on `target` by the operator (its challenge, its wallet). */
export async function operatorProof(t: Pick<TestApp, 'app' | 'clock'>, operator: { token: string; wallet: TestWallet }, action: OperatorStepUpAction, target: string): Promise<WalletProofType> {
  const response = await t.app.inject({ method: 'POST', url: `${ADMIN_API}/step-up/challenge`, headers: opHeaders(operator.token), payload: { action, target } });
  if (response.statusCode !== 200) throw new Error(`operator challenge failed: ${response.body}`);
  const { nonce, statement } = response.json().data as { nonce: string; statement: string };
  const message = buildMessage({ address: operator.wallet.address, nonce, statement }, t.clock);
  return { message, signature: await operator.wallet.signMessage(message) };
}
