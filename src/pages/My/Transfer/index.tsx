/**
 * /my/transfer: send to another PowerFi user by UID or wallet address (typed, scanned from a QR
 * code where the browser can, or a recent recipient one tap away), currency, amount with Max
 * (available minus the fee), the fee, then the confirmation sheet with the pay password. Every
 * field is checked with the server's rules before anything is sent. What is typed survives a trip
 * to set the pay password (transferDraft); a transfer done shows its result (TransferDone) in
 * place of the form.
 */
import { HistoryOutlined } from '@ant-design/icons';
import { Button, Card, Descriptions, Form, Input, Select, Space, Tag, Typography } from 'antd';
import { message } from '@/components/Feedback/notifier';
import { Link, useAccess } from '@umijs/max';
import { useDebounce, useRequest } from 'ahooks';
import { useEffect, useRef, useState } from 'react';
import { isTransferRecipient, maxSpendable } from '../../../../contract/rules/money';
import AmountInput from '@/components/AmountInput';
import ScanAddressButton from '@/components/ScanAddress';
import { amountRule } from '@/components/AmountInput/amountRule';
import AsyncContent from '@/components/AsyncContent';
import Money from '@/components/Money';
import PayPasswordSheet from '../components/PayPasswordSheet';
import { shortAddress } from '@/components/shortAddress';
import { useCurrentUser } from '@/hooks/useCurrentUser';
import { useT } from '@/hooks/useT';
import { isPathAccessible } from '@/layouts/navigation';
import { accountApi } from '@/services';
import { usePayAttempt } from '@/hooks/usePayAttempt';
import type { TransferRecordType } from '../../../../contract/account';
import TransferDone from './TransferDone';
import { clearTransferDraft, readTransferDraft, saveTransferDraft } from './transferDraft';

interface Values {
  to: string;
  currency: string;
  amount: string;
}

/** What the server said about a recipient: found (with the masked address) or unknown. */
type RecipientCheck = { maskedAddress: string } | { unknown: true };

/** The recipient as the server knows it; undefined when the check could not be made (the transfer checks again). */
async function checkRecipient(to: string): Promise<RecipientCheck | undefined> {
  try {
    const found = await accountApi.transferRecipient({ to }, { skipErrorHandler: true });
    return { maskedAddress: found.maskedAddress };
  } catch (error) {
    const status = (error as { response?: { status?: number } }).response?.status;
    return status === 404 ? { unknown: true } : undefined;
  }
}

