/**
 * Pays an unpaid order from the list or the details: the pay password in a small dialog, its
 * Idempotency-Key by the attempt rule of usePayAttempt (the request: the order); without a pay
 * password, PayPasswordRequired instead of the field and the pay button.
 */
import { Form, Modal } from 'antd';
import { message } from '@/components/Feedback/notifier';
import type { MallOrderType } from '../../../../../contract/mall';
import Money from '@/components/Money';
import PayPasswordField from '@/components/PayPasswordField';
import PayPasswordRequired, { useNeedsPayPassword } from '@/components/PayPasswordRequired';
import { useT } from '@/hooks/useT';
import { payMallOrder, useMallPayAttempt } from '../MallPay';

interface Props {
  order: MallOrderType;
  open: boolean;
  onClose: () => void;
  onPaid: (order: MallOrderType) => void;
}

export default function PayModal({ order, open, onClose, onPaid }: Props) {
  const t = useT();
  const [form] = Form.useForm<{ payPassword: string }>();
  const { busy, run } = useMallPayAttempt();
  const needsPayPassword = useNeedsPayPassword();

  // a refusal was shown by the request layer; the dialog stays open for another try
  const pay = ({ payPassword }: { payPassword: string }) =>
    run(async (keyFor) => {
      const paid = await payMallOrder(order, payPassword, keyFor);
      message.success(t('mall.paySuccess'));
      onPaid(paid);
    });

  return (
    <Modal
      open={open}
      title={t('mall.payTitle')}
      okText={t('mall.payNow')}
      confirmLoading={busy}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      footer={needsPayPassword ? null : undefined}
    >
      <p>
        {t('mall.total')} <Money value={order.total} currency="USDT" strong />
      </p>
      {needsPayPassword ? (
        <PayPasswordRequired />
      ) : (
        <Form form={form} layout="vertical" requiredMark={false} onFinish={pay} preserve={false}>
          <PayPasswordField />
        </Form>
      )}
    </Modal>
  );
}
