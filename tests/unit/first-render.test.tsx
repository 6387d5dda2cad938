/**
 * `startFirstRender` (src/prerender/firstRender.ts): React hydrates a prerendered page in slices,
 * letting the browser run between them, so that a tap is not held up by the whole hydration; a
 * render over the document stays one task. Each part of the page below takes 3 ms to render,
 * and the first sets a timer as it renders: the timer runs before the last part has rendered only
 * when React yields between slices.
 */
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { startFirstRender } from '@/prerender/firstRender';

const PARTS = 12;
const PART_MS = 3;
let events: string[] = [];
let timerSet = false;
/** while the server's markup is made (jsdom has a window then too) */
let serverRendering = false;

function Part({ index }: { index: number }) {
  const until = performance.now() + PART_MS;
  while (performance.now() < until) {
    // the part's render work
  }
  if (serverRendering) return <li>算力 {index}</li>;
  if (!timerSet) {
    timerSet = true;
    setTimeout(() => events.push('timer'), 0);
  }
  events.push(`part ${index}`);
  return <li>算力 {index}</li>;
}

function Page() {
  return (
    <ul>
      {Array.from({ length: PARTS }, (_, index) => (
        <Part key={index} index={index} />
      ))}
    </ul>
  );
}

/** What happened, in order, until every part had rendered and the timer had run. */
async function eventsOf(render: () => void, hydrating: boolean): Promise<string[]> {
  events = [];
  timerSet = false;
  startFirstRender(render, hydrating);
  while (events.length < PARTS + 1) await new Promise((resolve) => setTimeout(resolve, 5));
  return events;
}

test('a prerendered page hydrates in slices: the timer set by its first part runs before its last part renders', async () => {
  const container = document.createElement('div');
  serverRendering = true;
  container.innerHTML = renderToString(<Page />);
  serverRendering = false;
  const markup = container.innerHTML;
  const errors = jest.spyOn(console, 'error');
  const order = await eventsOf(() => void hydrateRoot(container, <Page />), true);
  expect(order.indexOf('timer')).toBeGreaterThan(0);
  expect(order.indexOf('timer')).toBeLessThan(PARTS);
  // hydrated: the markup kept, nothing reported
  expect(container.innerHTML).toBe(markup);
  expect(errors).not.toHaveBeenCalled();
  errors.mockRestore();
});

test('a render over the document is one task, not made in a transition', async () => {
  const container = document.createElement('div');
  const order = await eventsOf(() => createRoot(container).render(<Page />), false);
  expect(order).toEqual([...Array.from({ length: PARTS }, (_, index) => `part ${index}`), 'timer']);
  expect(container.querySelectorAll('li')).toHaveLength(PARTS);
});
