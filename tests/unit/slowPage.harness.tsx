/**
 * A page of twelve parts that each take 3 ms to render, the first setting a timer as it renders.
 * React yields to the browser between slices of a render only inside a transition: then the timer
 * runs before the last part has rendered, where a render outside one runs all twelve parts first.
 */
import { renderToString } from 'react-dom/server';

export const PARTS = 12;
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

export function SlowPage() {
  return (
    <ul>
      {Array.from({ length: PARTS }, (_, index) => (
        <Part key={index} index={index} />
      ))}
    </ul>
  );
}

/** The page as the server renders it. */
export function slowPageMarkup(): string {
  serverRendering = true;
  try {
    return renderToString(<SlowPage />);
  } finally {
    serverRendering = false;
  }
}

/** What happened, in order, from `start` until every part had rendered and the timer had run. */
export async function slowPageEvents(start: () => void): Promise<string[]> {
  events = [];
  timerSet = false;
  start();
  while (events.length < PARTS + 1) await new Promise((resolve) => setTimeout(resolve, 5));
  return events;
}

/** Every part in order, then the timer: the render was one task. */
export const IN_ONE_TASK = [...Array.from({ length: PARTS }, (_, index) => `part ${index}`), 'timer'];
