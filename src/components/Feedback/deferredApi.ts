/**
 * Stand-ins for antd's message / notification / modal hook APIs that load the real ones on the
 * first call. A call returns at once what antd's would: a handle that closes (message), destroys
 * or updates (modal) and, as a promise, settles when antd's does (on close).
 */
import type { useAppProps } from 'antd/es/app/context';

export type FeedbackApi = useAppProps;
type AnyApi = Record<string, (...args: unknown[]) => unknown>;

export interface DeferredHandle {
  (): void;
  destroy: () => void;
  update: (config: unknown) => void;
  then: Promise<unknown>['then'];
}

/** The real call's result, boxed so a thenable result (a message) is not awaited too early. */
type Boxed = Promise<{ result: unknown }>;

function handleOf(boxed: Boxed): DeferredHandle {
  const withResult = (use: (result: any) => void) => () => void boxed.then(({ result }) => use(result));
  const close = withResult((result) => (typeof result === 'function' ? result() : result?.destroy?.()));
  return Object.assign(close, {
    destroy: withResult((result) => result?.destroy?.()),
    update: (config: unknown) => withResult((result) => result?.update?.(config))(),
    then: ((onFulfilled, onRejected) => boxed.then(({ result }) => result).then(onFulfilled, onRejected)) as Promise<unknown>['then'],
  });
}

/** One of the three APIs, every method forwarded once `load()` has produced the real API. */
function deferred(load: () => Promise<FeedbackApi>, part: keyof FeedbackApi): AnyApi {
  return new Proxy({} as AnyApi, {
    get: (_target, method: string) =>
      (...args: unknown[]) =>
        handleOf(load().then((api) => ({ result: (api[part] as unknown as AnyApi)[method](...args) }))),
  });
}

/** message, notification and modal that call `load` (once is the caller's business) when first used. */
export function deferredApi(load: () => Promise<FeedbackApi>): FeedbackApi {
  return {
    message: deferred(load, 'message'),
    notification: deferred(load, 'notification'),
    modal: deferred(load, 'modal'),
  } as unknown as FeedbackApi;
}
