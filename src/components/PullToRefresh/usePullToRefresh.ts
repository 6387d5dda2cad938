/**
 * Pull-to-refresh by touch: a finger that starts on the element while the page is scrolled to
 * the top and moves down pulls (at half the finger's distance, so it feels held back); let go past
 * `threshold` px and `onRefresh` runs, the indicator staying until it settles. Mouse drags, a page
 * scrolled down, a second finger and upward moves do nothing, so a computer never pulls. While
 * pulling, the touch's default is prevented so that the browser's own pull-to-reload (Chrome on
 * Android) does not reload the whole app instead; that needs a listener that is not passive,
 * hence addEventListener rather than React's touch props.
 */
import { useEffect, useRef, useState, type RefObject } from 'react';

export type PullState = 'idle' | 'pulling' | 'ready' | 'refreshing';

export const PULL_THRESHOLD = 64;
/** the pull never grows past this, however far the finger goes */
const MAX_PULL = PULL_THRESHOLD * 2;
const RESISTANCE = 0.5;

function scrolledToTop(): boolean {
  return (document.scrollingElement ?? document.documentElement).scrollTop <= 0;
}

export function usePullToRefresh<E extends HTMLElement>(onRefresh: () => Promise<unknown>, threshold = PULL_THRESHOLD) {
  const ref = useRef<E>(null);
  const onRefreshRef = useRef(onRefresh);
  onRefreshRef.current = onRefresh;
  const [pull, setPull] = useState<{ state: PullState; distance: number }>({ state: 'idle', distance: 0 });
  const refreshing = useRef(false);

  useEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    let startY: number | null = null;
    let distance = 0;
    let unmounted = false;

    const reset = () => {
      startY = null;
      distance = 0;
      if (!refreshing.current) setPull({ state: 'idle', distance: 0 });
    };
    const onStart = (event: TouchEvent) => {
      startY = event.touches.length === 1 && !refreshing.current && scrolledToTop() ? event.touches[0].clientY : null;
      distance = 0;
    };
    const onMove = (event: TouchEvent) => {
      if (startY === null) return;
      if (event.touches.length !== 1 || !scrolledToTop()) return reset();
      const moved = event.touches[0].clientY - startY;
      if (moved <= 0) {
        if (distance > 0) reset();
        return;
      }
      if (event.cancelable) event.preventDefault();
      distance = Math.min(MAX_PULL, moved * RESISTANCE);
      setPull({ state: distance >= threshold ? 'ready' : 'pulling', distance });
    };
    const onEnd = () => {
      if (startY === null) return;
      const release = distance >= threshold;
      startY = null;
      distance = 0;
      if (!release) return reset();
      refreshing.current = true;
      setPull({ state: 'refreshing', distance: threshold });
      onRefreshRef
        .current()
        // a failed reload is shown by the list itself (its error state, the request's notice)
        .catch(() => undefined)
        .finally(() => {
          refreshing.current = false;
          if (!unmounted) setPull({ state: 'idle', distance: 0 });
        });
    };

    element.addEventListener('touchstart', onStart, { passive: true });
    element.addEventListener('touchmove', onMove, { passive: false });
    element.addEventListener('touchend', onEnd);
    element.addEventListener('touchcancel', reset);
    return () => {
      unmounted = true;
      element.removeEventListener('touchstart', onStart);
      element.removeEventListener('touchmove', onMove);
      element.removeEventListener('touchend', onEnd);
      element.removeEventListener('touchcancel', reset);
    };
  }, [threshold]);

  return { ref: ref as RefObject<E>, ...pull };
}
