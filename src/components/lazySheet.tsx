/**
 * A bottom sheet whose code loads the first time it opens, not with the page: the buy and convert
 * sheets bring antd's Form, Drawer and the pay flow (~30 KB gzip), which the first screen of
 * /calculate or /my/assets never shows. Once opened it stays mounted, so it closes with its
 * animation and opens again at once. A chunk that fails to load reaches the page's
 * ChunkErrorBoundary, as a page chunk would.
 */
import React, { lazy, Suspense, useRef } from 'react';

export default function lazySheet<P extends object>(load: () => Promise<{ default: React.ComponentType<P> }>, isOpen: (props: P) => boolean) {
  // typed as a plain function component: React.lazy's own type does not accept a generic P
  const Sheet = lazy(load) as unknown as React.FunctionComponent<P>;
  return function LazySheet(props: P) {
    const opened = useRef(false);
    if (isOpen(props)) opened.current = true;
    if (!opened.current) return null;
    return (
      <Suspense fallback={null}>
        <Sheet {...props} />
      </Suspense>
    );
  };
}
