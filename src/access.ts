/**
 * The access map (DESIGN §5): `isLogin` plus the admin feature flags of config/access.ts.
 * Route rules over this map live in src/utils/routeAccess.ts.
 */
import featureFlags from '../config/access';
import type { InitialState } from '@/initialState';

export type AccessMap = { isLogin: boolean } & { [Flag in keyof typeof featureFlags]: boolean };

export default function access(initialState?: Partial<InitialState>): AccessMap {
  return { ...featureFlags, isLogin: !!initialState?.currentUser };
}
