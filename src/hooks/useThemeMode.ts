/**
 * The light/dark theme of src/session.ts: the user's choice (shared by every tab), else the
 * system's colour scheme, followed live. A tiny external store (not a Umi model) because
 * AppProviders sits outside Umi's model provider.
 */
import { useSyncExternalStore } from 'react';
import type { ThemeMode } from '@/constants/theme';
import { getTheme, setTheme, subscribeToThemeChanges } from '@/session';

const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const unsubscribe = subscribeToThemeChanges(listener);
  return () => {
    listeners.delete(listener);
    unsubscribe();
  };
}

function changeThemeMode(mode: ThemeMode): void {
  setTheme(mode);
  listeners.forEach((listener) => listener());
}

/** Prerendered pages are light (src/prerender/hydration.ts hydrates only then). */
const lightTheme = (): ThemeMode => 'light';

export function useThemeMode(): [ThemeMode, (mode: ThemeMode) => void] {
  const mode = useSyncExternalStore(subscribe, getTheme, lightTheme);
  return [mode, changeThemeMode];
}
