/**
 * A section of the app (`/calculate`, `/shopping`, `/my`): its pages, and nothing of its own.
 * Named in config/appRoutes.ts rather than left to Umi's EmptyRoute, which does the same: Umi's
 * route preload helper names the chunks of a route's own component files only, so a first screen
 * fetched EmptyRoute's chunk once `umi.js` had run, one more round trip before it could hydrate.
 */
import { Outlet, useOutletContext } from '@umijs/max';

export default function Section() {
  return <Outlet context={useOutletContext()} />;
}
