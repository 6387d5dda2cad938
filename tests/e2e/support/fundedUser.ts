/** The e2e suites' usual customer: signed in, with a pay password, and USDT credited by the ops command. */
import { Wallet } from 'ethers';
import type { Session } from './environment';
import type { opsOn } from './ops';
import { setPayPasswordViaApi, signInViaApi } from './siwe';

export interface FundedUserOptions {
  payPassword: string;
  /** USDT credited as an ERC20 deposit */
  usdt: string;
  /** the deposit's tx hash is this byte 32 times (distinct per database's deposits) */
  txByte?: string;
}

export async function fundedUser(baseUrl: string, ops: ReturnType<typeof opsOn>, options: FundedUserOptions): Promise<Session> {
  const wallet = Wallet.createRandom();
  const session = await signInViaApi(baseUrl, wallet);
  await setPayPasswordViaApi(baseUrl, session.token, wallet, options.payPassword);
  const { uid } = session.user as { uid: string };
  const tx = `0x${(options.txByte ?? 'ab').repeat(32)}`;
  ops('deposit:credit', '--uid', uid, '--currency', 'USDT', '--amount', options.usdt, '--network', 'ERC20', '--tx', tx, '--operator', 'e2e');
  return session;
}
