/**
 * Browser session storage.
 *
 * The token and the user live in sessionStorage (per tab) and are mirrored in localStorage so
 * that a new tab can pick the session up (`restoreSession`) and other tabs hear about changes
 * through the window `storage` event (`subscribeToUserChanges`). The theme choice is shared by
 * every tab and kept for later visits (`getTheme`, `subscribeToThemeChanges`).
 */
export const SESSION_KEYS = { token: 'token', userInfo: 'userInfo', theme: 'theme' } as const;

export type ThemeMode = 'light' | 'dark';

/** Dispatched on window when this tab changes the session (other tabs get a `storage` event). */
const SESSION_CHANGE_EVENT = 'powerfi:session-change';

function announceChange(): void {
  window.dispatchEvent(new Event(SESSION_CHANGE_EVENT));
}

function parseJson<T>(text: string | null): T | undefined {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as T;
  } catch {
    return undefined;
  }
}

/** The token helper: localStorage first, then this tab's sessionStorage. */
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
  announceChange();
}

export function updateStoredUser(user: unknown): void {
  const userText = JSON.stringify(user);
  sessionStorage.setItem(SESSION_KEYS.userInfo, userText);
  localStorage.setItem(SESSION_KEYS.userInfo, userText);
  announceChange();
}

export function clearSession(): void {
  for (const storage of [sessionStorage, localStorage]) {
    storage.removeItem(SESSION_KEYS.token);
    storage.removeItem(SESSION_KEYS.userInfo);
  }
  announceChange();
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
 * Calls `onChange` with the stored user (or null) whenever the session changes: in another tab
 * (window `storage` event, which only fires in the tabs that did NOT make the change; this tab's
 * copy is synced from localStorage first) or in this tab through the functions above.
 */
export function subscribeToUserChanges<T>(onChange: (user: T | null) => void): () => void {
  const notify = () => onChange(isSignedIn() ? (getStoredUser<T>() ?? null) : null);
  const onStorage = (event: StorageEvent) => {
    if (event.storageArea && event.storageArea !== localStorage) return;
    const relevant = event.key === null || event.key === SESSION_KEYS.token || event.key === SESSION_KEYS.userInfo;
    if (!relevant) return;
    syncFromSharedStorage();
    notify();
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener(SESSION_CHANGE_EVENT, notify);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(SESSION_CHANGE_EVENT, notify);
  };
}

/** Makes this tab's session match the shared one after another tab changed it. */
function syncFromSharedStorage(): void {
  const token = localStorage.getItem(SESSION_KEYS.token);
  const userText = localStorage.getItem(SESSION_KEYS.userInfo);
  if (token && parseJson(userText)) {
    sessionStorage.setItem(SESSION_KEYS.token, token);
    sessionStorage.setItem(SESSION_KEYS.userInfo, userText as string);
  } else {
    sessionStorage.removeItem(SESSION_KEYS.token);
    sessionStorage.removeItem(SESSION_KEYS.userInfo);
  }
}

const SYSTEM_DARK_QUERY = '(prefers-color-scheme: dark)';

function storedThemeChoice(): ThemeMode | undefined {
  const stored = localStorage.getItem(SESSION_KEYS.theme);
  return stored === 'dark' || stored === 'light' ? stored : undefined;
}

function systemTheme(): ThemeMode {
  return window.matchMedia?.(SYSTEM_DARK_QUERY).matches ? 'dark' : 'light';
}

/** The theme the user chose (localStorage, shared by every tab), else the system's colour scheme. */
export function getTheme(): ThemeMode {
  return storedThemeChoice() ?? systemTheme();
}

export function setTheme(mode: ThemeMode): void {
  localStorage.setItem(SESSION_KEYS.theme, mode);
}

/** Calls `onChange` when the system's colour scheme changes or another tab stores a choice. */
export function subscribeToThemeChanges(onChange: () => void): () => void {
  const system = window.matchMedia?.(SYSTEM_DARK_QUERY);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === SESSION_KEYS.theme) onChange();
  };
  system?.addEventListener?.('change', onChange);
  window.addEventListener('storage', onStorage);
  return () => {
    system?.removeEventListener?.('change', onChange);
    window.removeEventListener('storage', onStorage);
  };
}
