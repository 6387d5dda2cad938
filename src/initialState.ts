/**
 * Umi's initial state: who is signed in (spec §4 state machine, DESIGN §5).
 *
 * Start → restore the session of this tab (or copy it from another tab) → with a token, ask the
 * server for the profile → signed in; on any failure stay silently signed out.
 */
import type { ProfileType } from '../contract/user';
import { profile } from '@/services/user';
import { clearSession, getToken, restoreSession } from '@/session';

export interface InitialState {
  currentUser?: ProfileType;
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
    if ((error as { response?: { status?: number } }).response?.status === 401) clearSession();
    return undefined;
  } finally {
    if (inFlight === controller) inFlight = undefined;
  }
}

export async function fetchInitialState(): Promise<InitialState> {
  restoreSession();
  const currentUser = getToken() ? await fetchUserInfo() : undefined;
  return { currentUser, fetchUserInfo };
}

/** A `setInitialState` updater that replaces only the current user (undefined = signed out). */
export function withCurrentUser(user: ProfileType | undefined) {
  return (state: InitialState | undefined): InitialState => ({ fetchUserInfo, ...state, currentUser: user });
}
