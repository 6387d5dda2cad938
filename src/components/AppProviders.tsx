/**
 * The root providers (src/app.tsx `rootContainer`, which Umi places outside its locale and model
 * providers): antd's ConfigProvider with the primary colour, the dark algorithm for the dark
 * theme, right-to-left for he/ar/fa/ku, the localised form messages, antd's `App` (context for
 * message/notification), and an error boundary so even a failed layout chunk shows a reload page.
 */
import { App, ConfigProvider, theme as antdTheme } from 'antd';
import { getIntl, RawIntlProvider } from '@umijs/max';
import React, { useEffect, useMemo } from 'react';
import { PRIMARY_COLOR } from '@/constants/theme';
import { useCurrentLocale } from '@/hooks/useCurrentLocale';
import { useThemeMode } from '@/hooks/useThemeMode';
import { localeDirection } from '@/locales/supported';
import ChunkErrorBoundary from './ChunkErrorBoundary';
import { formValidateMessages } from './formValidateMessages';

// antd's static message/notification calls (the request error notices) render outside this
// tree; they get the primary colour through the global config
ConfigProvider.config({ theme: { token: { colorPrimary: PRIMARY_COLOR } } });

export default function AppProviders({ children }: { children: React.ReactNode }) {
  const locale = useCurrentLocale();
  const [mode] = useThemeMode();
  const intl = useMemo(() => getIntl(locale, true), [locale]);
  const validateMessages = useMemo(() => formValidateMessages(intl), [intl]);

  useEffect(() => {
    // native controls and scrollbars follow the theme too
    document.documentElement.style.colorScheme = mode;
    document.documentElement.dataset.theme = mode;
  }, [mode]);

  return (
    <RawIntlProvider value={intl}>
      <ConfigProvider
        direction={localeDirection(locale)}
        form={{ validateMessages }}
        theme={{
          algorithm: mode === 'dark' ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
          token: { colorPrimary: PRIMARY_COLOR },
        }}
      >
        <App>
          <ChunkErrorBoundary>{children}</ChunkErrorBoundary>
        </App>
      </ConfigProvider>
    </RawIntlProvider>
  );
}
