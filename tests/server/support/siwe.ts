/**
 * Signing in as a wallet in tests: fetch a nonce, build the EIP-4361 message with `siwe`, sign it
 * with an ethers Wallet, post it. Later suites reuse `signIn` to get a bearer token.
 */
import { Wallet, type HDNodeWallet } from 'ethers';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { SiweMessage } from 'siwe';
import type { ApiEnvelope } from '../../../contract';
import type { SignInResponseType } from '../../../contract/auth';
import type { Clock } from '../../../server/time';

/** The Host every test request is sent to, and the host of the test app's configured origin (the SIWE domain). */
export const TEST_HOST = 'powerfi.test';
export const NONCE_URL = '/api/v1/base/web/auth/nonce';
export const SIGN_IN_URL = '/api/v1/base/web/auth/sign-in/wallet';
export const SIGN_OUT_URL = '/api/v1/base/web/auth/sign-out';
export const PROFILE_URL = '/api/v1/web/user/user/profile';

export type TestWallet = Wallet | HDNodeWallet;

export interface MessageFields {
  address: string;
  nonce: string;
  domain?: string;
  uri?: string;
  chainId?: number;
  statement?: string;
  issuedAt?: Date;
  expirationTime?: Date;
  notBefore?: Date;
}

export function buildMessage(fields: MessageFields, clock: Clock): string {
  const domain = fields.domain ?? TEST_HOST;
  return new SiweMessage({
    domain,
    address: fields.address,
    statement: fields.statement ?? 'Sign in to PowerFi',
    uri: fields.uri ?? `https://${domain}/login`,
    version: '1',
    chainId: fields.chainId ?? 1,
    nonce: fields.nonce,
    issuedAt: (fields.issuedAt ?? new Date(clock.now())).toISOString(),
    ...(fields.expirationTime ? { expirationTime: fields.expirationTime.toISOString() } : {}),
    ...(fields.notBefore ? { notBefore: fields.notBefore.toISOString() } : {}),
  }).prepareMessage();
}

export async function fetchNonce(app: FastifyInstance): Promise<string> {
  const response = await app.inject({ method: 'GET', url: NONCE_URL, headers: { host: TEST_HOST } });
  const body = response.json() as ApiEnvelope<{ nonce: string }>;
  if (!body.success) throw new Error(`nonce failed: ${response.body}`);
  return body.data.nonce;
}

/** The device a sign-in comes from (what the user's session list shows). */
export interface Device {
  userAgent?: string;
  ip?: string;
}

export function postSignIn(
  app: FastifyInstance,
  body: { message: string; signature: string; invite?: string },
  host = TEST_HOST,
  device: Device = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: SIGN_IN_URL,
    headers: { host, 'accept-language': 'zh-TW', ...(device.userAgent ? { 'user-agent': device.userAgent } : {}) },
    ...(device.ip ? { remoteAddress: device.ip } : {}),
    payload: body,
  });
}

export interface SignedIn {
  token: string;
  wallet: TestWallet;
  data: SignInResponseType;
}

/** Signs in `wallet` (a new random one by default) and returns its bearer token. */
export async function signIn(app: FastifyInstance, clock: Clock, options: { wallet?: TestWallet; invite?: string; device?: Device } = {}): Promise<SignedIn> {
  const wallet = options.wallet ?? Wallet.createRandom();
  const message = buildMessage({ address: wallet.address, nonce: await fetchNonce(app) }, clock);
  const signature = await wallet.signMessage(message);
  const response = await postSignIn(app, { message, signature, ...(options.invite ? { invite: options.invite } : {}) }, TEST_HOST, options.device);
  const body = response.json() as ApiEnvelope<SignInResponseType>;
  if (response.statusCode !== 200 || !body.success) throw new Error(`sign-in failed: ${response.body}`);
  return { token: body.data.token, wallet, data: body.data };
}

export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}`, host: TEST_HOST };
}

/** The Idempotency-Key header when a key is given, else no header. */
export function idempotencyHeader(key?: string): Record<string, string> {
  return key ? { 'idempotency-key': key } : {};
}
