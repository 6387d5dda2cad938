/**
 * What antd's `App` gives its children — `App.useApp()`'s message, notification and modal with the
 * theme — without putting their code (~17 KB gzip) into every first load: the holders load on the
 * first call. They sit at the root as App's would, so a toast outlives the page that showed it.
 */
import AppContext from 'antd/es/app/context';
import React, { lazy, Suspense, useCallback, useMemo, useRef, useState } from 'react';
import { deferredApi, type FeedbackApi } from './deferredApi';

const Holders = lazy(() => import(/* webpackChunkName: "feedback" */ './Holders'));

export default function FeedbackProvider({ children }: { children: React.ReactNode }) {
  const [wanted, setWanted] = useState(false);
  const latest = useRef<FeedbackApi>();
  const [loaded] = useState(() => {
    let resolve!: () => void;
    const promise = new Promise<void>((done) => (resolve = done));
    return { promise, resolve };
  });

  const api = useMemo(
    () =>
      deferredApi(() => {
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
    <AppContext.Provider value={api}>
      {children}
      {wanted && (
        <Suspense fallback={null}>
          <Holders onReady={onReady} />
        </Suspense>
      )}
    </AppContext.Provider>
  );
}
