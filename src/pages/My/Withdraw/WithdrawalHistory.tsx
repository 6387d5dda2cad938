/**
 * The user's withdrawals, newest first: status (审核中, 处理中, 已广播, 确认中 n/12, 已完成,
 * 已拒绝 with the reason, …), the total that left the balance (amount + fee; 已退回 once returned),
 * the address, the transaction hash with a copy button, a link to its detail (the timeline), and
 * 撤销 while in review (amount and fee return). While a withdrawal is on its way the list is asked
 * for again every 5 s (onTheWay.ts).
 */
import { Button, Flex, Modal, Typography } from 'antd';
import { useState } from 'react';
import type { WithdrawalType } from '../../../../contract/withdraw';
import { message } from '@/components/Feedback/notifier';
import InfiniteList from '@/components/InfiniteList';
import { shortAddress, shortHash } from '@/components/shortAddress';
import { useT } from '@/hooks/useT';
import { withdrawApi } from '@/services';
import { usePayAttempt } from '@/hooks/usePayAttempt';
import RecordRow, { RecordNote } from '../components/RecordRow';
import { isOnItsWay, usePollWhileMoving } from './onTheWay';
import DetailLink from './DetailLink';
import WithdrawalAmount from './WithdrawalAmount';
import ReviewReasons from './ReviewReasons';
import WithdrawalStatus from './WithdrawalStatus';

export default function WithdrawalHistory({ reload, onChanged }: { reload: number; onChanged: () => void }) {
  const t = useT();
  const [changes, setChanges] = useState(0);
  const [moving, setMoving] = useState(false);
  usePollWhileMoving(moving, () => setChanges((n) => n + 1));
  const cancelAttempt = usePayAttempt<string>((id) => `withdraw-cancel-${id}`);

  const cancel = (withdrawal: WithdrawalType) =>
    Modal.confirm({
      title: t('withdraw.cancelTitle'),
      content: t('withdraw.cancelText', { amount: withdrawal.amount, fee: withdrawal.fee, currency: withdrawal.currency }),
      okText: t('withdraw.cancel'),
      onOk: () =>
        cancelAttempt.run(async (keyFor) => {
          await withdrawApi.cancel({ id: withdrawal.id }, { headers: { 'Idempotency-Key': keyFor('', withdrawal.id) } });
          message.success(t('withdraw.cancelled'));
          setChanges((n) => n + 1);
          onChanged();
        }),
    });

  return (
    <InfiniteList
      fetchPage={async (query) => {
        const page = await withdrawApi.history(query);
        if (query.page === 1) setMoving(page.list.some(isOnItsWay));
        return page;
      }}
      reloadDeps={[reload, changes]}
      emptyText={t('withdraw.noRecords')}
      rowKey={(withdrawal) => withdrawal.id}
      renderItem={(withdrawal) => (
        <RecordRow
          data-testid="withdrawal-record"
          title={
            <Flex wrap align="center" gap={4}>
              <Typography.Text strong>{`${withdrawal.currency} · ${withdrawal.network}`}</Typography.Text>
              <WithdrawalStatus withdrawal={withdrawal} />
            </Flex>
          }
          detail={
            // one line each: the address, the hash, the reason, why it waits for review
            <Flex vertical align="flex-start">
              <RecordNote>{`${withdrawal.addressLabel} · ${shortAddress(withdrawal.address)}`}</RecordNote>
              {withdrawal.txHash && (
                <RecordNote copyable={{ text: withdrawal.txHash }} data-testid="withdrawal-tx">
                  {shortHash(withdrawal.txHash)}
                </RecordNote>
              )}
              {withdrawal.reason && <RecordNote>{t('withdraw.reason', { reason: withdrawal.reason })}</RecordNote>}
              <ReviewReasons withdrawal={withdrawal} />
              <DetailLink id={withdrawal.id} />
              {withdrawal.cancellable && (
                <Button size="small" onClick={() => cancel(withdrawal)} style={{ marginTop: 4, minHeight: 44 }} data-testid="withdrawal-cancel">
                  {t('withdraw.cancel')}
                </Button>
              )}
            </Flex>
          }
          amounts={
            <>
              <WithdrawalAmount withdrawal={withdrawal} />
              <RecordNote>{withdrawal.createdAt}</RecordNote>
            </>
          }
        />
      )}
    />
  );
}
