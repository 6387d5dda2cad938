/**
 * A status message laid out like antd's Result (icon, title, description, action), which the first
 * screens do not use: Result bundles its 403/404/500 illustrations (~9 KB gzip) into every chunk
 * that imports it. Used where a page has failed to load or cannot go on (AsyncContent's failure,
 * ChunkErrorBoundary, PayPasswordRequired); Result with an illustration stays on the not-found
 * pages, which load it in their own chunks.
 */
import { CloseCircleFilled, InfoCircleFilled, WarningFilled } from '@ant-design/icons';
import { theme } from 'antd';
import React from 'react';

const ICONS = { info: InfoCircleFilled, warning: WarningFilled, error: CloseCircleFilled } as const;

interface Props {
  status: keyof typeof ICONS;
  title: React.ReactNode;
  description?: React.ReactNode;
  /** a button or link under the texts */
  action?: React.ReactNode;
  role?: 'alert' | 'status';
  'data-testid'?: string;
}

export default function StatusBlock({ status, title, description, action, role, 'data-testid': testId }: Props) {
  const { token } = theme.useToken();
  const Icon = ICONS[status];
  const color = { info: token.colorInfo, warning: token.colorWarning, error: token.colorError }[status];
  return (
    <div role={role} data-testid={testId} style={{ padding: '48px 32px', textAlign: 'center' }}>
      <Icon style={{ fontSize: 72, color }} />
      <h2 style={{ margin: '24px 0 0', color: token.colorTextHeading, fontSize: token.fontSizeHeading3, fontWeight: 'normal', lineHeight: token.lineHeightHeading3 }}>{title}</h2>
      {description && <p style={{ margin: '8px 0 0', color: token.colorTextDescription }}>{description}</p>}
      {action && <div style={{ marginTop: 24 }}>{action}</div>}
    </div>
  );
}
