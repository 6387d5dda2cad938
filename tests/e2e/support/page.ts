/** Small waits on what a person sees: the address bar and texts on screen. */
import type { Page } from 'puppeteer-core';

/** how long a wait on the page lasts before the test fails */
export const WAIT_MS = 20_000;

/** Path + search + hash of the page's current address. */
export function currentPath(page: Page): string {
  const url = new URL(page.url());
  return url.pathname + url.search + url.hash;
}

/**
 * Polls on a timer: puppeteer's default polls on animation frames, which a tab in the background
 * never gets, so a change made there after the first look (a sign-out from another tab) went unseen.
 */
const POLL_MS = 100;

/** Waits until the address (path + search + hash) equals `expected`. */
export async function waitForPath(page: Page, expected: string): Promise<void> {
  try {
    await page.waitForFunction((path) => location.pathname + location.search + location.hash === path, { timeout: WAIT_MS, polling: POLL_MS }, expected);
  } catch (error) {
    throw new Error(`expected the address ${expected}, the page is at ${currentPath(page)} (${(error as Error).message})`);
  }
}

/** The page a route shows: the elements of the layout's content area, which a route change replaces. */
const PAGE_ROOTS = 'main.ant-layout-content > :not([data-testid="offline-notice"])';

/**
 * Moves the loaded app to `path` as a click on a link does (a history entry and the popstate event
 * the app's router, history's browser history, listens to), without loading the document again;
 * resolves once the page shown before is gone. A route that shows the same page with other
 * parameters keeps it, and is refused: load it with `page.goto`.
 */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate(
    (to, selector) => {
      (window as unknown as { __previousPage?: Element[] }).__previousPage = [...document.querySelectorAll(selector)];
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    },
    path,
    PAGE_ROOTS,
  );
  await waitForPath(page, path);
  await page
    .waitForFunction(() => ((window as unknown as { __previousPage?: Element[] }).__previousPage ?? []).every((element) => !element.isConnected), {
      timeout: 10_000,
      polling: POLL_MS,
    })
    .catch(() => {
      throw new Error(`${path}: the page before it is still shown (the same page with other parameters? load it anew)`);
    });
}

/** Waits until an element matching `selector` shows `text` (its innerText contains it). */
export async function waitForText(page: Page, selector: string, text: string, timeout = WAIT_MS): Promise<void> {
  try {
    await page.waitForFunction(
      (sel, t) => Array.from(document.querySelectorAll<HTMLElement>(sel)).some((el) => el.innerText.includes(t)),
      { timeout, polling: POLL_MS },
      selector,
      text,
    );
  } catch {
    const shown = await page.$$eval(selector, (els) => els.map((el) => (el as HTMLElement).innerText)).catch(() => []);
    throw new Error(`expected "${text}" in ${selector}; found ${JSON.stringify(shown)} at ${currentPath(page)}`);
  }
}

/** With JavaScript off: the notice at the top of the page, its text and where it ends (fails when it is not there). */
export function noScriptNotice(page: Page): Promise<{ text: string; bottom: number }> {
  return page.$eval('.pf-noscript', (el) => ({ text: (el as HTMLElement).innerText, bottom: el.getBoundingClientRect().bottom }));
}

/** The innerText of every element matching `selector`. */
export function textsOf(page: Page, selector: string): Promise<string[]> {
  return page.$$eval(selector, (els) => els.map((el) => (el as HTMLElement).innerText));
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The ICU placeholders (`{name}`) showing in the page's text: a message formatted from its raw string shows them. */
export function placeholdersShown(page: Page): Promise<string[]> {
  return page.evaluate(() => document.body.innerText.match(/\{[^}\s]*\}/g) ?? []);
}

/**
 * Resolves once every element matching `scope` (the whole document when omitted) is still: no
 * finite animation running inside it, and no element in it in the prepare or start step of antd's
 * motion. The class check matters: a dialog waits in those steps, a frame or two before its active
 * step's animation runs, scaled down with nothing running yet. An element left in an active step
 * with nothing running is still (a button's loading icon whose leave transition never ended keeps
 * its `-leave-active` class). Endless animations (spinners, skeleton shimmer) never finish, so
 * they are not waited for.
 */
export async function waitForMotionToEnd(page: Page, scope?: string, timeout = WAIT_MS): Promise<void> {
  await page.waitForFunction(
    (selector) => {
      const roots = selector ? [...document.querySelectorAll(selector)] : [document.documentElement];
      if (roots.length === 0) return false;
      const motionStep = /-(appear|enter|leave)-(prepare|start)$/;
      return roots.every((root) => {
        const elements = [root, ...root.querySelectorAll('*')];
        if (elements.some((element) => [...element.classList].some((name) => motionStep.test(name)))) return false;
        return root
          .getAnimations({ subtree: true })
          .every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity);
      });
    },
    { timeout },
    scope ?? '',
  );
}

/**
 * Resolves once the network has been quiet for `idleMs`. First as Puppeteer counts it (no request
 * in flight by the protocol's events); that count now and then misses a request's end, more often
 * with a service worker answering, and then waits for a quiet that has long come. So after
 * `trustMs` it asks the page instead: no new finished request in its resource timing for `idleMs`.
 */
export async function waitForNetworkQuiet(page: Page, idleMs: number, trustMs = 10_000): Promise<void> {
  const counted = await page.waitForNetworkIdle({ idleTime: idleMs, timeout: trustMs }).then(
    () => true,
    () => false,
  );
  if (counted) return;
  await page.waitForFunction(
    (quietFor) => {
      const w = window as unknown as { __quiet?: { count: number; since: number } };
      if (!w.__quiet) performance.setResourceTimingBufferSize(100_000);
      const count = performance.getEntriesByType('resource').length;
      const now = performance.now();
      if (!w.__quiet || w.__quiet.count !== count) w.__quiet = { count, since: now };
      return now - w.__quiet.since >= quietFor;
    },
    { timeout: WAIT_MS, polling: POLL_MS },
    idleMs,
  );
}

export interface FetchedScript {
  path: string;
  body: Promise<Buffer>;
  /** who asked for it: `parser` (the document), else the path of the script whose code did */
  askedBy: string;
}

/** Every script `page` fetches from now on (path, body and who asked for it). */
export function scriptsFetchedBy(page: Page): FetchedScript[] {
  const scripts: FetchedScript[] = [];
  page.on('response', (response) => {
    const request = response.request();
    if (request.resourceType() !== 'script' || !response.ok()) return;
    const initiator = request.initiator();
    const caller = initiator?.stack?.callFrames[0]?.url ?? initiator?.url;
    const askedBy = initiator?.type === 'parser' || !caller ? (initiator?.type ?? 'other') : new URL(caller).pathname;
    scripts.push({ path: new URL(response.url()).pathname, body: response.buffer().catch(() => Buffer.alloc(0)), askedBy });
  });
  return scripts;
}
