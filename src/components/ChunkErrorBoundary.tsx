/**
 * Catches render errors below it. A page chunk that failed or passed the 120 s load time-out
 * (webpack's ChunkLoadError, "Loading chunk … failed", "Loading CSS chunk … failed") gets a
 * page-level message with a reload button; any other error gets a generic error page.
 * `resetKey` (e.g. the pathname) clears the error when the user navigates elsewhere.
 */
import { CloseCircleFilled, WarningFilled } from '@ant-design/icons';
import { Button, theme } from 'antd';
import { useIntl } from '@umijs/max';
import React from 'react';

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'ChunkLoadError' ||
    /Loading (CSS )?chunk [^\s]+ failed/i.test(error.message) ||
    /Loading CSS chunk/i.test(error.message)
  );
}

function reload() {
  window.location.reload();
}

/**
 * Laid out like antd's Result, which is not used: it bundles its 403/404/500 illustrations into
 * every first load (~9 KB gzip), and this page must not need a chunk of its own (the network may
 * be what failed).
 */
function ErrorPage({ error }: { error: Error }) {
  const intl = useIntl();
  const { token } = theme.useToken();
  const chunk = isChunkLoadError(error);
  const prefix = chunk ? 'error.chunk' : 'error.page';
  const Icon = chunk ? WarningFilled : CloseCircleFilled;
  return (
    <div role="alert" data-testid="error-page" style={{ padding: '48px 32px', textAlign: 'center' }}>
      <Icon style={{ fontSize: 72, color: chunk ? token.colorWarning : token.colorError }} />
      <h2 style={{ margin: '24px 0 0', color: token.colorTextHeading, fontSize: token.fontSizeHeading3, fontWeight: 'normal' }}>
        {intl.formatMessage({ id: `${prefix}.title` })}
      </h2>
      <p style={{ margin: '8px 0 0', color: token.colorTextDescription }}>{intl.formatMessage({ id: `${prefix}.description` })}</p>
      <Button type="primary" onClick={reload} style={{ marginTop: 24 }}>
        {intl.formatMessage({ id: 'error.reload' })}
      </Button>
    </div>
  );
}

interface Props {
  children: React.ReactNode;
  resetKey?: string;
}

interface State {
  error: Error | null;
  resetKey?: string;
}

export default class ChunkErrorBoundary extends React.Component<Props, State> {
  state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (props.resetKey === state.resetKey) return null;
    return { error: null, resetKey: props.resetKey };
  }

  render() {
    if (this.state.error) return <ErrorPage error={this.state.error} />;
    return this.props.children;
  }
}
