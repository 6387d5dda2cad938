/**
 * Signs a wallet in through the HTTP API (nonce → EIP-4361 message → signature), for tests
 * that need a session without going through the login page.
 */
import type { BaseWallet } from 'ethers';
import { SiweMessage } from 'siwe';
import { callApi } from './api';
import type { Session } from './environment';

export async function signInViaApi(baseUrl: string, wallet: BaseWallet): Promise<Session> {
  const nonce = await callApi<{ nonce: string; expiresAt: string; chainIds: number[]; statement: string }>(
    `${baseUrl}/api/v1/base/web/auth/nonce`,
  );
  const message = new SiweMessage({
    domain: new URL(baseUrl).host,
    address: wallet.address,
    statement: nonce.statement,
    uri: baseUrl,
    version: '1',
    chainId: nonce.chainIds[0],
    nonce: nonce.nonce,
    issuedAt: new Date().toISOString(),
    expirationTime: nonce.expiresAt,
  }).prepareMessage();
  const signature = await wallet.signMessage(message);
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
