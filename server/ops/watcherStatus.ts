/**
 * `watcher:status`: the deposit watcher's health per network (server/deposits/health.ts), one JSON
 * line each; exit 1 when a network is stuck (no run for 5 minutes, or over 100 blocks behind), so
 * a monitor can run it. No network ever scanned: one line saying so, exit 0.
 */
import { watcherHealth } from '../deposits/health';
import type { OpsCommand } from './command';

export const watcherStatus: OpsCommand = {
  usage: 'watcher:status',
  async run(args, { db, clock, print }) {
    if (args.length) throw new Error('watcher:status takes no options');
    const networks = await watcherHealth(db, clock.now());
    if (!networks.length) print({ watcher: 'no network scanned yet (CHAIN_<NETWORK>_RPC_URL unset, or the server has not run)' });
    for (const network of networks) print(network);
    return networks.some((network) => network.stuck) ? 1 : 0;
  },
};
