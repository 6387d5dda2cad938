/**
 * /my/invite: the invite code and link (copy, QR code, share, a poster to save), the figures, the inviter (or a
 * form to bind one by code), the rules and the invitees page by page.
 */
import { CopyOutlined, PictureOutlined, ShareAltOutlined } from '@ant-design/icons';
import { Button, Card, Col, Flex, Form, Input, Row, Statistic, Typography } from 'antd';
import { message } from '@/components/Feedback/notifier';
import { useRequest } from 'ahooks';
import { useState } from 'react';
import type { InviteDetailsType } from '../../../../contract/invite';
import AsyncContent from '@/components/AsyncContent';
import InfiniteList from '@/components/InfiniteList';
import Money from '@/components/Money';
import ScanCode from '@/components/ScanCode';
import { useCurrentUser } from '@/hooks/useCurrentUser';
import { useT } from '@/hooks/useT';
import { inviteApi } from '@/services';
import PosterSheet from './PosterSheet';
import { copyText, shareOrCopy } from './share';

function ShareCard({ details }: { details: InviteDetailsType }) {
  const t = useT();
  const [posterOpen, setPosterOpen] = useState(false);
  const copy = async (text: string, done: string) => {
    if (await copyText(text)) message.success(done);
    else message.error(t('invite.copyFailed'));
  };
  const share = async () => {
    const outcome = await shareOrCopy({ title: t('invite.shareTitle'), text: t('invite.shareText', { code: details.code }), url: details.link });
    if (outcome === 'copied') message.success(t('invite.linkCopied'));
    if (outcome === 'failed') message.error(t('invite.copyFailed'));
  };

  return (
    <Card size="small">
      <Flex vertical align="center" gap={12}>
        <ScanCode value={details.link} label={t('invite.qrLabel')} size={176} data-testid="invite-qr" />
        <Typography.Text type="secondary">{t('invite.qrHint')}</Typography.Text>
        <div style={{ textAlign: 'center' }}>
          <Typography.Text type="secondary">{t('invite.code')}</Typography.Text>
          <Typography.Title level={3} style={{ margin: 0, letterSpacing: 2 }} data-testid="invite-code">
            {details.code}
          </Typography.Title>
        </div>
        <Typography.Text style={{ wordBreak: 'break-all', textAlign: 'center' }} data-testid="invite-link">
          {details.link}
        </Typography.Text>
        <Flex gap={8} wrap justify="center">
          <Button icon={<CopyOutlined />} onClick={() => copy(details.code, t('invite.copied'))}>
            {t('invite.copyCode')}
          </Button>
          <Button icon={<CopyOutlined />} onClick={() => copy(details.link, t('invite.linkCopied'))}>
            {t('invite.copyLink')}
          </Button>
          <Button type="primary" icon={<ShareAltOutlined />} onClick={share}>
            {t('invite.share')}
          </Button>
          <Button icon={<PictureOutlined />} onClick={() => setPosterOpen(true)} data-testid="invite-poster">
            {t('invitePoster.generate')}
          </Button>
        </Flex>
      </Flex>
      <PosterSheet details={details} open={posterOpen} onClose={() => setPosterOpen(false)} />
    </Card>
  );
}

function Figures({ details }: { details: InviteDetailsType }) {
  const t = useT();
  return (
    <Card size="small">
      <Row gutter={[16, 16]}>
        <Col xs={12} md={6}>
          <Statistic title={t('invite.inviteeCount')} value={details.inviteeCount} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title={t('invite.commissionRate')} value={details.commissionRate} suffix="%" />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title={t('invite.commissionYesterday')} value={details.commissionYesterday} suffix={details.currency} />
        </Col>
        <Col xs={12} md={6}>
          <Statistic title={t('invite.commissionTotal')} value={details.commissionTotal} suffix={details.currency} />
        </Col>
      </Row>
    </Card>
  );
}

function InviterCard({ details, onBound }: { details: InviteDetailsType; onBound: (next: InviteDetailsType) => void }) {
  const t = useT();
  const bind = useRequest(async ({ code }: { code: string }) => inviteApi.update({ code: code.trim() }), {
    manual: true,
    onSuccess: (next) => {
      message.success(t('invite.bound'));
      onBound(next);
    },
  });
  if (details.inviter) {
    return (
      <Card size="small">
        <Typography.Text type="secondary">{t('invite.inviter')}：</Typography.Text>
        <Typography.Text data-testid="invite-inviter">
          UID {details.inviter.uid} · {details.inviter.address}
        </Typography.Text>
      </Card>
    );
  }
  return (
    <Card size="small" title={t('invite.bindTitle')}>
      <Form layout="inline" onFinish={bind.run} style={{ rowGap: 8 }}>
        <Form.Item name="code" rules={[{ required: true, whitespace: true, message: t('invite.codeRequired') }]} style={{ flex: 1, minWidth: 160 }}>
          <Input placeholder={t('invite.bindPlaceholder')} maxLength={32} autoCapitalize="characters" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={bind.loading}>
          {t('invite.bind')}
        </Button>
      </Form>
    </Card>
  );
}

function Rules({ rate }: { rate: string }) {
  const t = useT();
  return (
    <Card size="small" title={t('invite.rulesTitle')}>
      <ol style={{ paddingInlineStart: 20, margin: 0 }}>
        {['invite.rule.link', 'invite.rules', 'invite.rule.payout', 'invite.rule.bind'].map((key) => (
          <li key={key}>
            <Typography.Text type="secondary">{t(key, { rate })}</Typography.Text>
          </li>
        ))}
      </ol>
    </Card>
  );
}

export default function MyInvitePage() {
  const t = useT();
  const ready = !!useCurrentUser();
  const { data, loading, error, refresh, mutate } = useRequest(() => inviteApi.details(), { ready });

  return (
    <>
      <AsyncContent loading={loading && !data} error={error} onRetry={refresh} rows={6}>
        {data && (
          <Flex vertical gap={16} style={{ marginBottom: 16 }}>
            <ShareCard details={data} />
            <Figures details={data} />
            <InviterCard details={data} onBound={mutate} />
            <Rules rate={data.commissionRate} />
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
            <Flex justify="space-between" align="center" style={{ width: '100%' }} data-testid="invitee">
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
