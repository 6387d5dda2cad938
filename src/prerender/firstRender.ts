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

/**
 * Starts the first render once `messages` have arrived and, when the visit hydrates a prerendered
 * page, `loadRoute` has run the page's route code. The route's modules and the render's start each
 * run in a task of their own. Chained on as promises, they ran at the end of the task that
 * evaluates umi.js (the route's chunks are often there by then): one long task a tap waits behind.
 */
export async function firstRenderWhenReady(messages: Promise<unknown>, loadRoute: (() => Promise<void>) | undefined, render: () => void): Promise<void> {
  try {
    await Promise.all([messages, loadRoute && nextTask().then(loadRoute)]);
  } finally {
    await nextTask();
    startFirstRender(render, loadRoute !== undefined);
  }
}
