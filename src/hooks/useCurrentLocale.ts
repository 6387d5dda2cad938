/**
 * The current Umi locale, re-read when `setLocale(lang, false)` switches language (Umi then fires
 * the window `languagechange` event). Usable outside Umi's locale provider.
 */
import { getLocale } from '@umijs/max';
import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('languagechange', onChange);
  return () => window.removeEventListener('languagechange', onChange);
}

export function useCurrentLocale(): string {
  return useSyncExternalStore(subscribe, getLocale, getLocale);
}
