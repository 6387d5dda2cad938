/**
 * The deposit watcher as jobs of the server's jobs plugin (server/jobs.ts): one job per configured
 * network, so that one network's dead endpoint does not hold up another. With no network
 * configured there is no job, and the start-up log says the watcher is off. Each run logs a health
 * line when it did something or is behind: head, cursor, lag.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context';
import type { JobSpec } from '../jobs';
import type { JobTiming } from '../jobSchedule';
import { openDepositAddressBook, type DepositAddressBook } from './addresses';
import { DepositAddressIndex } from './addressIndex';
import { DepositWatcher } from './watcher';
import { recordRun } from './jobRuns';
import { DEFAULT_RETRY, type RetryPolicy } from './rpc';

/** a run this many blocks behind the head is logged as a warning */
const LAG_WARNING_BLOCKS = 100;

export function depositWatcherJobs(ctx: Pick<AppContext, 'db' | 'clock' | 'config'>, log: FastifyBaseLogger, timing: JobTiming, retry: RetryPolicy = DEFAULT_RETRY): JobSpec[] {
  const { db, clock, config } = ctx;
  if (!config.chainNetworks.length) {
    log.info('deposit watcher off: no CHAIN_<NETWORK>_RPC_URL configured (deposits are credited with `npm run ops -- deposit:credit`)');
    return [];
  }
  // one address book and index for every network: the addresses are the same on each
  let shared: Promise<{ book: DepositAddressBook; index: DepositAddressIndex }> | null = null;
  const addresses = () => {
    shared ??= openDepositAddressBook(db, config.depositXpub, clock.now()).then(
      (book) => ({ book, index: new DepositAddressIndex(book) }),
      (error: unknown) => {
        shared = null;
        throw error;
      },
    );
    return shared;
  };
  return config.chainNetworks.map((network) => {
    let watcher: DepositWatcher | null = null;
    log.info({ network: network.network, token: network.token?.address ?? null, native: network.native?.currency ?? null, confirmations: network.confirmations }, `deposit watcher on for ${network.network}`);
    return {
      name: `deposit watcher ${network.network}`,
      ...timing,
      run: async (signal) => {
        let summary;
        try {
          const { book, index } = await addresses();
          watcher ??= new DepositWatcher({ db, network, addressBook: book, addressIndex: index, log, now: () => clock.now(), retry });
          summary = await watcher.run(signal);
        } catch (error) {
          if (!signal.aborted) await recordRun(db, 'depositWatcher', network.network, clock.now(), error).catch(() => undefined);
          throw error;
        }
        await recordRun(db, 'depositWatcher', network.network, clock.now());
        const busy = summary.blocksScanned || summary.depositsSeen || summary.credited || summary.heldForReview || summary.dropped || summary.reorgs;
        if (summary.lag > LAG_WARNING_BLOCKS) log.warn({ depositWatcher: summary }, `deposit watcher ${network.network}: ${summary.lag} blocks behind the head`);
        else if (busy) log.info({ depositWatcher: summary }, `deposit watcher ${network.network}: head ${summary.head}, cursor ${summary.cursor}`);
      },
    };
  });
}
