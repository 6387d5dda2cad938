/**
 * `afterHydration` (src/prerender/hydration.ts): what waits for the prerendered page to hydrate goes
 * on once React owns every node, at once; when it never does, after the cap, and says so in the
 * console (what renders from then on may not match the markup, which e2e checks would otherwise
 * see only as React's minified hydration errors).
 */
import { afterHydration, decideHydration } from '@/prerender/hydration';
import { PRERENDERED_ATTRIBUTE } from '../../contract/rules/sitePaths';
import { mediaQueryList } from '../mediaQueryList';

jest.mock('@/prerender/firstScreenCookie', () => ({ isPrerenderedVisitor: () => true }));

const HYDRATION_WAIT_MS = 10_000;
let warn: jest.SpyInstance;

beforeAll(() => {
  window.matchMedia = (query: string) => mediaQueryList(query, true);
  document.body.innerHTML = `<div id="root" ${PRERENDERED_ATTRIBUTE}="/"><header></header><main></main></div>`;
  expect(decideHydration()).toBe('/');
});
beforeEach(() => {
  jest.useFakeTimers();
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

test('a page React never takes over: the wait ends after the cap, with a warning', async () => {
  const waited = afterHydration();
  await jest.advanceTimersByTimeAsync(HYDRATION_WAIT_MS - 100);
  expect(await settled(waited)).toBe(false);
  expect(warn).not.toHaveBeenCalled();
  await jest.advanceTimersByTimeAsync(200);
  expect(await settled(waited)).toBe(true);
  expect(warn).toHaveBeenCalledTimes(1);
  expect(warn.mock.calls[0][0]).toMatch(/has not hydrated after 10 s/);
});

test('a page React has hydrated: the wait ends at once, nothing said', async () => {
  for (const element of Array.from(document.querySelectorAll('#root > *'))) Object.assign(element, { __reactFiber$test: {}, __reactProps$test: {} });
  expect(await settled(afterHydration())).toBe(true);
  expect(warn).not.toHaveBeenCalled();
});
