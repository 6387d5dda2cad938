/**
 * Stand-ins for antd's message / notification / modal hook APIs that load the real ones on the
 * first call. A call returns at once what antd's would: a handle that closes (message), destroys
 * or updates (modal) and, as a promise, settles when antd's does (on close). Each API is a plain
 * object with one method per antd method, so a test can spy on `notification.error`.
 */
import type { App } from 'antd';

/** What antd's `App.useApp()` gives: message, notification and modal, rendered where their holders sit. */
export type FeedbackApi = ReturnType<typeof App.useApp>;
type Part = keyof FeedbackApi;
type AnyMethod = (...args: unknown[]) => unknown;

const METHODS: Record<Part, readonly string[]> = {
  message: ['open', 'success', 'error', 'info', 'warning', 'loading', 'destroy'],
  notification: ['open', 'success', 'error', 'info', 'warning', 'destroy'],
  modal: ['confirm', 'info', 'success', 'error', 'warning'],
};

export interface DeferredHandle {
  (): void;
  destroy: () => void;
  update: (config: unknown) => void;
  then: Promise<unknown>['then'];
}

/** The real call's result, boxed so a thenable result (a message) is not awaited too early. */
type Boxed = Promise<{ result: unknown }>;

function handleOf(boxed: Boxed): DeferredHandle {
  // antd answers a message with a close function (also a thenable), a notification with nothing, a
  // modal with { destroy, update }
  type Shown = ((() => void) & { destroy?: undefined; update?: undefined }) | { destroy?: () => void; update?: (config: unknown) => void } | undefined;
  const withResult = (use: (result: Shown) => void) => () => void boxed.then(({ result }) => use(result as Shown));
  const close = withResult((result) => (typeof result === 'function' ? result() : result?.destroy?.()));
  return Object.assign(close, {
    destroy: withResult((result) => result?.destroy?.()),
    update: (config: unknown) => withResult((result) => result?.update?.(config))(),
    then: ((onFulfilled, onRejected) => boxed.then(({ result }) => result).then(onFulfilled, onRejected)) as Promise<unknown>['then'],
  });
}

export interface DeferredSource {
  /** The real APIs, once their holders are rendered (asks for them on the first call). */
  load: () => Promise<FeedbackApi>;
  /** Whether anything was shown yet: `destroy` before that has nothing to close and loads nothing. */
  used: () => boolean;
}

/** One of the three APIs, every method forwarded once `load()` has produced the real API. */
function deferred(source: DeferredSource, part: Part): Record<string, AnyMethod> {
  const call = (method: string, args: unknown[]) =>
    source.load().then((api) => ({ result: (api[part] as unknown as Record<string, AnyMethod>)[method](...args) }));
  return Object.fromEntries(
    METHODS[part].map((method) => [
      method,
      method === 'destroy'
        ? (...args: unknown[]) => {
            if (source.used()) void call(method, args);
          }
        : (...args: unknown[]) => handleOf(call(method, args)),
    ]),
  );
}

/** message, notification and modal that call `source.load` (once is the caller's business) when first used. */
export function deferredApi(source: DeferredSource): FeedbackApi {
  return {
    message: deferred(source, 'message'),
    notification: deferred(source, 'notification'),
    modal: deferred(source, 'modal'),
  } as unknown as FeedbackApi;
}
