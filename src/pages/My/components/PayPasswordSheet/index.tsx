/**
 * The confirmation sheet of every money move on /my: the caller's summary, the 6-digit pay
 * password and its Idempotency-Key by the attempt rule of usePayAttempt. By default the sheet keeps
 * its own attempts (the request is fixed while it is open, so only the password counts) and
 * closing forgets them. A page that passes its own `attempt` and the `request` being confirmed
 * keeps them across openings: closed after a lost answer and confirmed again with the same request,
 * it is the same attempt (key and proof), so the server replays its first answer instead of moving
 * money twice. `once` keeps what a try makes (a withdrawal's wallet proof) for its retries under
 * the same key. Without a pay password the sheet shows PayPasswordRequired instead.
 */
import { Button, Form } from 'antd';
import ConfirmSheet from '@/components/ConfirmSheet';
import type { ReactNode } from 'react';
import PayPasswordField from '@/components/PayPasswordField';
import PayPasswordRequired, { useNeedsPayPassword } from '@/components/PayPasswordRequired';
import { usePayAttempt, type PayAttempt } from '@/hooks/usePayAttempt';
import { useT } from '@/hooks/useT';

interface Props {
  open: boolean;
  title: string;
  summary: ReactNode;
  onClose: () => void;
  /**
   * resolves when done (the sheet closes), rejects to stay open; errors are shown by the request
   * layer. `once(make)` is make()'s result on this key's first try and the same result on its
   * retries (a lost answer retried must send the same body, or the server sees another request).
   */
  onConfirm: (payPassword: string, idempotencyKey: string, once: <T>(make: () => Promise<T>) => Promise<T>) => Promise<void>;
  confirmText?: string;
  /** the page's attempts, kept while the sheet is closed; with `request`, what is being confirmed */
  attempt?: PayAttempt<unknown>;
  request?: unknown;
}

export default function PayPasswordSheet({ open, title, summary, onClose, onConfirm, confirmText, attempt, request }: Props) {
  const t = useT();
  const needsPayPassword = useNeedsPayPassword();
  const [form] = Form.useForm<{ payPassword: string }>();
  const own = usePayAttempt<unknown>();
  const { busy, run } = attempt ?? own;

  const confirm = async ({ payPassword }: { payPassword: string }) => {
    // a refusal was shown by the request layer; the sheet stays open for another try
    if (await run((keyFor, once) => onConfirm(payPassword, keyFor(payPassword, request), (make) => once(payPassword, request, make)))) onClose();
  };

  return (
    <ConfirmSheet open={open} title={title} onClose={onClose} onClosed={attempt ? () => undefined : own.reset}>
      {summary}
      {needsPayPassword ? (
        <PayPasswordRequired />
      ) : (
        <Form form={form} layout="vertical" requiredMark={false} onFinish={confirm} preserve={false}>
          <PayPasswordField />
          <Button type="primary" htmlType="submit" block size="large" loading={busy}>
            {confirmText ?? t('common.confirm')}
          </Button>
        </Form>
      )}
    </ConfirmSheet>
  );
}
