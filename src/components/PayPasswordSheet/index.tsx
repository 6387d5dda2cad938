/**
 * The confirmation sheet of every money move on /my: the caller's summary, the 6-digit pay
 * password and one Idempotency-Key per confirmation. The key is kept while the same password is
 * retried (a double tap or a lost answer replays the first result instead of moving money twice)
 * and renewed when another password is typed. Without a pay password the sheet guides to set one.
 */
import { Button, Form, Result } from 'antd';
import BottomSheet from '@/components/BottomSheet';
import { Link, useLocation } from '@umijs/max';
import { useRef, useState, type ReactNode } from 'react';
import PayPasswordField from '@/components/PayPasswordField';
import { newIdempotencyKey } from '@/services/idempotencyKey';
import { useCurrentUser } from '@/hooks/useCurrentUser';
import { useT } from '@/hooks/useT';

interface Props {
  open: boolean;
  title: string;
  summary: ReactNode;
  onClose: () => void;
  /** resolves when done (the sheet closes), rejects to stay open; errors are shown by the request layer */
  onConfirm: (payPassword: string, idempotencyKey: string) => Promise<void>;
  confirmText?: string;
}

export default function PayPasswordSheet({ open, title, summary, onClose, onConfirm, confirmText }: Props) {
  const t = useT();
  const user = useCurrentUser();
  const location = useLocation();
  const [form] = Form.useForm<{ payPassword: string }>();
  const [busy, setBusy] = useState(false);
  // a ref, not the state: two taps in one frame both see the state still false
  const inFlight = useRef(false);
  const attempt = useRef<{ password: string; key: string }>();

  const confirm = async ({ payPassword }: { payPassword: string }) => {
    if (inFlight.current) return;
    inFlight.current = true;
    if (attempt.current?.password !== payPassword) attempt.current = { password: payPassword, key: newIdempotencyKey() };
    setBusy(true);
    try {
      await onConfirm(payPassword, attempt.current.key);
      attempt.current = undefined;
      onClose();
    } catch {
      // the request layer showed the error; the sheet stays open for another try
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  };

  return (
    <BottomSheet
      open={open}
      title={title}
      destroyOnClose
      onClose={onClose}
      afterOpenChange={(visible) => {
        if (!visible) attempt.current = undefined;
      }}
      styles={{ body: { paddingBottom: 24 } }}
    >
      {summary}
      {user && !user.hasPayPassword ? (
        <Result
          status="info"
          title={t('payPass.requiredTitle')}
          subTitle={t('payPass.notSetDescription')}
          extra={
            <Link to={`/my/setting/pay-pass?redirect=${encodeURIComponent(location.pathname + location.search)}`}>
              <Button type="primary">{t('payPass.goSet')}</Button>
            </Link>
          }
        />
      ) : (
        <Form form={form} layout="vertical" requiredMark={false} onFinish={confirm} preserve={false}>
          <PayPasswordField />
          <Button type="primary" htmlType="submit" block size="large" loading={busy}>
            {confirmText ?? t('common.confirm')}
          </Button>
        </Form>
      )}
    </BottomSheet>
  );
}
