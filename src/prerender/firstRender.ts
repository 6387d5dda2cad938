/**
 * The app's first render: when it starts (`firstRenderWhenReady`) and how (`startFirstRender`).
 *
 * Hydrating a prerendered page is React's largest piece of start-up work (130–250 ms at 4× CPU on a
 * phone), and `hydrateRoot` called outside a transition does it in one task, so a tap meanwhile
 * waits for all of it. Called inside `startTransition`, React hydrates in slices of about 5 ms and
 * lets the browser run between them. A render over the document (no prerendered page for this
 * visit) stays as it was.
 */
import { startTransition } from 'react';

export function startFirstRender(render: () => void, hydrating: boolean): void {
  if (hydrating) startTransition(render);
  else render();
}

/** Resolves in a task of its own (a timer's): what awaits it does not lengthen the task it came from. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** The most a hydrating visit waits for the browser's next frame (none comes in a hidden tab). */
export const PAINT_WAIT_MS = 100;

/**
 * Resolves once the browser has had a frame to paint (a task after the next animation frame), or
 * after PAINT_WAIT_MS when no frame comes.
 */
export function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, PAINT_WAIT_MS);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(timer);
        resolve();
      }, 0),
    );
  });
}

/**
 * Starts the first render once `messages` have arrived and, when the visit hydrates a prerendered
 * page, `loadRoute` has run the page's route code. The route's modules and the render's start each
 * run in a task of their own. Chained on as promises, they ran at the end of the task that
 * evaluates umi.js (the route's chunks are often there by then): one long task a tap waits behind.
 *
 * A hydrating visit first lets the browser paint the page it was sent. With umi.js already there
 * when the document is parsed (a fast network, the service worker's cache), the browser ran the
 * route's code and React's hydration before its first frame: on a slow phone, a white screen for
 * as long as the page's HTML had been ready.
 */
export async function firstRenderWhenReady(messages: Promise<unknown>, loadRoute: (() => Promise<void>) | undefined, render: () => void): Promise<void> {
  try {
    await Promise.all([messages, loadRoute && afterNextPaint().then(loadRoute)]);
  } finally {
    await nextTask();
    startFirstRender(render, loadRoute !== undefined);
  }
}
