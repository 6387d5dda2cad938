/**
 * The app's first render. Hydrating a prerendered page is React's largest piece of start-up work
 * (130–250 ms at 4× CPU on a phone), and `hydrateRoot` called outside a transition does it in one
 * task, so a tap meanwhile waits for all of it. Called inside `startTransition`, React hydrates in
 * slices of about 5 ms and lets the browser run between them. A render over the document (no
 * prerendered page for this visit) stays as it was.
 */
import { startTransition } from 'react';

export function startFirstRender(render: () => void, hydrating: boolean): void {
  if (hydrating) startTransition(render);
  else render();
}
