/**
 * The fresh wallet proof (step-up) as the app makes it: ask for a challenge for a purpose, sign a
 * SIWE message with its nonce and statement with the test wallet. One helper for every test that
 * sets or changes a pay password.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { StepUpPurposeType, WalletProofType } from '../../../contract/stepUp';
import type { Clock } from '../../../server/time';
import { bearer, buildMessage, type MessageFields, type TestWallet } from './siwe';

export const STEP_UP_URL = '/api/v1/base/web/auth/step-up/challenge';
export const PAY_PASS_URL = '/api/v1/web/user/user/pay-pass';

/** Who proves: a session token and the wallet that signed in. */
export interface Prover {
  token: string;
  wallet: TestWallet;
}

export async function stepUpChallenge(app: FastifyInstance, token: string, purpose: StepUpPurposeType): Promise<{ nonce: string; statement: string }> {
  const response = await app.inject({ method: 'POST', url: STEP_UP_URL, headers: bearer(token), payload: { purpose } });
  if (response.statusCode !== 200) throw new Error(`step-up challenge failed: ${response.body}`);
  return response.json().data;
}

/** A proof of `purpose` by `who`; `fields` overrides parts of the signed message (for the attacks). */
export async function walletProof(app: FastifyInstance, clock: Clock, who: Prover, purpose: StepUpPurposeType, fields: Partial<MessageFields> = {}): Promise<WalletProofType> {
  const { nonce, statement } = await stepUpChallenge(app, who.token, purpose);
  const message = buildMessage({ address: who.wallet.address, nonce, statement, ...fields }, clock);
  return { message, signature: await who.wallet.signMessage(message) };
}

/**
 * POST pay-pass with a fresh proof, by default for payPassword.change when `oldPassword` is given,
 * else payPassword.set.
 */
export async function postPayPass(
  app: FastifyInstance,
  clock: Clock,
  who: Prover,
  body: { newPassword: string; oldPassword?: string },
  { headers = {}, purpose }: { headers?: Record<string, string>; purpose?: StepUpPurposeType } = {},
): Promise<LightMyRequestResponse> {
  const proof = await walletProof(app, clock, who, purpose ?? (body.oldPassword === undefined ? 'payPassword.set' : 'payPassword.change'));
  return app.inject({ method: 'POST', url: PAY_PASS_URL, headers: { ...bearer(who.token), ...headers }, payload: { ...body, proof } });
}
