/**
 * How a request error is shown: a toast for short texts, and for texts of
 * ERROR_NOTIFICATION_THRESHOLD characters or more a bottom-right notification that stays until
 * closed, with one-click copyable diagnostics. Texts are React children, never HTML. Both go
 * through the app's notifier (src/components/Feedback/notifier.ts).
 */
import { Typography } from 'antd';
import { message, notification } from '@/components/Feedback/notifier';
import { ERROR_NOTIFICATION_DURATION, ERROR_NOTIFICATION_THRESHOLD } from '@/constants/app';
import CopyButton from './CopyButton';
import { formatDiagnostics, type Diagnostics } from './diagnostics';
import { ERROR_TEXTS } from './texts';

export type { Diagnostics } from './diagnostics';

function ErrorNoticeBody({ text, diagnostics }: { text: string; diagnostics: string }) {
  return (
    <div data-testid="error-notice">
      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', marginBottom: 8 }}>
        {text}
      </Typography.Paragraph>
      <CopyButton text={diagnostics} label={ERROR_TEXTS.copyDiagnostics} copiedLabel={ERROR_TEXTS.copied} />
      <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
        {ERROR_TEXTS.submitToAdmin}
      </Typography.Paragraph>
    </div>
  );
}

/** Shows an error text the way its length asks for. */
export function showErrorText(text: string, diagnostics: Diagnostics): void {
  if (text.length < ERROR_NOTIFICATION_THRESHOLD) {
    // one toast per text: calls failing together with the same text show it once
    message.error({ content: text, key: text });
    return;
  }
  notification.error({
    key: text,
    message: ERROR_TEXTS.notificationTitle,
    description: <ErrorNoticeBody text={text} diagnostics={formatDiagnostics(diagnostics)} />,
    placement: 'bottomRight',
    duration: ERROR_NOTIFICATION_DURATION,
  });
}
