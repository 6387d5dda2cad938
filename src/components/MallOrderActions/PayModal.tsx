/** Pays an unpaid order from the list or the details: the pay password in a small dialog. */
import { App, Form, Modal } from 'antd';
import { useState } from 'react';
import type { MallOrderType } from '../../../contract/mall';
import Money from '@/components/Money';
import PayPasswordField from '@/components/PayPasswordField';
import { useT } from '@/hooks/useT';
import { newIdempotencyKey } from '@/services/idempotencyKey';
import { payMallOrder } from '../MallPay';

interface Props {
  order: MallOrderType;
  open: boolean;
  onClose: () => void;
  onPaid: (order: MallOrderType) => void;
}

export default function PayModal({ order, open, onClose, onPaid }: Props) {
  const t = useT();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ payPassword: string }>();
  const [paying, setPaying] = useState(false);
  const [key] = useState(() => newIdempotencyKey(`mall-pay-${order.id}`));

  const pay = async ({ payPassword }: { payPassword: string }) => {
    setPaying(true);
    try {
      const paid = await payMallOrder(order.id, payPassword, key);
      message.success(t('mall.paySuccess'));
      onPaid(paid);
    } catch {
      // shown by the request layer; the dialog stays open for another try
    } finally {
      setPaying(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('mall.payTitle')}
      okText={t('mall.payNow')}
      confirmLoading={paying}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <p>
        {t('mall.total')} <Money value={order.total} currency="USDT" strong />
      </p>
      <Form form={form} layout="vertical" requiredMark={false} onFinish={pay} preserve={false}>
        <PayPasswordField />
      </Form>
    </Modal>
  );
}
