/**
 * `afterHydration` (src/prerender/hydration.ts): what waits for the prerendered page to hydrate goes
 * on once React has committed the hydration of every Suspense boundary, not when the boundary's DOM
 * nodes merely carry React's keys. React puts those keys on a node while rendering, before it
 * commits; a boundary whose render suspended (or was interrupted and restarted) keeps its markup
 * dehydrated with keyed nodes in it. A wait that ended then let the page's data block go and the
 * initial state arrive before the boundary hydrated: React rendered a skeleton over the markup
 * (hydration error #418, seen in CI on /calculate on a slow phone). When React never hydrates the
 * page, the wait ends after the cap and says so in the console (what renders from then on may not
 * match the markup, which e2e checks would otherwise see only as React's minified errors); what the
 * hydrating render needs (`whenHydrated`, the page's data block) is kept past the cap.
 */
import { Suspense } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { act } from '@testing-library/react';
import { afterHydration, decideHydration, whenHydrated } from '@/prerender/hydration';
import { PRERENDERED_ATTRIBUTE } from '../../contract/rules/sitePaths';
import { mediaQueryList } from '../mediaQueryList';

jest.mock('@/prerender/firstScreenCookie', () => ({ isPrerenderedVisitor: () => true }));

const HYDRATION_WAIT_MS = 10_000;
let warn: jest.SpyInstance;

/** While set, the boundary's last child suspends in the browser (on the server it renders nothing). */
let pending: Promise<void> | undefined;
function Tail() {
  if (pending) throw pending;
  return null;
}

function Page() {
  return (
    <>
      <header>PowerFi</header>
      <Suspense fallback={<p>加载中</p>}>
        <main>
          <p>算力产品</p>
        </main>
        <Tail />
      </Suspense>
    </>
  );
}

beforeAll(() => {
  window.matchMedia = (query: string) => mediaQueryList(query, true);
  document.body.innerHTML = `<div id="root" ${PRERENDERED_ATTRIBUTE}="/">${renderToString(<Page />)}</div>`;
  expect(decideHydration()).toBe('/');
});
beforeEach(() => {
  warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  jest.useRealTimers();
  warn.mockRestore();
});

/** Whether `promise` has settled by now (after the microtasks queued so far). */
async function settled(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await Promise.resolve();
  await Promise.resolve();
  return done;
}

/** Whether `promise` has settled after the polls of the next `ms` milliseconds (real time, React rendering meanwhile). */
async function settledWithin(promise: Promise<void>, ms: number): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await act(() => new Promise((resolve) => setTimeout(resolve, ms)));
  return done;
}

test('a page React never takes over: the wait ends after the cap, with a warning; what the hydrating render needs is kept past it', async () => {
  jest.useFakeTimers();
  const waited = afterHydration();
  const kept = whenHydrated();
  await jest.advanceTimersByTimeAsync(HYDRATION_WAIT_MS - 100);
  expect(await settled(waited)).toBe(false);
  expect(warn).not.toHaveBeenCalled();
  await jest.advanceTimersByTimeAsync(200);
  expect(await settled(waited)).toBe(true);
  expect(warn).toHaveBeenCalledTimes(1);
  expect(warn.mock.calls[0][0]).toMatch(/has not hydrated after 10 s/);
  await jest.advanceTimersByTimeAsync(5 * HYDRATION_WAIT_MS);
  expect(await settled(kept)).toBe(false);
  expect(warn).toHaveBeenCalledTimes(1);
});

test('a boundary whose hydration render suspended after its nodes got React\'s keys: the wait goes on until React commits it, then ends, nothing said', async () => {
  const container = document.getElementById('root')!;
  const main = container.querySelector('main')!;
  let load: () => void = () => undefined;
  pending = new Promise<void>((resolve) => (load = resolve));
  const waited = afterHydration();
  const kept = whenHydrated();
  let root: { unmount: () => void } | undefined;
  await act(async () => {
    root = hydrateRoot(container, <Page />);
  });
  expect(await settledWithin(waited, 300)).toBe(false);
  expect(await settled(kept)).toBe(false);
  // the state that fooled a check of the nodes' keys: every node under #root is keyed, the boundary still dehydrated
  for (const element of Array.from(container.querySelectorAll('*'))) expect(Object.keys(element).some((key) => key.startsWith('__reactFiber$'))).toBe(true);

  pending = undefined;
  await act(async () => load());
  expect(await settledWithin(waited, 300)).toBe(true);
  expect(await settled(kept)).toBe(true);
  // hydrated, not rendered over: the server's node is the one on the page
  expect(container.querySelector('main')).toBe(main);
  expect(container.textContent).toBe('PowerFi算力产品');
  // once hydrated, a wait ends at once
  expect(await settled(afterHydration())).toBe(true);
  expect(warn).not.toHaveBeenCalled();
  act(() => root?.unmount());
});
