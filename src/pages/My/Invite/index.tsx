/** /my/invite: invite code and link (copy, QR code), commission figures, the inviter and the invitees. */
import { Card, Col, Descriptions, Flex, QRCode, Row, Statistic, Typography } from 'antd';
import { useRequest } from 'ahooks';
import AsyncContent from '@/components/AsyncContent';
import InfiniteList from '@/components/InfiniteList';
import Money from '@/components/Money';
import { useCurrentUser } from '@/hooks/useCurrentUser';
import { useT } from '@/hooks/useT';
import { inviteApi } from '@/services';

export default function MyInvitePage() {
  const t = useT();
  const ready = !!useCurrentUser();
  const { data, loading, error, refresh } = useRequest(() => inviteApi.details(), { ready });

  return (
    <>
      <AsyncContent loading={loading} error={error} onRetry={refresh} rows={6}>
        {data && (
          <Flex vertical gap={16} style={{ marginBottom: 16 }}>
            <Card size="small">
              <Flex gap={16} wrap align="center" justify="center">
                <QRCode value={data.link} size={160} />
                <Descriptions size="small" column={1} style={{ flex: 1, minWidth: 240 }}>
                  <Descriptions.Item label={t('invite.code')}>
                    <Typography.Text strong copyable>
                      {data.code}
                    </Typography.Text>
                  </Descriptions.Item>
                  <Descriptions.Item label={t('invite.link')}>
                    <Typography.Text copyable style={{ wordBreak: 'break-all' }}>
                      {data.link}
                    </Typography.Text>
                  </Descriptions.Item>
                  <Descriptions.Item label={t('invite.inviter')}>
                    {data.inviter ? `UID ${data.inviter.uid}` : t('invite.noInviter')}
                  </Descriptions.Item>
                </Descriptions>
              </Flex>
            </Card>
            <Card size="small">
              <Row gutter={[16, 16]}>
                <Col xs={12} md={6}>
                  <Statistic title={t('invite.inviteeCount')} value={data.inviteeCount} />
                </Col>
                <Col xs={12} md={6}>
                  <Statistic title={t('invite.commissionRate')} value={data.commissionRate} suffix="%" />
                </Col>
                <Col xs={12} md={6}>
                  <Statistic title={t('invite.commissionYesterday')} value={data.commissionYesterday} suffix={data.currency} />
                </Col>
                <Col xs={12} md={6}>
                  <Statistic title={t('invite.commissionTotal')} value={data.commissionTotal} suffix={data.currency} />
                </Col>
              </Row>
              <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
                {t('invite.rules', { rate: data.commissionRate })}
              </Typography.Paragraph>
            </Card>
          </Flex>
        )}
      </AsyncContent>
      <Typography.Title level={5}>{t('invite.invitees')}</Typography.Title>
      {ready && (
        <InfiniteList
          fetchPage={inviteApi.invitees}
          rowKey={(invitee) => invitee.uid}
          emptyText={t('invite.noInvitees')}
          renderItem={(invitee) => (
            <Flex justify="space-between" align="center" style={{ width: '100%' }}>
              <div>
                <Typography.Text strong>{invitee.address}</Typography.Text>
                <br />
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  UID {invitee.uid} · {t('invite.joinedAt')} {invitee.joinedAt}
                </Typography.Text>
              </div>
              <Money value={invitee.commission} currency="USDT" signed />
            </Flex>
          )}
        />
      )}
    </>
  );
}
