/**
 * Conversion between currencies, opened from /my/assets: pick the pair, type the amount (Max =
 * the whole available balance), see the server's quote with the exact amount received and a
 * countdown to its expiry (an expired quote is fetched again), then confirm with the pay password.
 */
import { Alert, Button, Descriptions, Flex, Form, Select, Typography } from 'antd';
import { message } from '@/components/Feedback/notifier';
import BottomSheet from '@/components/BottomSheet';
import { useDebounce, useRequest } from 'ahooks';
import { useMemo, useState } from 'react';
import type { AccountBalanceType, ConvertPairType, ConvertQuoteType } from '../../../../../contract/account';
import { checkAmount } from '../../../../../contract/rules/money';
import AmountInput from '@/components/AmountInput';
import { amountRule } from '@/components/AmountInput/amountRule';
import Money from '@/components/Money';
import PayPasswordSheet from '../PayPasswordSheet';
import { serverErrorOf, useErrorText } from '@/hooks/useErrorText';
import { useT } from '@/hooks/useT';
import { accountApi } from '@/services';
import { useQuoteCountdown } from './useQuoteCountdown';

interface Props {
  open: boolean;
  balances: AccountBalanceType[];
  onClose: () => void;
  /** after a conversion went through */
  onConverted: () => void;
}

interface Values {
  from: string;
  to: string;
  amount: string;
}

export default function ConvertSheet({ open, balances, onClose, onConverted }: Props) {
  const t = useT();
  const [form] = Form.useForm<Values>();
  const [confirming, setConfirming] = useState(false);
  const pairs = useRequest(async (): Promise<ConvertPairType[]> => (await accountApi.convert({ page: 1, pageSize: 1 })).pairs, { ready: open });
  const from: string | undefined = Form.useWatch('from', form);
  const to: string | undefined = Form.useWatch('to', form);
  const amount = useDebounce(Form.useWatch('amount', form) as string | undefined, { wait: 400 });

  const available = balances.find((balance) => balance.currency === from)?.available ?? '0';
  const pair: ConvertPairType | undefined = pairs.data?.find((item) => item.from === from && item.to === to);
  const limits = { min: pair?.minAmount, max: pair?.maxAmount, available };
  const fromOptions = useMemo(() => [...new Set((pairs.data ?? []).map((item) => item.from))], [pairs.data]);
  const toOptions = (pairs.data ?? []).filter((item) => item.from === from).map((item) => item.to);
  const quotable = !!pair && !!amount && !checkAmount(amount, limits);

  const quote = useRequest(
    () => accountApi.convertQuote({ from: from!, to: to!, amount: amount! }, { skipErrorHandler: true }),
    { ready: open && quotable, refreshDeps: [from, to, amount] },
  );
  // the quote's refusal, inline, in the interface's language like every server error
  const quoteError = useErrorText(serverErrorOf(quote.error));
  const current: ConvertQuoteType | undefined = quotable && quote.data?.from === from && quote.data?.to === to ? quote.data : undefined;
  const left = useQuoteCountdown(current?.quoteId, current?.expiresInSeconds);
  const expired = !!current && current.expiresInSeconds !== undefined && left === 0;

  const convert = async (payPassword: string, idempotencyKey: string) => {
    await accountApi.convertCreate({ quoteId: current!.quoteId, payPassword }, { headers: { 'Idempotency-Key': idempotencyKey } });
    message.success(t('convert.success'));
    form.resetFields(['amount']);
    onConverted();
    onClose();
  };

  return (
    <BottomSheet open={open} title={t('convert.title')} onClose={onClose}>
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ from: 'USDT' }}
        onValuesChange={(changed: Partial<Values>) => {
          if (changed.from) form.setFieldValue('to', undefined);
        }}
        onFinish={() => setConfirming(true)}
      >
        <Flex gap={8}>
          <Form.Item name="from" label={t('convert.from')} style={{ flex: 1 }}>
            <Select loading={pairs.loading} options={fromOptions.map((code: string) => ({ value: code, label: code }))} aria-label={t('convert.from')} />
          </Form.Item>
          <Form.Item name="to" label={t('convert.to')} style={{ flex: 1 }} rules={[
              // a validator, not `required`: antd would put aria-required on the select's outer <div>, where ARIA does not allow it
              { validator: (_, value) => (value ? Promise.resolve() : Promise.reject(new Error(t('convert.pickTo')))) },
            ]}>
            <Select options={toOptions.map((code) => ({ value: code, label: code }))} aria-label={t('convert.to')} />
          </Form.Item>
        </Flex>
        <Form.Item
          name="amount"
          label={t('convert.amount')}
          dependencies={['from', 'to']}
          extra={
            <>
              {t('transfer.available')} <Money value={available} currency={from} style={{ fontSize: 12 }} />
              {pair && (
                <>
                  {' · '}
                  {t('convert.limits', { min: pair.minAmount, max: pair.maxAmount, currency: pair.from })}
                </>
              )}
            </>
          }
          rules={[amountRule(t, () => limits, () => from ?? '')]}
        >
          <AmountInput currency={from} max={available} />
        </Form.Item>
        {quoteError && quotable && <Alert type="error" showIcon message={quoteError} style={{ marginBottom: 16 }} />}
        {current && (
          <Descriptions size="small" column={1} bordered style={{ marginBottom: 16 }} data-testid="convert-quote">
            <Descriptions.Item label={t('convert.rate')}>
              1 {current.from} = <Money value={current.rate} currency={current.to} />
            </Descriptions.Item>
            <Descriptions.Item label={t('common.fee')}>
              <Money value={current.fee} currency={current.to} />
            </Descriptions.Item>
            <Descriptions.Item label={t('convert.received')}>
              <Money value={current.received} currency={current.to} strong />
            </Descriptions.Item>
            {current.expiresInSeconds !== undefined && (
              <Descriptions.Item label={t('convert.validFor')}>
                {expired ? (
                  <Button size="small" onClick={quote.refresh} loading={quote.loading}>
                    {t('convert.requote')}
                  </Button>
                ) : (
                  <Typography.Text type={left <= 5 ? 'warning' : undefined}>{t('convert.secondsLeft', { seconds: left })}</Typography.Text>
                )}
              </Descriptions.Item>
            )}
          </Descriptions>
        )}
        <Button type="primary" htmlType="submit" block size="large" disabled={!current || expired} loading={quote.loading}>
          {t('convert.submit')}
        </Button>
      </Form>
      {current && (
        <PayPasswordSheet
          open={confirming}
          title={t('convert.confirmTitle')}
          onClose={() => setConfirming(false)}
          onConfirm={convert}
          summary={
            <Typography.Paragraph>
              {t('convert.confirmSummary', { amount: current.amount, from: current.from, received: current.received, to: current.to })}
            </Typography.Paragraph>
          }
        />
      )}
    </BottomSheet>
  );
}