export default function MyTransferPage() {
  const t = useT();
  const access = useAccess();
  const user = useCurrentUser();
  const [form] = Form.useForm<Values>();
  const [confirming, setConfirming] = useState<Values>();
  const [done, setDone] = useState<TransferRecordType>();
  // kept while the confirmation is closed: confirmed again after a lost answer, the same transfer is the same attempt
  const attempt = usePayAttempt<unknown>();
  const { data, loading, error, refresh } = useRequest(() => accountApi.transferOptions(), { ready: !!user });
  const currency: string | undefined = Form.useWatch('currency', form);
  const to: string | undefined = Form.useWatch('to', form);
  const option = data?.currencies.find((item) => item.currency === currency);
  const limits = () => ({ min: option?.minAmount, available: option?.available ?? '0', fee: option?.fee ?? '0' });

  // what was typed before leaving (e.g. to set the pay password) comes back once the currencies are known
  const draftRestored = useRef(false);
  useEffect(() => {
    if (!data || !user || draftRestored.current) return;
    draftRestored.current = true;
    const draft = readTransferDraft(user.uid);
    if (!draft) return;
    const knownCurrency = data.currencies.some((item) => item.currency === draft.currency);
    form.setFieldsValue({ to: draft.to, ...(knownCurrency ? { currency: draft.currency, amount: draft.amount } : {}) });
  }, [data, user, form]);

  const isSelf = (to: string) =>
    !!user && (to.trim() === user.uid || to.trim().toLowerCase() === user.address.toLowerCase());

  // the recipient is checked as it is typed (debounced), long before the pay password
  const [checks, setChecks] = useState<Record<string, RecipientCheck>>({});
  const checksRef = useRef(checks);
  checksRef.current = checks;
  const typedTo = (to ?? '').trim();
  const debouncedTo = useDebounce(typedTo, { wait: 400 });
  const lookupWanted = (value: string) => !!value && isTransferRecipient(value) && !isSelf(value);
  const remember = (value: string, check: RecipientCheck) => {
    checksRef.current = { ...checksRef.current, [value]: check };
    setChecks(checksRef.current);
    // show the answer at once when it is about what the field holds now
    if ((form.getFieldValue('to') ?? '').trim() === value) void form.validateFields(['to']).catch(() => undefined);
  };
  useEffect(() => {
    if (!lookupWanted(debouncedTo) || checksRef.current[debouncedTo]) return undefined;
    let cancelled = false;
    void checkRecipient(debouncedTo).then((check) => {
      if (!cancelled && check) remember(debouncedTo, check);
    });
    return () => {
      cancelled = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- lookupWanted and remember are new each render: listing them would cancel every lookup in flight at each render
  }, [debouncedTo]);
  const check: RecipientCheck | undefined = checks[typedTo];
  const found = check && 'maskedAddress' in check ? check.maskedAddress : undefined;
  const checking = lookupWanted(typedTo) && !check;

  /** "Next": the recipient must be known (checked now when the debounced check has not run yet). */
  const next = async (values: Values) => {
    const value = values.to.trim();
    let known = checksRef.current[value];
    if (!known) {
      const answer = await checkRecipient(value);
      if (answer) {
        remember(value, answer);
        known = answer;
      }
    }
    if (known && 'unknown' in known) return;
    setConfirming(values);
  };

  const send = async (payPassword: string, idempotencyKey: string) => {
    const values = confirming!;
    const record = await accountApi.transferCreate(
      { to: values.to.trim(), currency: values.currency, amount: values.amount, payPassword },
      { headers: { 'Idempotency-Key': idempotencyKey } },
    );
    // the result replaces the form; toasts of earlier failures would contradict it
    message.destroy();
    if (user) clearTransferDraft(user.uid);
    form.resetFields(['to', 'amount']);
    setDone(record);
    refresh();
  };

  if (done) {
    return (
      <Card size="small">
        <TransferDone
          record={done}
          showRecords={isPathAccessible('/my/transfer/history', access)}
          onAgain={() => {
            form.setFieldsValue({ currency: done.currency });
            setDone(undefined);
          }}
        />
      </Card>
    );
  }

  return (
    <AsyncContent loading={loading && !data} error={error} onRetry={refresh} rows={6}>
      <Card
        size="small"
        title={t('transfer.title')}
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
        <Form<Values>
          form={form}
          layout="vertical"
          requiredMark={false}
          initialValues={{ currency: data?.currencies[0]?.currency }}
          onFinish={(values) => void next(values)}
          onValuesChange={(_, values) => user && saveTransferDraft(user.uid, values)}
        >
          <Form.Item
            name="to"
            label={t('transfer.to')}
            rules={[
              {
                validator: async (_, value: string | undefined) => {
                  if (!value || !isTransferRecipient(value)) throw new Error(t('transfer.toInvalid'));
                  if (isSelf(value)) throw new Error(t('transfer.toSelf'));
                  const known = checksRef.current[value.trim()];
                  if (known && 'unknown' in known) throw new Error(t('transfer.toUnknown'));
                },
              },
            ]}
            extra={
              found ? (
                <span data-testid="transfer-recipient">{`${t('transfer.recipientAddress')} ${found}`}</span>
              ) : checking ? (
                t('transfer.checkingRecipient')
              ) : undefined
            }
          >
            <Input
              placeholder={t('transfer.toPlaceholder')}
              autoComplete="off"
              allowClear
              suffix={<ScanAddressButton onAddress={(address) => form.setFieldsValue({ to: address })} testId="transfer-to-scan" />}
            />
          </Form.Item>
          {!!data?.recentRecipients.length && (
            <Space wrap size={[4, 8]} style={{ marginTop: -12, marginBottom: 16 }}>
              <Typography.Text type="secondary">{t('transfer.recentRecipients')}</Typography.Text>
              {data.recentRecipients.map((recipient) => (
                <Tag.CheckableTag
                  key={recipient.uid}
                  checked={to === recipient.uid}
                  onChange={() => form.setFieldsValue({ to: recipient.uid })}
                  data-testid="recent-recipient"
                >
                  {`UID ${recipient.uid} · ${shortAddress(recipient.address)}`}
                </Tag.CheckableTag>
              ))}
            </Space>
          )}
          <Form.Item name="currency" label={t('transfer.currency')}>
            <Select
              aria-label={t('transfer.currency')}
              options={(data?.currencies ?? []).map((item) => ({ value: item.currency, label: item.currency }))}
              onChange={() => form.setFieldValue('amount', undefined)}
            />
          </Form.Item>
          <Form.Item
            name="amount"
            label={t('transfer.amount')}
            dependencies={['currency']}
            rules={[amountRule(t, limits, () => currency ?? '')]}
            extra={
              option && (
                <>
                  {t('transfer.available')} <Money value={option.available} currency={option.currency} style={{ fontSize: 12 }} /> ·{' '}
                  {t('transfer.minAmount')} <Money value={option.minAmount} style={{ fontSize: 12 }} />
                </>
              )
            }
          >
            <AmountInput currency={currency} max={option ? maxSpendable(option.available, option.fee) : undefined} />
          </Form.Item>
          {option && (
            <Typography.Paragraph type="secondary">
              {t('common.fee')} <Money value={option.fee} currency={option.currency} />
            </Typography.Paragraph>
          )}
          <Button type="primary" htmlType="submit" block size="large">
            {t('transfer.next')}
          </Button>
        </Form>
      </Card>
      {confirming && option && (
        <PayPasswordSheet
          open
          title={t('transfer.confirmTitle')}
          onClose={() => setConfirming(undefined)}
          onConfirm={send}
          attempt={attempt}
          request={{ to: confirming.to.trim(), currency: confirming.currency, amount: confirming.amount }}
          summary={
            <Descriptions size="small" column={1} bordered style={{ marginBottom: 16 }} data-testid="transfer-summary">
              <Descriptions.Item label={t('transfer.to')}>{confirming.to.trim()}</Descriptions.Item>
              {(() => {
                const known = checks[confirming.to.trim()];
                return known && 'maskedAddress' in known ? (
                  <Descriptions.Item label={t('transfer.recipientAddress')}>{known.maskedAddress}</Descriptions.Item>
                ) : null;
              })()}
              <Descriptions.Item label={t('transfer.amount')}>
                <Money value={confirming.amount} currency={confirming.currency} strong />
              </Descriptions.Item>
              <Descriptions.Item label={t('common.fee')}>
                <Money value={option.fee} currency={confirming.currency} />
              </Descriptions.Item>
            </Descriptions>
          }
        />
      )}
    </AsyncContent>
  );
}
