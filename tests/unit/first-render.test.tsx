/**
 * `startFirstRender` (src/prerender/firstRender.ts): React hydrates a prerendered page in slices,
 * letting the browser run between them, so that a tap is not held up by the whole hydration; a
 * render over the document stays one task (slowPage.harness.tsx says how a slice is seen). A
 * hydrating visit lets the browser paint the document first.
 */
import { createRoot, hydrateRoot } from 'react-dom/client';
import { PAINT_WAIT_MS, firstRenderWhenReady, startFirstRender } from '@/prerender/firstRender';
import { IN_ONE_TASK, PARTS, SlowPage, slowPageEvents, slowPageMarkup } from './slowPage.harness';

test('a prerendered page hydrates in slices: the timer set by its first part runs before its last part renders', async () => {
  const container = document.createElement('div');
  container.innerHTML = slowPageMarkup();
  const markup = container.innerHTML;
  const errors = jest.spyOn(console, 'error');
  const order = await slowPageEvents(() => startFirstRender(() => void hydrateRoot(container, <SlowPage />), true));
  expect(order.indexOf('timer')).toBeGreaterThan(0);
  expect(order.indexOf('timer')).toBeLessThan(PARTS);
  // hydrated: the markup kept, nothing reported
  expect(container.innerHTML).toBe(markup);
  expect(errors).not.toHaveBeenCalled();
  errors.mockRestore();
});

test('a render over the document is one task, not made in a transition', async () => {
  const container = document.createElement('div');
  const order = await slowPageEvents(() => startFirstRender(() => createRoot(container).render(<SlowPage />), false));
  expect(order).toEqual(IN_ONE_TASK);
  expect(container.querySelectorAll('li')).toHaveLength(PARTS);
});

/** Every timer set before now has run, and every promise chained on them. */
const afterTimersSetSoFar = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe('firstRenderWhenReady: the route code and the render start each in a task of their own', () => {
  test('with the messages and the route already there, neither runs in the calling task', async () => {
    const events: string[] = [];
    const done = firstRenderWhenReady(
      Promise.resolve(),
      async () => {
        events.push('route');
        // set inside the route's task: it runs before the render only if the render waits for a task of its own
        setTimeout(() => events.push('timer set by the route'), 0);
      },
      () => events.push('render'),
    );
    // every promise of the calling task settled: still nothing
    for (let i = 0; i < 20; i++) await Promise.resolve();
    expect(events).toEqual([]);
    await done;
    expect(events).toEqual(['route', 'timer set by the route', 'render']);
  });

  test('a render over the document waits for the messages, then starts in a task of its own, not in a transition', async () => {
    let arrive: () => void = () => undefined;
    const messages = new Promise<void>((resolve) => (arrive = resolve));
    const container = document.createElement('div');
    const render = jest.fn(() => createRoot(container).render(<SlowPage />));
    const done = firstRenderWhenReady(messages, undefined, render);
    await afterTimersSetSoFar();
    expect(render).not.toHaveBeenCalled();
    arrive();
    for (let i = 0; i < 20; i++) await Promise.resolve();
    expect(render).not.toHaveBeenCalled();
    const order = await slowPageEvents(() => void done);
    expect(render).toHaveBeenCalledTimes(1);
    expect(order).toEqual(IN_ONE_TASK);
  });

  test('the render starts even when the route code fails to load', async () => {
    const render = jest.fn();
    await expect(firstRenderWhenReady(Promise.resolve(), () => Promise.reject(new Error('chunk failed')), render)).rejects.toThrow('chunk failed');
    expect(render).toHaveBeenCalledTimes(1);
  });
});

describe('a hydrating visit lets the browser paint the document before the route code and hydration run', () => {
  let frames: FrameRequestCallback[];
  beforeEach(() => {
    frames = [];
    jest.useFakeTimers();
    jest.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
  });
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  test('the route code waits for a frame, then for a task after it', async () => {
    const events: string[] = [];
    const done = firstRenderWhenReady(Promise.resolve(), async () => void events.push('route'), () => events.push('render'));
    await jest.advanceTimersByTimeAsync(PAINT_WAIT_MS / 2);
    expect(events).toEqual([]);
    expect(frames).toHaveLength(1);
    frames[0](performance.now());
    expect(events).toEqual([]);
    await jest.advanceTimersByTimeAsync(1);
    await done;
    expect(events).toEqual(['route', 'render']);
  });

  test(`with no frame coming (a hidden tab), after ${PAINT_WAIT_MS} ms`, async () => {
    const events: string[] = [];
    const done = firstRenderWhenReady(Promise.resolve(), async () => void events.push('route'), () => events.push('render'));
    await jest.advanceTimersByTimeAsync(PAINT_WAIT_MS - 1);
    expect(events).toEqual([]);
    await jest.advanceTimersByTimeAsync(1);
    expect(events).toEqual(['route']);
    await jest.advanceTimersByTimeAsync(1);
    await done;
    expect(events).toEqual(['route', 'render']);
  });

  test('a render over the document does not wait for a frame', async () => {
    const render = jest.fn();
    const done = firstRenderWhenReady(Promise.resolve(), undefined, render);
    await jest.advanceTimersByTimeAsync(1);
    await done;
    expect(render).toHaveBeenCalledTimes(1);
    expect(frames).toHaveLength(0);
  });
});
