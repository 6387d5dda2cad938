/**
 * The notifier's provider (./notifier): it renders antd's message, notification and modal holders
 * where it sits, inside the theme, as antd's `App` would — without putting their code (~17 KB
 * gzip) into every first load: the holders load on the first call. They sit at the root, so a
 * toast outlives the page that showed it.
 */
import React, { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { connectNotifier, type FeedbackApi } from './notifier';

const Holders = lazy(() => import(/* webpackChunkName: "feedback" */ './Holders'));

export default function FeedbackProvider({ children }: { children: React.ReactNode }) {
  const [wanted, setWanted] = useState(false);
  const latest = useRef<FeedbackApi>();
  const [loaded] = useState(() => {
    let resolve!: () => void;
    const promise = new Promise<void>((done) => (resolve = done));
    return { promise, resolve };
  });

  useEffect(
    () =>
      connectNotifier(() => {
        // calls may come from a render or an effect: ask for the holders after it
        queueMicrotask(() => setWanted(true));
        return loaded.promise.then(() => latest.current!);
      }),
    [loaded],
  );
  const onReady = useCallback(
    (holders: FeedbackApi) => {
      latest.current = holders;
      loaded.resolve();
    },
    [loaded],
  );

  return (
    <>
      {children}
      {wanted && (
        <Suspense fallback={null}>
          <Holders onReady={onReady} />
        </Suspense>
      )}
    </>
  );
}
