import featureDefaults from '../../config/access';
import { fetchInitialState, fetchUserInfo, withCurrentUser } from '@/initialState';
import { flags } from '@/services/features';
import { profile } from '@/services/user';
import { isSignedIn, setSession } from '@/session';

jest.mock('@/services/user', () => ({ profile: jest.fn() }));
jest.mock('@/services/features', () => ({ flags: jest.fn() }));

const mockedProfile = profile as jest.Mock;
const mockedFlags = flags as jest.Mock;
const SERVER_FLAGS = { calculate: false, mall: true, transfer: false, deposit: true, invite: false, withdraw: false };
const user = { uid: '1001', address: '0x0000000000000000000000000000000000000001', inviteCode: 'AB12', hasPayPassword: false, inviterUid: null, createdAt: '2024-01-01 00:00:00' };

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  mockedProfile.mockReset();
  mockedFlags.mockReset();
  mockedFlags.mockResolvedValue(SERVER_FLAGS);
});

describe('fetchInitialState', () => {
  it('without a token: no profile call, no user, a refetch function', async () => {
    const state = await fetchInitialState();
    expect(mockedProfile).not.toHaveBeenCalled();
    expect(state.currentUser).toBeUndefined();
    expect(typeof state.fetchUserInfo).toBe('function');
  });

  it('with a token: fetches the profile silently (skipErrorHandler) and exposes the user', async () => {
    setSession('tok', user);
    mockedProfile.mockResolvedValue(user);
    const state = await fetchInitialState();
    expect(state.currentUser).toEqual(user);
    expect(mockedProfile).toHaveBeenCalledWith(expect.objectContaining({ skipErrorHandler: true, signal: expect.any(AbortSignal) }));
  });

  it('a new tab restores the session from localStorage before fetching', async () => {
    localStorage.setItem('token', 'tok');
    localStorage.setItem('userInfo', JSON.stringify(user));
    mockedProfile.mockResolvedValue(user);
    const state = await fetchInitialState();
    expect(isSignedIn()).toBe(true);
    expect(state.currentUser).toEqual(user);
  });

  it('a failed profile fetch is ignored: no user, no error, the session stays', async () => {
    setSession('tok', user);
    mockedProfile.mockRejectedValue(Object.assign(new Error('Network Error'), { request: {} }));
    const state = await fetchInitialState();
    expect(state.currentUser).toBeUndefined();
    expect(isSignedIn()).toBe(true);
  });

  it('a token the server rejects (401) is dropped quietly', async () => {
    setSession('revoked', user);
    mockedProfile.mockRejectedValue(Object.assign(new Error('401'), { response: { status: 401 } }));
    const state = await fetchInitialState();
    expect(state.currentUser).toBeUndefined();
    expect(isSignedIn()).toBe(false);
    expect(localStorage.getItem('token')).toBeNull();
  });
});

describe('feature flags in the initial state', () => {
  it('a visitor gets the server\'s flags, fetched silently with a short timeout', async () => {
    const state = await fetchInitialState();
    expect(state.features).toEqual(SERVER_FLAGS);
    expect(mockedFlags).toHaveBeenCalledWith(expect.objectContaining({ skipErrorHandler: true, timeout: expect.any(Number) }));
  });

  it('a signed-in user gets them too, asked at the same time as the profile', async () => {
    setSession('tok', user);
    const started: string[] = [];
    const answer = <T,>(name: string, value: T) => () => {
      started.push(name);
      // neither call answers before both have started
      return new Promise<T>((resolve) => setTimeout(() => resolve(value), 20));
    };
    mockedProfile.mockImplementation(answer('profile', user));
    mockedFlags.mockImplementation(answer('flags', SERVER_FLAGS));
    const pending = fetchInitialState();
    expect(started.sort()).toEqual(['flags', 'profile']);
    const state = await pending;
    expect(state.currentUser).toEqual(user);
    expect(state.features).toEqual(SERVER_FLAGS);
  });

  it('when the flags cannot be fetched, the defaults of config/access.ts are used, silently', async () => {
    mockedFlags.mockRejectedValue(Object.assign(new Error('Network Error'), { request: {} }));
    expect((await fetchInitialState()).features).toEqual(featureDefaults);
  });

  it('only known boolean flags are taken from the answer; the rest keep their defaults', async () => {
    mockedFlags.mockResolvedValue({ transfer: false, mall: 'no', teleport: true });
    expect((await fetchInitialState()).features).toEqual({ ...featureDefaults, transfer: false });
  });
});

describe('fetchUserInfo', () => {
  it('cancels the fetch in flight when a new one starts', async () => {
    const signals: AbortSignal[] = [];
    mockedProfile.mockImplementation(
      ({ signal }: { signal: AbortSignal }) =>
        new Promise((resolve, reject) => {
          signals.push(signal);
          signal.addEventListener('abort', () => reject(Object.assign(new Error('canceled'), { name: 'CanceledError' })));
          setTimeout(() => resolve(user), 10);
        }),
    );
    const first = fetchUserInfo();
    const second = fetchUserInfo();
    expect(signals[0].aborted).toBe(true);
    expect(signals[1].aborted).toBe(false);
    await expect(first).resolves.toBeUndefined();
    await expect(second).resolves.toEqual(user);
  });
});

describe('withCurrentUser', () => {
  it('replaces only the user and keeps the refetch function', () => {
    const refetch = jest.fn();
    const features = { ...featureDefaults, mall: false };
    expect(withCurrentUser(user)({ fetchUserInfo: refetch, features })).toEqual({ fetchUserInfo: refetch, features, currentUser: user });
    expect(withCurrentUser(undefined)({ fetchUserInfo: refetch, features, currentUser: user }).currentUser).toBeUndefined();
    expect(typeof withCurrentUser(user)(undefined).fetchUserInfo).toBe('function');
  });
});
