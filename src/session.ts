/**
 * Browser session storage (spec §4, DESIGN §5).
 *
 * The token and the user live in sessionStorage (per tab) and are mirrored in localStorage so
 * that a new tab can pick the session up (`restoreSession`) and other tabs hear about changes
 * through the window `storage` event (`subscribeToUserChanges`).
 */
export const SESSION_KEYS = { token: 'token', userInfo: 'userInfo', theme: 'theme' } as const;

export type ThemeMode = 'light' | 'dark';

function parseJson<T>(text: string | null): T | undefined {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as T;
  } catch {
    return undefined;
  }
}

/** The spec's token helper: localStorage first, then this tab's sessionStorage. */
export function getToken(): string | null {
  return localStorage.getItem(SESSION_KEYS.token) || sessionStorage.getItem(SESSION_KEYS.token);
}

export function getStoredUser<T>(): T | undefined {
  return parseJson<T>(
    sessionStorage.getItem(SESSION_KEYS.userInfo) ?? localStorage.getItem(SESSION_KEYS.userInfo),
  );
}

export function setSession(token: string, user: unknown): void {
  const userText = JSON.stringify(user);
  for (const storage of [sessionStorage, localStorage]) {
    // user before token: another tab reacting to the token change already finds the user
    storage.setItem(SESSION_KEYS.userInfo, userText);
    storage.setItem(SESSION_KEYS.token, token);
  }
}

export function updateStoredUser(user: unknown): void {
  const userText = JSON.stringify(user);
  sessionStorage.setItem(SESSION_KEYS.userInfo, userText);
  localStorage.setItem(SESSION_KEYS.userInfo, userText);
}

export function clearSession(): void {
  for (const storage of [sessionStorage, localStorage]) {
    storage.removeItem(SESSION_KEYS.token);
    storage.removeItem(SESSION_KEYS.userInfo);
  }
}

/** Signed in means this tab holds both the token and the user. */
export function isSignedIn(): boolean {
  return (
    !!sessionStorage.getItem(SESSION_KEYS.token) && !!sessionStorage.getItem(SESSION_KEYS.userInfo)
  );
}

/** A new tab starts with an empty sessionStorage: copy the shared session into it. */
export function restoreSession(): void {
  for (const key of [SESSION_KEYS.token, SESSION_KEYS.userInfo]) {
    const shared = localStorage.getItem(key);
    if (shared && !sessionStorage.getItem(key)) sessionStorage.setItem(key, shared);
  }
}

/**
 * Calls `onChange` when another tab signs in, switches user or signs out.
 * The `storage` event only fires in the tabs that did NOT make the change.
 */
export function subscribeToUserChanges<T>(onChange: (user: T | null) => void): () => void {
  const listener = (event: StorageEvent) => {
    if (event.storageArea && event.storageArea !== localStorage) return;
    if (event.key !== SESSION_KEYS.userInfo && event.key !== SESSION_KEYS.token && event.key !== null) {
      return;
    }
    const token = localStorage.getItem(SESSION_KEYS.token);
    const user = token ? parseJson<T>(localStorage.getItem(SESSION_KEYS.userInfo)) : undefined;
    if (token && user) {
      sessionStorage.setItem(SESSION_KEYS.token, token);
      sessionStorage.setItem(SESSION_KEYS.userInfo, JSON.stringify(user));
      onChange(user);
    } else {
      sessionStorage.removeItem(SESSION_KEYS.token);
      sessionStorage.removeItem(SESSION_KEYS.userInfo);
      onChange(null);
    }
  };
  window.addEventListener('storage', listener);
  return () => window.removeEventListener('storage', listener);
}

export function getTheme(): ThemeMode {
  return localStorage.getItem(SESSION_KEYS.theme) === 'dark' ? 'dark' : 'light';
}

export function setTheme(mode: ThemeMode): void {
  localStorage.setItem(SESSION_KEYS.theme, mode);
}
