/**
 * The access map (DESIGN §5): `isLogin` plus the feature flags the server handed over at start
 * (src/featureFlags.ts; config/access.ts names them and gives the defaults).
 * Route rules over this map live in src/utils/routeAccess.ts.
 */
import featureDefaults from '../config/access';
import type { FeatureFlags } from '@/featureFlags';
import type { InitialState } from '@/initialState';

export type AccessMap = { isLogin: boolean } & FeatureFlags;

/** Before the initial state has the flags, every flagged route stays closed (nothing is shown then). */
const CLOSED = Object.fromEntries(Object.keys(featureDefaults).map((feature) => [feature, false])) as FeatureFlags;

export default function access(initialState?: Partial<InitialState>): AccessMap {
  return { ...CLOSED, ...initialState?.features, isLogin: !!initialState?.currentUser };
}
