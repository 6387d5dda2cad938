/**
 * The root providers (src/app.tsx `rootContainer`, which Umi places outside its locale and model
 * providers): antd's ConfigProvider with the app's theme (src/constants/theme.ts: the primary
 * colour, the dark algorithm for the dark theme, readable text colours, touch-sized inputs on
 * phones), right-to-left for he/ar/fa/ku, the localised form messages, the themed base text (as
 * antd's `App` sets it), the holders of the app's notifier (./Feedback: message, notification
 * and modal for pages and request errors, loaded on first use), and an error boundary so even a
 * failed layout chunk shows a reload page.
 */
import { ConfigProvider, theme as antdTheme } from 'antd';
import { getIntl, RawIntlProvider } from '@umijs/max';
import React, { useEffect, useMemo } from 'react';
import { appTheme } from '@/constants/theme';
import { useCurrentLocale } from '@/hooks/useCurrentLocale';
import { useIsPhone } from '@/hooks/useIsPhone';
import { useThemeMode } from '@/hooks/useThemeMode';
import { localeDirection, messageLocale } from '@/locales/supported';
import ChunkErrorBoundary from './ChunkErrorBoundary';
import FeedbackProvider from './Feedback';
import { formValidateMessages } from './formValidateMessages';

/** The text colour, size, font and writing direction antd's `App` gives its subtree. */
function BaseText({ direction, children }: { direction: 'ltr' | 'rtl'; children: React.ReactNode }) {
  const { token } = antdTheme.useToken();
  const style = { color: token.colorText, fontSize: token.fontSize, lineHeight: token.lineHeight, fontFamily: token.fontFamily };
  return (
    <div dir={direction} data-testid="base-text" style={style}>
      {children}
    </div>
  );
}

export default function AppProviders({ children }: { children: React.ReactNode }) {
  const locale = useCurrentLocale();
  const [mode] = useThemeMode();
  const phone = useIsPhone();
  const theme = useMemo(() => appTheme(mode, mode === 'dark' ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm, phone), [mode, phone]);
  const intl = useMemo(() => getIntl(locale, true), [locale]);
  const validateMessages = useMemo(() => formValidateMessages(intl), [intl]);
  const direction = localeDirection(locale);

  useEffect(() => {
    // native controls and scrollbars follow the theme too
    document.documentElement.style.colorScheme = mode;
    document.documentElement.dataset.theme = mode;
  }, [mode]);

  useEffect(() => {
    // screen readers, translation and hyphenation follow the language the user reads
    document.documentElement.lang = messageLocale(locale);
  }, [locale]);

  return (
    <RawIntlProvider value={intl}>
      <ConfigProvider
        direction={direction}
        form={{ validateMessages }}
        theme={theme}
      >
        <BaseText direction={direction}>
          <FeedbackProvider>
            <ChunkErrorBoundary>{children}</ChunkErrorBoundary>
          </FeedbackProvider>
        </BaseText>
      </ConfigProvider>
    </RawIntlProvider>
  );
}
