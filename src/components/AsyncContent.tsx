/**
 * The three states every data view has before its content: loading (skeleton), failed (retry),
 * empty (antd Empty). Renders `children` once there is something to show.
 */
import { Button, Empty, Result, Skeleton } from 'antd';
import { useIntl } from '@umijs/max';
import React from 'react';

interface Props {
  loading: boolean;
  error?: unknown;
  empty?: boolean;
  emptyText?: string;
  onRetry?: () => void;
  /** skeleton rows while loading */
  rows?: number;
  children?: React.ReactNode;
}

export default function AsyncContent({ loading, error, empty = false, emptyText, onRetry, rows = 3, children }: Props) {
  const intl = useIntl();
  if (loading) return <Skeleton active paragraph={{ rows }} data-testid="loading-skeleton" />;
  if (error) {
    return (
      <Result
        status="warning"
        title={intl.formatMessage({ id: 'common.loadFailed' })}
        extra={onRetry && <Button onClick={onRetry}>{intl.formatMessage({ id: 'common.retry' })}</Button>}
      />
    );
  }
  if (empty) return <Empty description={emptyText ?? intl.formatMessage({ id: 'common.empty' })} />;
  return <>{children}</>;
}
