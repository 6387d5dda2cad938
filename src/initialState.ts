/**
 * Umi's initial state: who is signed in and which features are switched on.
 *
 * Start → restore the session of this tab (or copy it from another tab) → with a token, ask the
 * server for the profile → signed in. A 401 drops the session (signed out, with the reason kept
 * for the login page); any other failure (5xx, offline, time-out) keeps the token and marks the
 * start as failed, so the signed-in shell shows a retry screen instead of the login page. The
 * feature flags are fetched at the same time (visitors need them too), so they add no wait of
 * their own.
 */
import type { ProfileType } from '../contract/user';
import { DEFAULT_FEATURE_FLAGS, fetchFeatureFlags, type FeatureFlags } from '@/featureFlags';
import { profile } from '@/services/user';
import { getToken, restoreSession } from '@/session';
import { endRefusedSession } from '@/utils/sessionEnded';

export interface InitialState {
  currentUser?: ProfileType;
  /** a token is stored but the profile could not be fetched (not a 401): signed in, page not shown */
  startFailed?: boolean;
  /** the server's feature flags when the app started */
  features: FeatureFlags;
  fetchUserInfo: () => Promise<ProfileType | undefined>;
}

/** The profile, or why there is none: `refused` (401, signed out), `failed` (no usable answer), `cancelled`. */
export type ProfileResult = { user: ProfileType } | { problem: 'refused' | 'failed' | 'cancelled' };

interface ProfileFailure {
  name?: string;
  code?: string;
  response?: { status?: number };
  info?: { errCode?: string; httpStatusCode?: number };
}

let inFlight: AbortController | undefined;

/** Fetches the signed-in user; a newer call cancels the one still running. Never shows errors. */
export async function fetchProfile(): Promise<ProfileResult> {
  inFlight?.abort();
  const controller = new AbortController();
  inFlight = controller;
  try {
    return { user: await profile({ skipErrorHandler: true, signal: controller.signal }) };
  } catch (error) {
    const failure = error as ProfileFailure;
    if (failure.name === 'CanceledError' || failure.code === 'ERR_CANCELED') return { problem: 'cancelled' };
    if (failure.response?.status === 401 || failure.info?.httpStatusCode === 401) {
      endRefusedSession(failure.info?.errCode);
      return { problem: 'refused' };
    }
    return { problem: 'failed' };
  } finally {
    if (inFlight === controller) inFlight = undefined;
  }
}

/** The signed-in user, or undefined for any failure (see fetchProfile for which). */
export async function fetchUserInfo(): Promise<ProfileType | undefined> {
  const result = await fetchProfile();
  return 'user' in result ? result.user : undefined;
}

/** A visitor's state: nobody signed in, with these flags (its keys are the ones fetchInitialState gives a visitor). */
export function visitorState(features: FeatureFlags): InitialState {
  return { features, fetchUserInfo };
}

export async function fetchInitialState(): Promise<InitialState> {
  restoreSession();
  const [result, features] = await Promise.all([getToken() ? fetchProfile() : undefined, fetchFeatureFlags()]);
  if (result && 'user' in result) return { currentUser: result.user, features, fetchUserInfo };
  return { ...visitorState(features), ...(result?.problem === 'failed' ? { startFailed: true } : {}) };
}

/**
 * A `setInitialState` updater that replaces only the current user (undefined = signed out); a user
 * handed over (or a sign-out) also settles what a failed start left open.
 */
export function withCurrentUser(user: ProfileType | undefined) {
  return (state: InitialState | undefined): InitialState => {
    const { startFailed: _settled, ...rest } = state ?? { fetchUserInfo, features: DEFAULT_FEATURE_FLAGS };
    return { ...rest, currentUser: user };
  };
}
