/**
 * The theme follows the system's colour scheme until the user picks one; the pick is kept in
 * localStorage `theme`, so every tab and later visits share it (other tabs hear a `storage` event).
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createPluginManager } from '@@/core/plugin';
import AppProviders from '@/components/AppProviders';
import ThemeToggle from '@/components/ThemeToggle';
import { getTheme, setTheme } from '@/session';
import { mediaQueryList } from '../mediaQueryList';

// antd renders are heavy in jsdom; a busy CI machine needs more than jest's default 5 s
jest.setTimeout(120_000);

createPluginManager();

const DARK_QUERY = '(prefers-color-scheme: dark)';

/** A system colour scheme the test can change, with the `change` listeners matchMedia has. */
function emulateSystemScheme(initiallyDark: boolean) {
  let dark = initiallyDark;
  const listeners = new Set<(event: MediaQueryListEvent) => void>();
  const original = window.matchMedia;
  window.matchMedia = (query: string) => {
    if (query !== DARK_QUERY) return original(query);
    return {
      ...mediaQueryList(query, dark),
      addEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) => listeners.add(listener),
      removeEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) => listeners.delete(listener),
    } as unknown as MediaQueryList;
  };
  return {
    setDark(next: boolean) {
      dark = next;
      listeners.forEach((listener) => listener({ matches: next, media: DARK_QUERY } as MediaQueryListEvent));
    },
    restore() {
      window.matchMedia = original;
    },
  };
}

/** What another tab writing localStorage looks like to this one. */
function otherTabStores(value: string | null) {
  if (value === null) localStorage.removeItem('theme');
  else localStorage.setItem('theme', value);
  window.dispatchEvent(new StorageEvent('storage', { key: 'theme', newValue: value, storageArea: localStorage }));
}

function renderApp() {
  return render(
    <AppProviders>
      <ThemeToggle />
    </AppProviders>,
  );
}

let system: ReturnType<typeof emulateSystemScheme>;

beforeEach(() => {
  localStorage.setItem('umi_locale', 'zh-CN');
});

afterEach(() => {
  system.restore();
  localStorage.clear();
  sessionStorage.clear();
});

describe('theme choice', () => {
  it('follows a dark system when nothing was chosen', () => {
    system = emulateSystemScheme(true);
    expect(getTheme()).toBe('dark');
    renderApp();
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(screen.getByRole('button', { name: '切换到浅色模式' })).toBeInTheDocument();
  });

  it('follows the system when it changes, as long as nothing was chosen', () => {
    system = emulateSystemScheme(false);
    renderApp();
    expect(document.documentElement.dataset.theme).toBe('light');
    act(() => system.setDark(true));
    expect(document.documentElement.dataset.theme).toBe('dark');
    act(() => system.setDark(false));
    expect(document.documentElement.dataset.theme).toBe('light');
  });

  it('keeps the choice in localStorage, over the system setting and its changes', () => {
    system = emulateSystemScheme(true);
    renderApp();
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: '切换到浅色模式' }));
    });
    expect(localStorage.getItem('theme')).toBe('light');
    expect(sessionStorage.getItem('theme')).toBeNull();
    expect(document.documentElement.dataset.theme).toBe('light');
    act(() => system.setDark(false));
    act(() => system.setDark(true));
    expect(document.documentElement.dataset.theme).toBe('light');
  });

  it('a later visit starts with the stored choice', () => {
    system = emulateSystemScheme(false);
    setTheme('dark');
    sessionStorage.clear();
    expect(getTheme()).toBe('dark');
    renderApp();
    expect(document.documentElement.dataset.theme).toBe('dark');
  });

  it('applies a choice made in another tab at once, and its removal too', () => {
    system = emulateSystemScheme(false);
    renderApp();
    act(() => otherTabStores('dark'));
    expect(document.documentElement.dataset.theme).toBe('dark');
    act(() => otherTabStores(null));
    expect(document.documentElement.dataset.theme).toBe('light');
  });

  it('ignores an unknown stored value and follows the system', () => {
    system = emulateSystemScheme(true);
    localStorage.setItem('theme', 'purple');
    expect(getTheme()).toBe('dark');
  });
});
