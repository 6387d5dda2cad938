import { fetchInitialState, fetchUserInfo, withCurrentUser } from '@/initialState';
import { profile } from '@/services/user';
import { isSignedIn, setSession } from '@/session';

jest.mock('@/services/user', () => ({ profile: jest.fn() }));

const mockedProfile = profile as jest.Mock;
const user = { uid: '1001', address: '0x0000000000000000000000000000000000000001', inviteCode: 'AB12', hasPayPassword: false, inviterUid: null, createdAt: '2024-01-01 00:00:00' };

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  mockedProfile.mockReset();
});

describe('fetchInitialState (spec §4)', () => {
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
    expect(withCurrentUser(user)({ fetchUserInfo: refetch })).toEqual({ fetchUserInfo: refetch, currentUser: user });
    expect(withCurrentUser(undefined)({ fetchUserInfo: refetch, currentUser: user }).currentUser).toBeUndefined();
    expect(typeof withCurrentUser(user)(undefined).fetchUserInfo).toBe('function');
  });
});
