/**
 * A bar above the page while the browser is offline (docs/offline.md): the service worker still
 * shows the app, but nothing it shows is fresh and no request (no payment, no order) can go out.
 * A signed-in start that failed offline adds the retry screen of ./StartFailure under it.
 */
import { DisconnectOutlined } from '@ant-design/icons';
import { useIntl } from '@umijs/max';
import { theme } from 'antd';
import React from 'react';
import { useOnline } from '@/hooks/useOnline';

export default function OfflineNotice() {
  const online = useOnline();
  const intl = useIntl();
  const { token } = theme.useToken();
  if (online) return null;
  const style: React.CSSProperties = {
    display: 'flex',
    gap: 12,
    alignItems: 'flex-start',
    padding: '12px 16px',
    background: token.colorWarningBg,
    borderBottom: `1px solid ${token.colorWarningBorder}`,
    color: token.colorText,
    lineHeight: 1.5,
  };
  return (
    <div role="status" data-testid="offline-notice" style={style}>
      <DisconnectOutlined aria-hidden style={{ fontSize: 20, color: token.colorWarning, marginTop: 1 }} />
      <div>
        <strong>{intl.formatMessage({ id: 'offline.title' })}</strong>
        <div style={{ color: token.colorTextSecondary }}>{intl.formatMessage({ id: 'offline.description' })}</div>
      </div>
    </div>
  );
}
