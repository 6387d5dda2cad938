/** Umi's IntlProvider with a given locale's messages, for rendering app parts in any language. */
import { IntlProvider } from '@umijs/max';
import React from 'react';

// react-intl's class typings predate React 18's explicit `children`
const Provider = IntlProvider as unknown as React.ComponentType<{ locale: string; messages: Record<string, string>; children: React.ReactNode }>;

/** a renderHook/render wrapper speaking `locale` */
export function intlWrapper(locale: string, messages: Record<string, string>) {
  return function LocaleIntl({ children }: { children: React.ReactNode }) {
    return (
      <Provider locale={locale} messages={messages}>
        {children}
      </Provider>
    );
  };
}
