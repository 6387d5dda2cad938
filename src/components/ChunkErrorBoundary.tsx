/**
 * Catches render errors below it. A page chunk that failed or passed the 120 s load time-out
 * (webpack's ChunkLoadError, "Loading chunk … failed", "Loading CSS chunk … failed") gets a
 * page-level message with a reload button; any other error gets a generic error page.
 * `resetKey` (e.g. the pathname) clears the error when the user navigates elsewhere.
 */
import { Button } from 'antd';
import { useIntl } from '@umijs/max';
import React from 'react';
import StatusBlock from './StatusBlock';

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

/** No chunk of its own (the network may be what failed): StatusBlock, not antd's Result. */
function ErrorPage({ error }: { error: Error }) {
  const intl = useIntl();
  const chunk = isChunkLoadError(error);
  const prefix = chunk ? 'error.chunk' : 'error.page';
  return (
    <StatusBlock
      role="alert"
      data-testid="error-page"
      status={chunk ? 'warning' : 'error'}
      title={intl.formatMessage({ id: `${prefix}.title` })}
      description={intl.formatMessage({ id: `${prefix}.description` })}
      action={
        <Button type="primary" onClick={reload}>
          {intl.formatMessage({ id: 'error.reload' })}
        </Button>
      }
    />
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
