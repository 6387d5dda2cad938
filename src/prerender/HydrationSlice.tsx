/**
 * A part of a prerendered page that React hydrates in a commit of its own, after what surrounds it.
 *
 * React hydrates a page in a transition, rendering in slices of about 5 ms, but commits it at once:
 * the page's markup adopted, every layout effect run, and then, since antd's components set state
 * in layout effects (a button's loading motion, a Row's breakpoints), every passive effect of the
 * page flushed ahead of that synchronous render. On `/` that made one task of about 100 ms at 4×
 * CPU, which a tap waits behind. A Suspense boundary that React finds dehydrated is left for a
 * later pass at idle priority, with a commit of its own; nested, each boundary is one more step.
 *
 * Nothing inside suspends: outside hydration the children render as they are, and the fallback,
 * none, is never shown. The prerendered markup only gains the boundary's comment marks.
 */
import { Suspense, type ReactNode } from 'react';

export default function HydrationSlice({ children }: { children: ReactNode }) {
  return <Suspense fallback={null}>{children}</Suspense>;
}
