/** /my/transfer: what can be sent (currency, available, fee, minimum) and the recent recipients. */
import { HistoryOutlined } from '@ant-design/icons';
import { Button, Card, List, Typography } from 'antd';
import { Link, useAccess } from '@umijs/max';
import { useRequest } from 'ahooks';
import AsyncContent from '@/components/AsyncContent';
import Money from '@/components/Money';
import { shortAddress } from '@/components/shortAddress';
import { useCurrentUser } from '@/hooks/useCurrentUser';
import { useT } from '@/hooks/useT';
import { isPathAccessible } from '@/layouts/navigation';
import { accountApi } from '@/services';

export default function MyTransferPage() {
  const t = useT();
  const access = useAccess();
  const ready = !!useCurrentUser();
  const { data, loading, error, refresh } = useRequest(() => accountApi.transferOptions(), { ready });

  return (
    <AsyncContent loading={loading} error={error} onRetry={refresh} rows={5}>
      <Card
        size="small"
        title={t('transfer.currencies')}
        style={{ marginBottom: 16 }}
        extra={
          isPathAccessible('/my/transfer/history', access) && (
            <Link to="/my/transfer/history">
              <Button type="link" icon={<HistoryOutlined />}>
                {t('menu.my.transferHistory')}
              </Button>
            </Link>
          )
        }
      >
        <List
          dataSource={data?.currencies ?? []}
          rowKey={(item) => item.currency}
          locale={{ emptyText: t('common.empty') }}
          renderItem={(item) => (
            <List.Item>
              <List.Item.Meta
                title={item.currency}
                description={
                  <>
                    {t('common.fee')} <Money value={item.fee} currency={item.currency} style={{ fontSize: 12 }} /> ·{' '}
                    {t('transfer.minAmount')} <Money value={item.minAmount} currency={item.currency} style={{ fontSize: 12 }} />
                  </>
                }
              />
              <div style={{ textAlign: 'end' }}>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t('transfer.available')}
                </Typography.Text>
                <br />
                <Money value={item.available} strong />
              </div>
            </List.Item>
          )}
        />
      </Card>
      <Card size="small" title={t('transfer.recentRecipients')}>
        <List
          dataSource={data?.recentRecipients ?? []}
          rowKey={(item) => item.uid}
          locale={{ emptyText: t('transfer.noRecipients') }}
          renderItem={(item) => (
            <List.Item>
              <Typography.Text>UID {item.uid}</Typography.Text>
              <Typography.Text type="secondary" copyable={{ text: item.address }}>
                {shortAddress(item.address)}
              </Typography.Text>
            </List.Item>
          )}
        />
      </Card>
    </AsyncContent>
  );
}
