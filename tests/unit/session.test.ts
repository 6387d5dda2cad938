import {
  clearSession,
  getStoredUser,
  getTheme,
  getToken,
  isSignedIn,
  restoreSession,
  SESSION_KEYS,
  setSession,
  setTheme,
  subscribeToUserChanges,
  updateStoredUser,
} from '@/session';

const alice = { uid: '1001', address: '0xA11ce' };
const bob = { uid: '1002', address: '0xB0b' };

/** What the browser does in the other tabs after this tab wrote localStorage. */
function storageEventFromOtherTab(key: string | null) {
  window.dispatchEvent(new StorageEvent('storage', { key, storageArea: localStorage }));
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('session storage', () => {
  it('uses the keys token, userInfo and theme', () => {
    expect(SESSION_KEYS).toEqual({ token: 'token', userInfo: 'userInfo', theme: 'theme' });
  });

  it('mirrors token and user into sessionStorage and localStorage', () => {
    setSession('tok-1', alice);
    for (const storage of [sessionStorage, localStorage]) {
      expect(storage.getItem('token')).toBe('tok-1');
      expect(JSON.parse(storage.getItem('userInfo')!)).toEqual(alice);
    }
    expect(isSignedIn()).toBe(true);
    expect(getStoredUser()).toEqual(alice);
  });

  it('is signed in only with both token and user in sessionStorage', () => {
    sessionStorage.setItem('token', 't');
    expect(isSignedIn()).toBe(false);
    sessionStorage.setItem('userInfo', JSON.stringify(alice));
    expect(isSignedIn()).toBe(true);
    sessionStorage.removeItem('token');
    localStorage.setItem('token', 't');
    expect(isSignedIn()).toBe(false);
  });

  it('reads the token from localStorage first, then sessionStorage', () => {
    sessionStorage.setItem('token', 'tab');
    expect(getToken()).toBe('tab');
    localStorage.setItem('token', 'shared');
    expect(getToken()).toBe('shared');
    localStorage.clear();
    sessionStorage.clear();
    expect(getToken()).toBeNull();
  });

  it('clears both storages on logout', () => {
    setSession('tok-1', alice);
    clearSession();
    expect([sessionStorage.length, localStorage.length]).toEqual([0, 0]);
    expect(isSignedIn()).toBe(false);
    expect(getToken()).toBeNull();
  });

  it('updates the stored user in both storages', () => {
    setSession('tok-1', alice);
    updateStoredUser({ ...alice, uid: '9' });
    expect(JSON.parse(sessionStorage.getItem('userInfo')!).uid).toBe('9');
    expect(JSON.parse(localStorage.getItem('userInfo')!).uid).toBe('9');
  });

  it('restores the session of another tab into a new tab', () => {
    localStorage.setItem('token', 'tok-1');
    localStorage.setItem('userInfo', JSON.stringify(alice));
    expect(isSignedIn()).toBe(false);
    restoreSession();
    expect(isSignedIn()).toBe(true);
    expect(sessionStorage.getItem('token')).toBe('tok-1');
  });

  it('ignores a corrupt stored user', () => {
    sessionStorage.setItem('userInfo', '{not json');
    expect(getStoredUser()).toBeUndefined();
  });

  it('keeps the theme in localStorage for every tab, light by default on a light system', () => {
    expect(getTheme()).toBe('light');
    setTheme('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(getTheme()).toBe('dark');
    localStorage.setItem('theme', 'purple');
    expect(getTheme()).toBe('light');
  });
});

describe('cross-tab sync', () => {
  it('follows a sign-in, a user switch and a logout made in another tab', () => {
    const seen: unknown[] = [];
    const unsubscribe = subscribeToUserChanges((user) => seen.push(user));

    // another tab signs in: only localStorage changes here
    localStorage.setItem('userInfo', JSON.stringify(alice));
    localStorage.setItem('token', 'tok-a');
    storageEventFromOtherTab('token');
    expect(seen.pop()).toEqual(alice);
    expect(sessionStorage.getItem('token')).toBe('tok-a');
    expect(isSignedIn()).toBe(true);

    localStorage.setItem('userInfo', JSON.stringify(bob));
    storageEventFromOtherTab('userInfo');
    expect(seen.pop()).toEqual(bob);

    localStorage.removeItem('token');
    localStorage.removeItem('userInfo');
    storageEventFromOtherTab('token');
    expect(seen.pop()).toBeNull();
    expect(isSignedIn()).toBe(false);
    expect(sessionStorage.getItem('token')).toBeNull();

    unsubscribe();
    localStorage.setItem('userInfo', JSON.stringify(alice));
    localStorage.setItem('token', 'tok-a');
    storageEventFromOtherTab('token');
    expect(seen).toEqual([]);
  });

  it('ignores storage events about other keys', () => {
    const onChange = jest.fn();
    const unsubscribe = subscribeToUserChanges(onChange);
    storageEventFromOtherTab('umi_locale');
    expect(onChange).not.toHaveBeenCalled();
    unsubscribe();
  });

  it('treats localStorage.clear() in another tab (key null) as a logout', () => {
    setSession('tok-1', alice);
    const onChange = jest.fn();
    const unsubscribe = subscribeToUserChanges(onChange);
    localStorage.clear();
    storageEventFromOtherTab(null);
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(isSignedIn()).toBe(false);
    unsubscribe();
  });

  it('also reports changes made in this tab', () => {
    const onChange = jest.fn();
    const unsubscribe = subscribeToUserChanges(onChange);
    setSession('tok-1', alice);
    expect(onChange).toHaveBeenLastCalledWith(alice);
    updateStoredUser(bob);
    expect(onChange).toHaveBeenLastCalledWith(bob);
    clearSession();
    expect(onChange).toHaveBeenLastCalledWith(null);
    unsubscribe();
  });
});
