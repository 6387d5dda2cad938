/**
 * The light/dark theme, kept in sessionStorage `theme` by src/session.ts. A tiny external store
 * (not a Umi model) because AppProviders sits outside Umi's model provider.
 */
import { useSyncExternalStore } from 'react';
import type { ThemeMode } from '@/constants/theme';
import { getTheme, setTheme } from '@/session';

const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function changeThemeMode(mode: ThemeMode): void {
  setTheme(mode);
  listeners.forEach((listener) => listener());
}

export function useThemeMode(): [ThemeMode, (mode: ThemeMode) => void] {
  const mode = useSyncExternalStore(subscribe, getTheme, getTheme);
  return [mode, changeThemeMode];
}
