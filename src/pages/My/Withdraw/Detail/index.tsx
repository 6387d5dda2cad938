/**
 * /my/withdraw/:id: one withdrawal, opened from the history and from /my/records. The total that
 * left the balance (or 已退回), what arrives and the fee, the address, the transaction hash with a
 * link to the network's explorer, the time a withdrawal usually takes there, and the timeline
 * (timeline.ts). Asked for again every 5 s while it is on its way (onTheWay.ts).
 */
import { useParams } from '@umijs/max';
import { Card, Flex, Steps, Typography } from 'antd';
import { useRequest } from 'ahooks';
import { usualWithdrawMinutes } from '../../../../../contract/rules/withdrawNetworks';
import type { WithdrawalType } from '../../../../../contract/withdraw';
import AsyncContent from '@/components/AsyncContent';
import Money from '@/components/Money';
import { shortHash } from '@/components/shortAddress';
import { useCurrentUser } from '@/hooks/useCurrentUser';
import { useT } from '@/hooks/useT';
import { withdrawApi } from '@/services';
import { RecordNote } from '../../components/RecordRow';
import { isOnItsWay, usePollWhileMoving } from '../onTheWay';
import SummaryRows from '../SummaryRows';
import { withdrawalTimeline, type TimelineStep } from '../timeline';
import WithdrawalAmount, { withdrawalTotal } from '../WithdrawalAmount';
import WithdrawalStatus from '../WithdrawalStatus';
import ReviewReasons from '../ReviewReasons';

function stepTitle(t: ReturnType<typeof useT>, step: TimelineStep, w: WithdrawalType): string {
  if (step.kind === 'confirming') return t('withdraw.step.confirming', { confirmations: w.confirmations, needed: w.confirmationsNeeded });
  if (step.kind === 'returned') return t('withdraw.step.returned', { status: t(`withdraw.status.${w.status}`), total: withdrawalTotal(w), currency: w.currency });
  return t(`withdraw.step.${step.kind}`);
}

function stepNote(t: ReturnType<typeof useT>, step: TimelineStep, w: WithdrawalType): string | null {
  if (step.kind === 'review' && step.state === 'process') return t('withdraw.step.reviewWaiting');
  if (step.kind === 'sent' && step.state === 'process') return t('withdraw.step.sending');
  if (step.kind === 'returned' && w.reason) return t('withdraw.reason', { reason: w.reason });
  return null;
}

function Timeline({ withdrawal }: { withdrawal: WithdrawalType }) {
  const t = useT();
  const steps = withdrawalTimeline(withdrawal);
  return (
    <Steps
      direction="vertical"
      size="small"
      data-testid="withdrawal-timeline"
      items={steps.map((step) => {
        const note = stepNote(t, step, withdrawal);
        return {
          status: step.state,
          title: stepTitle(t, step, withdrawal),
          description: (step.at || note) && (
            <Flex vertical>
              {step.at && <RecordNote>{step.at}</RecordNote>}
              {note && <RecordNote>{note}</RecordNote>}
            </Flex>
          ),
        };
      })}
    />
  );
}

export default function MyWithdrawDetailPage() {
  const t = useT();
  const { id } = useParams<{ id: string }>();
  const ready = !!useCurrentUser() && !!id;
  const { data: withdrawal, loading, error, refresh } = useRequest(() => withdrawApi.detail(id!), { ready, refreshDeps: [id] });
  usePollWhileMoving(!!withdrawal && isOnItsWay(withdrawal), refresh);
  if (!ready) return null;

  return (
    <AsyncContent loading={loading && !withdrawal} error={!withdrawal && error} onRetry={refresh} rows={8}>
      {withdrawal && (
        <Flex vertical gap={16} data-testid="withdrawal-detail">
          <Card size="small">
            <Flex vertical align="center" gap={4} style={{ padding: '8px 0' }}>
              <Flex wrap align="center" justify="center" gap={4}>
                <Typography.Text type="secondary">{t('withdraw.title')}</Typography.Text>
                <WithdrawalStatus withdrawal={withdrawal} />
              </Flex>
              <div style={{ textAlign: 'center' }}>
                <WithdrawalAmount withdrawal={withdrawal} showFee={false} style={{ fontSize: 22, fontWeight: 600 }} />
              </div>
            </Flex>
            <SummaryRows
              rows={[
                { key: 'arrives', label: t('withdraw.arrives'), value: <Money value={withdrawal.amount} currency={withdrawal.currency} /> },
                { key: 'fee', label: t('common.fee'), value: <Money value={withdrawal.fee} currency={withdrawal.currency} /> },
                { key: 'network', label: t('withdraw.currencyNetwork'), value: `${withdrawal.currency} · ${withdrawal.network}` },
                { key: 'address', label: t('withdraw.address'), value: <Typography.Text copyable={{ text: withdrawal.address }}>{`${withdrawal.addressLabel} · ${withdrawal.address}`}</Typography.Text> },
                ...(withdrawal.txHash
                  ? [
                      {
                        key: 'tx',
                        label: t('withdraw.txHash'),
                        value: (
                          <Flex vertical align="flex-end">
                            <Typography.Text copyable={{ text: withdrawal.txHash }} data-testid="withdrawal-tx">
                              {shortHash(withdrawal.txHash)}
                            </Typography.Text>
                            {withdrawal.txUrl && (
                              <Typography.Link href={withdrawal.txUrl} target="_blank" rel="noopener noreferrer" data-testid="withdrawal-explorer" style={{ minHeight: 24, display: 'inline-flex', alignItems: 'center' }}>
                                {t('withdraw.viewTx')}
                              </Typography.Link>
                            )}
                          </Flex>
                        ),
                      },
                    ]
                  : []),
                {
                  key: 'usual',
                  label: t('withdraw.usualLabel'),
                  value: t('withdraw.usualTime', { minutes: usualWithdrawMinutes(withdrawal.network, withdrawal.confirmationsNeeded), confirmations: withdrawal.confirmationsNeeded }),
                },
              ]}
            />
            {withdrawal.status === 'review' && <RecordNote>{t('withdraw.usualReview')}</RecordNote>}
            <ReviewReasons withdrawal={withdrawal} />
          </Card>
          <Card size="small" title={t('withdraw.timeline')}>
            <Timeline withdrawal={withdrawal} />
          </Card>
        </Flex>
      )}
    </AsyncContent>
  );
}
