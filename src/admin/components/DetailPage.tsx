/** A console detail page: back, the page's own actions beside a refresh, then its cards, or the load failure with a retry. */
import { PageContainer } from '@ant-design/pro-components';
import { useIntl } from '@umijs/max';
import { Button, Space } from 'antd';
import type { ReactNode } from 'react';
import LoadFailure from './LoadFailure';

interface DetailPageProps {
  title: string;
  actions?: ReactNode;
  loading: boolean;
  error: unknown;
  errorText: string | undefined;
  refresh: () => void;
  children: ReactNode;
}

export default function DetailPage({ title, actions, loading, error, errorText, refresh, children }: DetailPageProps) {
  const intl = useIntl();
  return (
    <PageContainer
      title={title}
      onBack={() => window.history.back()}
      extra={
        <Space wrap>
          {actions}
          <Button onClick={refresh} loading={loading}>
            {intl.formatMessage({ id: 'admin.action.refresh' })}
          </Button>
        </Space>
      }
    >
      {error ? (
        <LoadFailure error={errorText ?? ''} onRetry={refresh} />
      ) : (
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          {children}
        </Space>
      )}
    </PageContainer>
  );
}
