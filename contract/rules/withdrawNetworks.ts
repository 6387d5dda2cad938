/**
 * What the withdrawal screens tell a user about each network: where its transactions are seen
 * (a block explorer; the server reads WITHDRAW_EXPLORER_TX_URL_<NETWORK>, server/config.ts) and
 * how long a withdrawal usually takes once it is sent: the confirmations it waits for
 * (contract/rules/wallet.ts, the deposit rule) times the network's block time, plus the signer's
 * round.
 */

/** the default transaction page of each network's explorer; the hash is appended */
export const DEFAULT_EXPLORER_TX_URLS: Readonly<Record<string, string>> = {
  ERC20: 'https://etherscan.io/tx/',
  BEP20: 'https://bscscan.com/tx/',
};

/** the usual seconds between two blocks */
export const BLOCK_SECONDS: Readonly<Record<string, number>> = {
  ERC20: 12,
  BEP20: 3,
};

/** about how long the signer takes to send an approved withdrawal */
export const SEND_SECONDS = 60;

/** Minutes a withdrawal usually takes from approval to completion on `network` (whole minutes, at least 1). */
export function usualWithdrawMinutes(network: string, confirmations: number): number {
  const seconds = SEND_SECONDS + confirmations * (BLOCK_SECONDS[network] ?? 12);
  return Math.max(1, Math.ceil(seconds / 60));
}

/** The explorer page of `txHash` from a configured prefix (the hash appended; `{hash}` replaced when present). */
export function explorerTxUrl(prefix: string, txHash: string): string {
  return prefix.includes('{hash}') ? prefix.replace('{hash}', txHash) : `${prefix}${txHash}`;
}
