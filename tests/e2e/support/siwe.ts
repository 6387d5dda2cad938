/**
 * Signs a wallet in through the HTTP API (nonce → EIP-4361 message → signature), for tests
 * that need a session without going through the login page; and sets a pay password the same way,
 * with the fresh wallet proof (step-up) the server requires.
 */
import type { BaseWallet } from 'ethers';
import { SiweMessage } from 'siwe';
import { callApi } from './api';
import type { Session } from './environment';

interface Challenge {
  nonce: string;
  expiresAt: string;
  chainIds: number[];
  statement: string;
}

/** The EIP-4361 message for the server's challenge, on the site's origin, signed by `wallet`. */
async function signChallenge(baseUrl: string, wallet: BaseWallet, challenge: Challenge): Promise<{ message: string; signature: string }> {
  const message = new SiweMessage({
    domain: new URL(baseUrl).host,
    address: wallet.address,
    statement: challenge.statement,
    uri: baseUrl,
    version: '1',
    chainId: challenge.chainIds[0],
    nonce: challenge.nonce,
    issuedAt: new Date().toISOString(),
    expirationTime: challenge.expiresAt,
  }).prepareMessage();
  return { message, signature: await wallet.signMessage(message) };
}

export async function signInViaApi(baseUrl: string, wallet: BaseWallet): Promise<Session> {
  const nonce = await callApi<Challenge>(`${baseUrl}/api/v1/base/web/auth/nonce`);
  const { message, signature } = await signChallenge(baseUrl, wallet, nonce);
  const { token, user } = await callApi<{ token: string; user: unknown }>(`${baseUrl}/api/v1/base/web/auth/sign-in/wallet`, {
    method: 'POST',
    body: JSON.stringify({ message, signature }),
  });
  return { token, user };
}

/** Revokes a token the way the app's logout does (POST sign-out with that token). */
export async function revokeToken(baseUrl: string, token: string): Promise<void> {
  await callApi(`${baseUrl}/api/v1/base/web/auth/sign-out`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: '{}',
  });
}

/** Sets the first pay password of the session of `wallet`, with a fresh wallet proof (payPassword.set). */
export async function setPayPasswordViaApi(baseUrl: string, token: string, wallet: BaseWallet, newPassword: string): Promise<void> {
  const headers = { Authorization: `Bearer ${token}` };
  const challenge = await callApi<Challenge>(`${baseUrl}/api/v1/base/web/auth/step-up/challenge`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ purpose: 'payPassword.set' }),
  });
  const proof = await signChallenge(baseUrl, wallet, challenge);
  await callApi(`${baseUrl}/api/v1/web/user/user/pay-pass`, { method: 'POST', headers, body: JSON.stringify({ newPassword, proof }) });
}
