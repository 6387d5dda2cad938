/**
 * The access map: `isLogin` (a current user, or a stored token whose start failed: still signed in,
 * src/initialState.ts) plus the feature flags the server handed over at start
 * (src/featureFlags.ts; config/access.ts names them and gives the defaults), plus, in the console,
 * the signed-in operator's permissions (`operators.manage`, …), which its layout puts in the state.
 * Route rules over this map live in src/utils/routeAccess.ts.
 */
import featureDefaults from '../config/access';
import type { FeatureFlags } from '@/featureFlags';
import type { InitialState } from '@/initialState';
import type { OperatorPermission } from '../contract/rules/operators';

export type AccessMap = { isLogin: boolean } & FeatureFlags & Partial<Record<OperatorPermission, boolean>>;

/** What the console adds to the initial state: the permissions of the operator's role (GET /api/v1/admin/me). */
export interface OperatorAccessState {
  operatorPermissions?: readonly OperatorPermission[];
}

/**
 * Before the initial state has the flags, every flagged route stays closed (nothing is shown then).
 * A prerendered page has them from its first render: its state starts as the visitor's, with the
 * default flags (src/prerender/seededInitialState.ts).
 */
const CLOSED = Object.fromEntries(Object.keys(featureDefaults).map((feature) => [feature, false])) as FeatureFlags;

export default function access(initialState?: Partial<InitialState> & OperatorAccessState): AccessMap {
  // first, so that no permission name can stand in for a flag or for isLogin
  const operator = Object.fromEntries((initialState?.operatorPermissions ?? []).map((permission) => [permission, true]));
  return { ...operator, ...CLOSED, ...initialState?.features, isLogin: !!initialState?.currentUser || !!initialState?.startFailed };
}
