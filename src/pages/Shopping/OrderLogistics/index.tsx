/** /shopping/order_logistics/:id: carrier, tracking number, delivery state and the trace timeline. */
import { Card, Descriptions, Timeline, Typography } from 'antd';
import { useParams } from '@umijs/max';
import { useRequest } from 'ahooks';
import AsyncContent from '@/components/AsyncContent';
import RouteTitleBar from '@/components/RouteTitleBar';
import StatusTag from '@/components/StatusTag';
import { useCurrentUser } from '@/hooks/useCurrentUser';
import { useT } from '@/hooks/useT';
import { mallApi } from '@/services';

export default function OrderLogisticsPage() {
  const t = useT();
  const { id = '' } = useParams<{ id: string }>();
  const ready = !!useCurrentUser();
  const { data, loading, error, refresh } = useRequest(() => mallApi.logistics(id), { ready, refreshDeps: [id] });

  return (
    <>
      <RouteTitleBar backTo="/shopping/order/0" />
      <AsyncContent loading={loading} error={error} onRetry={refresh} rows={6}>
        {data && (
          <>
            <Card size="small" style={{ marginBottom: 16 }}>
              <Descriptions size="small" column={1}>
                <Descriptions.Item label={t('logistics.carrier')}>{data.carrier}</Descriptions.Item>
                <Descriptions.Item label={t('logistics.trackingNo')}>
                  <Typography.Text copyable>{data.trackingNo}</Typography.Text>
                </Descriptions.Item>
                <Descriptions.Item label={t('logistics.state')}>
                  <StatusTag prefix="logistics.state" status={data.state} />
                </Descriptions.Item>
              </Descriptions>
            </Card>
            <Card size="small" title={t('logistics.traces')}>
              <AsyncContent loading={false} empty={data.traces.length === 0} emptyText={t('logistics.noTraces')}>
                <Timeline
                  items={data.traces.map((trace, index) => ({
                    color: index === 0 ? 'green' : 'gray',
                    children: (
                      <>
                        <Typography.Text>{trace.text}</Typography.Text>
                        <br />
                        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                          {[trace.time, trace.location].filter(Boolean).join(' · ')}
                        </Typography.Text>
                      </>
                    ),
                  }))}
                />
              </AsyncContent>
            </Card>
          </>
        )}
      </AsyncContent>
    </>
  );
}
