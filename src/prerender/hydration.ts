/**
 * Whether this visit hydrates the page plugins/prerender wrote into the document. The server
 * rendered it for one visitor: signed out, zh-CN, light theme, a phone, no query string. React
 * may hydrate only when the browser's first render is that one; any other visitor gets the app
 * rendered over the markup, as without the prerender.
 */
import { PHONE_MEDIA_QUERY } from '@/constants/app';
import { isPrerenderedVisitor } from './firstScreenCookie';
import { PRERENDERED_ATTRIBUTE, PRERENDERED_SHELL_ID, isPathOfRoute } from '../../contract/rules/sitePaths';

let hydrating = false;

/** The route the document's page was rendered for, when this visit is the visitor it was rendered for. */
function prerenderedRouteOfVisit(): string | undefined {
  const route = document.getElementById('root')?.getAttribute(PRERENDERED_ATTRIBUTE);
  const fits =
    !!route &&
    isPathOfRoute(route, window.location.pathname) &&
    !window.location.search &&
    isPrerenderedVisitor() &&
    window.matchMedia(PHONE_MEDIA_QUERY).matches;
  return fits ? route : undefined;
}

/**
 * The document as the app takes it over. A visitor shown the shell (the prerendered document's CSS
 * shows it on a wider screen or a dark theme, server/prerender/prerenderedDocument.ts) gets it back into
 * #root, so the app renders over the shell as over the plain document; a visitor shown the page
 * keeps it until React hydrates it or renders over it. Either way the mark goes, so that no rule
 * of that CSS applies to the running app (say, once its user picks the dark theme).
 */
function takeOverDocument(): void {
  const root = document.getElementById('root');
  const shell = document.getElementById(PRERENDERED_SHELL_ID);
  if (!root || !shell) return;
  if (!hydrating && getComputedStyle(shell).display !== 'none') root.innerHTML = shell.innerHTML;
  root.removeAttribute(PRERENDERED_ATTRIBUTE);
  shell.remove();
}

/**
 * Decided once, before the first render (src/app.tsx `render`), after html[data-theme] is set:
 * the route of the page this visit hydrates, or undefined when it renders over the document.
 */
export function decideHydration(): string | undefined {
  const route = prerenderedRouteOfVisit();
  hydrating = route !== undefined;
  takeOverDocument();
  return route;
}

/** While true, the first render must equal the server's (no loading placeholder for the initial state). */
export function isHydrating(): boolean {
  return hydrating;
}

/** Prerendering (no window) or hydrating: the render must be the prerendered visitor's. */
export function rendersPrerenderedPage(): boolean {
  return typeof window === 'undefined' || hydrating;
}

/** How long the initial state may wait for the page to hydrate, at most. */
const HYDRATION_WAIT_MS = 10_000;
const HYDRATION_POLL_MS = 50;
/** How often a wait past the cap looks again (only `whenHydrated` waits that long). */
const HYDRATION_LATE_POLL_MS = 1_000;

/** The parts of React's fibers read here (internal, stable through React 18). */
interface Fiber {
  tag: number;
  child: Fiber | null;
  sibling: Fiber | null;
  memoizedState: { isDehydrated?: boolean; dehydrated?: unknown } | null;
  stateNode: { current?: Fiber } | null;
}

/** React's tags for the fibers read here. */
const HOST_ROOT = 3;
const SUSPENSE = 13;

/**
 * Whether React has committed the hydration of the whole page: its committed tree (what the root
 * container's FiberRoot calls current, which changes only at a commit) is hydrated at the root and
 * holds no Suspense boundary still dehydrated. The keys React puts on a DOM node are no such sign:
 * it puts them while rendering, and a boundary whose hydration render suspended or was restarted
 * keeps its markup dehydrated with keyed nodes in it.
 */
function hydrationCommitted(container: Element): boolean {
  const key = Object.keys(container).find((name) => name.startsWith('__reactContainer$'));
  const first = key ? (container as unknown as Record<string, Fiber | undefined>)[key] : undefined;
  const current = first?.stateNode?.current;
  if (!current || current.tag !== HOST_ROOT || current.memoizedState?.isDehydrated !== false) return false;
  const pending: Fiber[] = [current];
  for (let fiber = pending.pop(); fiber; fiber = pending.pop()) {
    if (fiber.tag === SUSPENSE && fiber.memoizedState?.dehydrated) return false;
    if (fiber.sibling) pending.push(fiber.sibling);
    if (fiber.child) pending.push(fiber.child);
  }
  return true;
}

/** Resolves once `hydrationCommitted`, polled; after `capMs` (when given), resolves anyway and says so. */
function whenCommitted(capMs?: number): Promise<void> {
  if (!hydrating) return Promise.resolve();
  const root = document.getElementById('root');
  const started = Date.now();
  return new Promise((resolve) => {
    const check = () => {
      const waited = Date.now() - started;
      if (!root || hydrationCommitted(root)) resolve();
      else if (capMs !== undefined && waited > capMs) {
        // what waits goes on regardless; said, because what renders from here may not match the markup
        console.warn(`The prerendered page has not hydrated after ${capMs / 1000} s; the app goes on without waiting for it.`);
        resolve();
      } else setTimeout(check, waited > HYDRATION_WAIT_MS ? HYDRATION_LATE_POLL_MS : HYDRATION_POLL_MS);
    };
    check();
  });
}

/**
 * Resolves once React has hydrated the whole prerendered page (at once when not hydrating), or
 * after the cap. React 18 hydrates each Suspense boundary (Umi puts one around every route) after
 * the root, at idle priority: an update reaching one before that makes React drop its markup (error
 * #421), and a boundary hydrated after the initial state arrived would render other than the server
 * did. So the initial state (plugins/prerender patches Umi's model) waits for this.
 */
export function afterHydration(): Promise<void> {
  return whenCommitted(HYDRATION_WAIT_MS);
}

/**
 * Resolves once React has hydrated the whole prerendered page, however long that takes: what the
 * hydrating render needs (the page's data block, ./pageData.tsx) is kept until then. Past the cap,
 * an update reaching a boundary still dehydrated makes React hydrate it first, and that render
 * must still find the data the markup was rendered with.
 */
export function whenHydrated(): Promise<void> {
  return whenCommitted();
}
