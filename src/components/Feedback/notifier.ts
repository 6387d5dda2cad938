/**
 * The app's one notifier: the `message`, `notification` and `modal` that pages and the request
 * error handler (src/requestErrorConfig.ts) use. They are antd's hook APIs, whose holders render
 * inside the themed tree (the FeedbackProvider of ./index.tsx, in AppProviders), so a toast or a
 * notice gets the theme, the direction and the locale; nothing calls antd's static `message` or
 * `notification`. The holders' code loads on the first call (./Holders); a call made before the
 * provider is mounted waits for it.
 */
import { deferredApi, type FeedbackApi } from './deferredApi';

export type { FeedbackApi } from './deferredApi';

interface Connection {
  load: () => Promise<FeedbackApi>;
  used: boolean;
}

let connection: Connection | undefined;
let waiting: ((connection: Connection) => void)[] = [];

function takeFrom(from: Connection): Promise<FeedbackApi> {
  from.used = true;
  return from.load();
}

export const notifier: FeedbackApi = deferredApi({
  load: () => (connection ? takeFrom(connection) : new Promise<Connection>((resolve) => waiting.push(resolve)).then(takeFrom)),
  used: () => connection?.used ?? false,
});

export const { message, notification, modal } = notifier;

/**
 * Makes `load` (the mounted provider's holders) the source of the notifier, and hands it the calls
 * that waited; returns the disconnect for the provider's unmount.
 */
export function connectNotifier(load: () => Promise<FeedbackApi>): () => void {
  const mine: Connection = { load, used: false };
  connection = mine;
  const queued = waiting;
  waiting = [];
  for (const resolve of queued) resolve(mine);
  return () => {
    if (connection === mine) connection = undefined;
  };
}
