/**
 * The withdrawal signer (server/withdrawals/signer.ts) as jobs of the server's jobs plugin
 * (server/jobs.ts): one job per configured network (CHAIN_<NETWORK>_RPC_URL, the token from
 * CHAIN_<NETWORK>_TOKEN_ADDRESS), all sending from the one hot wallet of WITHDRAW_SIGNER_KEY or
 * WITHDRAW_SIGNER_KEYSTORE. Without a key there is no job, and the start-up log says so. Every
 * JSON-RPC call goes through the deposit watcher's retrying caller (server/deposits/rpc.ts); a run
 * that gives up is retried by the next one, which reconciles from what the database holds.
 *
 * One process should run it (JOBS_OFF=withdrawSigner on the others, docs/deploy.md); two at once
 * still never pay a withdrawal twice (a nonce is taken in the database before any broadcast), they
 * only get in each other's way.
 */
import { Contract } from 'ethers';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context';
import { NATIVE_COINS, type WatchedNetwork } from '../deposits/networks';
import { DEFAULT_RETRY, openRpc, type RpcCaller, type RetryPolicy } from '../deposits/rpc';
import type { JobSpec } from '../jobs';
import type { JobTiming } from '../jobSchedule';
import { confirmationsNeeded } from './rules';
import { WithdrawalSigner, type SignerNetwork } from './signer';
import { recordRun } from '../deposits/jobRuns';

const ERC20_DECIMALS = ['function decimals() view returns (uint8)'];

/** The signer's view of a watched network: the chain id and the token's decimals, asked of the chain. */
export async function signerNetwork(
  network: WatchedNetwork,
  rpc: RpcCaller,
  signal: AbortSignal,
  fees: Pick<SignerNetwork, 'replaceAfterMs' | 'maxFeePerGas'>,
): Promise<SignerNetwork> {
  const chainId = await rpc.call('eth_chainId', async (provider) => (await provider.getNetwork()).chainId, signal);
  const tokens: SignerNetwork['tokens'] = {};
  if (network.token) {
    const { address, currency } = network.token;
    const decimals = await rpc.call('decimals', (provider) => (new Contract(address, ERC20_DECIMALS, provider).decimals as () => Promise<bigint>)(), signal);
    tokens[currency] = { address, decimals: Number(decimals) };
  }
  // the rule table's confirmations, the count the user's history shows (n/12), not the deposit
  // watcher's CHAIN_<NETWORK>_CONFIRMATIONS
  return { network: network.network, chainId, nativeCurrency: NATIVE_COINS[network.network], tokens, confirmations: confirmationsNeeded(network.network), ...fees };
}

export function withdrawalSignerJobs(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config'>,
  log: FastifyBaseLogger,
  timing: JobTiming,
  retry: RetryPolicy = DEFAULT_RETRY,
): JobSpec[] {
  const { db, clock, config } = ctx;
  const key = config.withdrawSignerKey;
  if (!key) {
    log.info('withdrawal signer off: no WITHDRAW_SIGNER_KEY or WITHDRAW_SIGNER_KEYSTORE (approved withdrawals wait in processing; `npm run ops -- withdraw:list` shows them)');
    return [];
  }
  return config.chainNetworks.map((network) => {
    const rpc = openRpc({ network: network.network, urls: network.rpcUrls, quorum: network.quorum }, retry, log, 'withdrawal signer');
    let signer: WithdrawalSigner | null = null;
    return {
      name: `withdrawal signer ${network.network}`,
      ...timing,
      run: async (signal) => {
        let summary;
        try {
          if (!signer) {
            const wallet = await key.open();
            signer = new WithdrawalSigner(db, await signerNetwork(network, rpc, signal, { replaceAfterMs: config.withdrawReplaceAfterMs, maxFeePerGas: config.withdrawMaxFeePerGas }), wallet, rpc, clock);
            log.info({ network: network.network, hotWallet: wallet.address, keyFrom: key.source }, `withdrawal signer on for ${network.network}, sending from ${wallet.address}`);
          }
          summary = await signer.run(signal);
        } catch (error) {
          // a stop is not a failure; anything else is counted (three in a row: failing, ops withdraw:list)
          if (!signal.aborted) await recordRun(db, 'withdrawSigner', network.network, clock.now(), error).catch(() => undefined);
          throw error;
        }
        await recordRun(db, 'withdrawSigner', network.network, clock.now());
        if (summary.refused) {
          log.warn({ withdrawalSigner: summary, network: network.network }, `withdrawal signer ${network.network}: ${summary.refused} transaction(s) refused by every endpoint; sent again next run (ops withdraw:list)`);
        }
        if (summary.atFeeCap) {
          log.warn({ withdrawalSigner: summary, network: network.network }, `withdrawal signer ${network.network}: ${summary.atFeeCap} stuck withdrawal(s) cannot be sent again: their fee is at WITHDRAW_MAX_FEE_GWEI`);
        }
        if (summary.waitingForFunds) {
          log.warn({ withdrawalSigner: summary, network: network.network, hotWallet: signer?.address }, `withdrawal signer ${network.network}: ${summary.waitingForFunds} approved withdrawal(s) wait for hot-wallet funds`);
        } else if (summary.sent || summary.completed || summary.failed) {
          log.info({ withdrawalSigner: summary, network: network.network }, `withdrawal signer ${network.network}: sent ${summary.sent}, completed ${summary.completed}, failed ${summary.failed}`);
        }
      },
    };
  });
}
