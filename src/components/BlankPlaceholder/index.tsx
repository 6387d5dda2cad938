/**
 * What shows before a page can: the app shell of the document (./shell.ts) while the initial state
 * loads on first render, and while a route's chunk loads (src/loading.tsx) — the shell's
 * skeleton alone inside the layout, the whole shell outside it. Never a blank screen.
 */
import { createContext, useContext } from 'react';
import { shellHtml, skeletonHtml, skeletonKind } from './shell';

/** true below BasicLayout: a loading route shows only the page's skeleton, the layout is there. */
export const InsideLayout = createContext(false);

function currentKind() {
  return skeletonKind(typeof window === 'undefined' ? '/' : window.location.pathname);
}

/** The page's skeleton blocks, for the layout's content area. */
export function PageSkeleton() {
  return <div data-testid="page-skeleton" aria-busy="true" dangerouslySetInnerHTML={{ __html: skeletonHtml(currentKind()) }} />;
}

/** The whole shell (header, skeleton, phone tab bar), the same markup as the document's. */
export default function BlankPlaceholder() {
  return <div data-testid="blank-placeholder" dangerouslySetInnerHTML={{ __html: shellHtml(currentKind()) }} />;
}

/** Umi's loading component of route chunks (src/loading.tsx). */
export function RouteLoading() {
  return useContext(InsideLayout) ? <PageSkeleton /> : <BlankPlaceholder />;
}
