/** Umi's IntlProvider with the zh-CN messages, for rendering app parts in unit tests. */
import { IntlProvider } from '@umijs/max';
import React from 'react';
import zhCN from '@/locales/zh-CN';

// react-intl's class typings predate React 18's explicit `children`
const Provider = IntlProvider as unknown as React.ComponentType<{
  locale: string;
  messages: Record<string, string>;
  children: React.ReactNode;
}>;

export default function ZhCnIntl({ children }: { children: React.ReactNode }) {
  return (
    <Provider locale="zh-CN" messages={zhCN}>
      {children}
    </Provider>
  );
}
