/**
 * Umi's initial state: who is signed in (spec §4 state machine, DESIGN §5) and which features are
 * switched on.
 *
 * Start → restore the session of this tab (or copy it from another tab) → with a token, ask the
 * server for the profile → signed in; on any failure stay silently signed out. The feature flags
 * are fetched at the same time (visitors need them too), so they add no wait of their own.
 */
import type { ProfileType } from '../contract/user';
import { DEFAULT_FEATURE_FLAGS, fetchFeatureFlags, type FeatureFlags } from '@/featureFlags';
import { profile } from '@/services/user';
import { clearSession, getToken, restoreSession } from '@/session';
import { markSignedOut } from '@/wallet/autoLoginGuard';

export interface InitialState {
  currentUser?: ProfileType;
  /** the server's feature flags when the app started */
  features: FeatureFlags;
  fetchUserInfo: () => Promise<ProfileType | undefined>;
}

let inFlight: AbortController | undefined;

/** Fetches the signed-in user; a newer call cancels the one still running. Never shows errors. */
export async function fetchUserInfo(): Promise<ProfileType | undefined> {
  inFlight?.abort();
  const controller = new AbortController();
  inFlight = controller;
  try {
    return await profile({ skipErrorHandler: true, signal: controller.signal });
  } catch (error) {
    // a token the server no longer accepts would make every later call fail: drop it quietly
    // (and no silent sign-in again: the user signs in on /login by choice)
    if ((error as { response?: { status?: number } }).response?.status === 401) {
      markSignedOut();
      clearSession();
    }
    return undefined;
  } finally {
    if (inFlight === controller) inFlight = undefined;
  }
}

export async function fetchInitialState(): Promise<InitialState> {
  restoreSession();
  const [currentUser, features] = await Promise.all([getToken() ? fetchUserInfo() : undefined, fetchFeatureFlags()]);
  return { currentUser, features, fetchUserInfo };
}

/** A `setInitialState` updater that replaces only the current user (undefined = signed out). */
export function withCurrentUser(user: ProfileType | undefined) {
  return (state: InitialState | undefined): InitialState => ({ fetchUserInfo, features: DEFAULT_FEATURE_FLAGS, ...state, currentUser: user });
}
