/**
 * Which components React renders once a prerendered page has hydrated. Before any script, the page
 * gets a stand-in for React DevTools' global hook (React's production build reports every commit
 * to it). At each commit the fiber tree is walked: while a Suspense boundary is still dehydrated,
 * each component's props and state are only noted (and in the commit that hydrates the last one);
 * after that, a component whose props or state are not the ones noted has rendered (or mounted),
 * and the first element of its markup is kept.
 */
import type { Page } from 'puppeteer-core';

/** Installed as a string: it runs in the page before React, and must not pass through the test's compiler. */
const HOOK = `(() => {
  const COMPONENT_TAGS = new Set([0, 1, 11, 15]);
  const SUSPENSE_TAG = 13;
  const noted = new WeakMap();
  let hydrationDone = false;
  window.__rendersAfterHydration = [];
  const firstElement = (fiber) => {
    let node = fiber.child;
    while (node && !(node.stateNode instanceof Element)) node = node.child;
    return node ? node.stateNode : null;
  };
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    isDisabled: false,
    supportsFiber: true,
    renderers: new Map(),
    inject: () => 1,
    onScheduleFiberRoot: () => undefined,
    onCommitFiberUnmount: () => undefined,
    onPostCommitFiberRoot: () => undefined,
    checkDCE: () => undefined,
    onCommitFiberRoot: (_id, root) => {
      // the commit that hydrates the last boundary is hydration's own: count from the next one
      const counting = hydrationDone;
      let dehydrated = !!(root.current.memoizedState && root.current.memoizedState.isDehydrated);
      const stack = [root.current];
      while (stack.length) {
        const fiber = stack.pop();
        if (fiber.tag === SUSPENSE_TAG && fiber.memoizedState && fiber.memoizedState.dehydrated) dehydrated = true;
        if (COMPONENT_TAGS.has(fiber.tag)) {
          const before = noted.get(fiber) || noted.get(fiber.alternate);
          const rendered = !before || before.props !== fiber.memoizedProps || before.state !== fiber.memoizedState;
          noted.set(fiber, { props: fiber.memoizedProps, state: fiber.memoizedState });
          if (counting && rendered) window.__rendersAfterHydration.push(firstElement(fiber));
        }
        if (fiber.child) stack.push(fiber.child);
        if (fiber.sibling) stack.push(fiber.sibling);
      }
      hydrationDone = !dehydrated;
      if (dehydrated) window.__hydratedMarkup = true;
      else if (window.__hydratedMarkup) window.__hydrationDone = true;
    },
  };
})();`;

/** Call before the page loads. */
export async function watchRendersAfterHydration(page: Page): Promise<void> {
  await page.evaluateOnNewDocument(HOOK);
}

/** Waits until React has hydrated the page's last Suspense boundary (a slow CPU can put that after a second of quiet network). */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => (window as unknown as { __hydrationDone?: boolean }).__hydrationDone === true, { timeout: 20_000 });
}

/** Whether React hydrated markup on this page (rather than rendering over it). */
export function hydratedMarkup(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { __hydratedMarkup?: boolean }).__hydratedMarkup === true);
}

/** Where the first element of a component's markup is: that element (`at`), or inside one (`within`). */
export interface MarkupPlace {
  at?: string;
  within?: string;
}

/** How many components rendered after hydration, in all or with their markup in `place`. */
export function rendersAfterHydration(page: Page, place: MarkupPlace = {}): Promise<number> {
  return page.evaluate(
    ({ at, within }) =>
      (window as unknown as { __rendersAfterHydration: Array<Element | null> }).__rendersAfterHydration.filter(
        (element) => (!at && !within) || (!!element && ((!!at && element.matches(at)) || (!!within && !!element.closest(within)))),
      ).length,
    place,
  );
}
