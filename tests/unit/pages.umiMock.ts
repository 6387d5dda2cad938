/**
 * What unit tests replace in '@umijs/max': the access map, the initial state and the matched
 * routes (Umi computes these from its runtime, which tests do not boot). Everything else is real.
 *
 * A test file mocks '@umijs/max' with a factory returning `require('./pages.umiMock').mockUmi()`.
 */
import type { ProfileType } from '../../contract/user';

export interface MatchableRoute {
  path?: string;
  name?: string;
  index?: boolean;
  children?: MatchableRoute[];
}

export const appState: {
  access: Record<string, boolean>;
  user?: ProfileType;
  setInitialState: jest.Mock;
  routes: MatchableRoute[];
} = {
  access: {},
  user: undefined,
  setInitialState: jest.fn(),
  routes: [],
};

export const TEST_USER: ProfileType = {
  uid: '100001',
  address: '0x1234567890AbcdEF1234567890aBcdef12345678',
  inviteCode: 'PF8K2Q',
  hasPayPassword: true,
  inviterUid: null,
  createdAt: '2026-01-02 03:04:05',
};

/** Signed in or out, with every feature flag on unless overridden. */
export function setSignedIn(signedIn: boolean, flags: Record<string, boolean> = {}): void {
  appState.user = signedIn ? TEST_USER : undefined;
  appState.access = { calculate: true, mall: true, transfer: true, deposit: true, invite: true, withdraw: true, ...flags, isLogin: signedIn };
}

export function mockUmi() {
  const actual = jest.requireActual('@umijs/max');
  const { matchRoutes, useLocation } = jest.requireActual('react-router-dom');
  const replaced: Record<string, unknown> = {
    useAccess: () => appState.access,
    useModel: () => ({
      initialState: { currentUser: appState.user, fetchUserInfo: async () => appState.user },
      setInitialState: appState.setInitialState,
    }),
    useSelectedRoutes: () => matchRoutes(appState.routes, useLocation().pathname) ?? [],
  };
  // a Proxy, not a spread: Umi's exports load in a cycle through src/app.tsx, so they are read lazily
  return new Proxy(replaced, {
    get: (target, key: string) => (key in target ? target[key] : actual[key]),
    has: (target, key) => key in target || key in actual,
  });
}
