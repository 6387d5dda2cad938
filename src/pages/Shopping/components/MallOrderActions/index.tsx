/**
 * The buttons of a mall order, exactly the `actions` the server computed from its status table:
 * pay (pay password dialog), cancel (confirmation; a paid order is refunded), confirm receipt
 * (confirmation), logistics. `onChange` gets the updated order.
 */
import { Button, Flex } from 'antd';
import { message, modal } from '@/components/Feedback/notifier';
import { useNavigate } from '@umijs/max';
import { useState } from 'react';
import type { MallOrderType } from '../../../../../contract/mall';
import { useT } from '@/hooks/useT';
import { mallApi } from '@/services';
import { usePayAttempt } from '@/hooks/usePayAttempt';
import PayModal from './PayModal';

interface Props {
  order: MallOrderType;
  onChange: (order: MallOrderType) => void;
  size?: 'small' | 'middle';
}

export default function MallOrderActions({ order, onChange, size = 'small' }: Props) {
  const t = useT();
  const navigate = useNavigate();
  const [paying, setPaying] = useState(false);
  // cancelling a paid order refunds it: money-moving, so it carries a key by the app's rule too
  const cancelAttempt = usePayAttempt<string>((id) => `mall-cancel-${id}`);

  const cancel = () =>
    modal.confirm({
      title: t('mall.cancelQuestion'),
      content: order.status === 'paid' ? t('mall.cancelRefundNote') : undefined,
      okText: t('mall.action.cancel'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: () =>
        cancelAttempt.run(async (keyFor) => {
          const cancelled = await mallApi.orderCancel({ id: order.id }, { headers: { 'Idempotency-Key': keyFor('', order.id) } });
          message.success(t('mall.cancelDone'));
          onChange(cancelled);
        }),
    });

  const confirm = () =>
    modal.confirm({
      title: t('mall.confirmQuestion'),
      okText: t('mall.action.confirm'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        const completed = await mallApi.orderConfirm({ id: order.id });
        message.success(t('mall.confirmDone'));
        onChange(completed);
      },
    });

  const handlers: Record<MallOrderType['actions'][number], () => void> = {
    pay: () => setPaying(true),
    cancel,
    confirm,
    logistics: () => navigate(`/shopping/order_logistics/${order.id}`),
  };

  if (order.actions.length === 0) return null;
  return (
    <Flex gap={8} justify="flex-end" wrap>
      {order.actions.map((action) => (
        <Button
          key={action}
          size={size}
          type={action === 'pay' || action === 'confirm' ? 'primary' : 'default'}
          danger={action === 'cancel'}
          onClick={handlers[action]}
          // a finger's 44 px to hit, also when the card asks for small buttons
          style={{ minHeight: 44, minWidth: 44, paddingInline: 12 }}
        >
          {t(`mall.action.${action}`)}
        </Button>
      ))}
      {paying && (
        <PayModal
          order={order}
          open
          onClose={() => setPaying(false)}
          onPaid={(paid) => {
            setPaying(false);
            onChange(paid);
          }}
        />
      )}
    </Flex>
  );
}
