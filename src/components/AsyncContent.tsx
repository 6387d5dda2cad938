/**
 * The three states every data view has before its content: loading (skeleton), failed (retry),
 * empty (antd Empty). Renders `children` once there is something to show.
 */
import { Button, Empty, Skeleton } from 'antd';
import { useIntl } from '@umijs/max';
import React from 'react';
import StatusBlock from './StatusBlock';

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
      <StatusBlock
        role="alert"
        status="warning"
        title={intl.formatMessage({ id: 'common.loadFailed' })}
        action={onRetry && <Button onClick={onRetry}>{intl.formatMessage({ id: 'common.retry' })}</Button>}
      />
    );
  }
  if (empty) return <Empty description={emptyText ?? intl.formatMessage({ id: 'common.empty' })} />;
  return <>{children}</>;
}
