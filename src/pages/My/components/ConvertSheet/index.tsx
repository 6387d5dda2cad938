/**
 * Conversion between currencies, opened from /my/assets: pick the pair and see its market rate
 * with its age and the coin's 24-hour change (the pairs are asked again every 10 s while open and
 * visible), type the amount (Max = the whole available balance), see the server's quote with the
 * exact amount received and a countdown to its expiry (an expired quote is fetched again), then
 * confirm with the pay password. A pair without a usable price cannot be converted and says why;
 * a price that moved since the quote (PRICE_MOVED at confirmation), or a quote that expired while
 * the pay password was typed, brings a fresh quote to check.
 */
import { Alert, Button, Descriptions, Flex, Form, Select, Typography } from 'antd';
import { message } from '@/components/Feedback/notifier';
import BottomSheet from '@/components/BottomSheet';
import { useDebounce, useRequest } from 'ahooks';
import { useMemo, useRef, useState } from 'react';
import type { AccountBalanceType, ConvertPairType, ConvertQuoteType } from '../../../../../contract/account';
import { checkAmount } from '../../../../../contract/rules/money';
import { displayAmount } from '../../../../../contract/rules/moneyDisplay';
import AmountInput from '@/components/AmountInput';
import { amountRule } from '@/components/AmountInput/amountRule';
import DemoTag from '@/components/Market/DemoTag';
import PriceAge from '@/components/Market/PriceAge';
import PriceChange from '@/components/Market/PriceChange';
import { reasonMessage } from '@/components/Market/format';
import Money from '@/components/Money';
import PayPasswordSheet from '../PayPasswordSheet';
import { serverErrorOf, useErrorText } from '@/hooks/useErrorText';
import { MARKET_POLL_MS, type MarketPrices } from '@/hooks/useMarketPrices';
import { useT } from '@/hooks/useT';
import { BizError, errorHandler } from '@/requestErrorConfig';
import { accountApi } from '@/services';
import { useQuoteCountdown } from './useQuoteCountdown';

interface Props {
  open: boolean;
  balances: AccountBalanceType[];
  /** the page's market prices, for the coin's 24-hour change */
  market: MarketPrices;
  onClose: () => void;
  /** after a conversion went through */
  onConverted: () => void;
}

/** A refusal at confirmation that a new quote answers (not a toast), as the words that say why; else null. */
function requoteReason(error: unknown): 'convert.priceMoved' | 'convert.quoteRenewed' | null {
  if (!(error instanceof BizError)) return null;
  if (error.info.errCode === 'PRICE_MOVED') return 'convert.priceMoved';
  // the quote lived its seconds while the pay password was typed (a slow phone, a slow network)
  if (error.info.errKey === 'convert.quoteExpired') return 'convert.quoteRenewed';
  return null;
}

/** The pair's market rate with its age, the coin's 24-hour change and 演示行情; or why it has none. */
function PairPrice({ pair, receivedAt, change }: { pair: ConvertPairType; receivedAt: number; change: string | null }) {
  const t = useT();
  if (pair.rate === null) {
    return (
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 16 }}
        data-testid="convert-price-unavailable"
        message={t('convert.priceUnavailableWhy', { reason: t(reasonMessage(pair.unavailable)) })}
      />
    );
  }
  return (
    <Flex wrap align="center" gap="2px 8px" style={{ marginTop: -8, marginBottom: 16 }} data-testid="convert-price">
      <Typography.Text style={{ fontSize: 12 }}>
        1 {pair.from} = <Money value={pair.rate} currency={pair.to} style={{ fontSize: 12 }} />
      </Typography.Text>
      {pair.priceAgeSeconds !== null && <PriceAge ageSeconds={pair.priceAgeSeconds} receivedAt={receivedAt} />}
      <PriceChange change={change} />
      <DemoTag demo={pair.demo} />
    </Flex>
  );
}

interface Values {
  from: string;
  to: string;
  amount: string;
}

export default function ConvertSheet({ open, balances, market, onClose, onConverted }: Props) {
  const t = useT();
  const [form] = Form.useForm<Values>();
  const [confirming, setConfirming] = useState(false);
  // the quote in view replaced one refused at confirmation, and why (until the user changes the request)
  const [requoted, setRequoted] = useState<ReturnType<typeof requoteReason>>(null);
  // the pairs carry the rates and whether each has one: kept current while the sheet is open; a
  // failed poll is quiet (the pairs in view stay), only a failure to get them at all is shown
  const havePairs = useRef(false);
  const pairsRequest = useRequest(
    async () => {
      const { pairs } = await accountApi.convert({ page: 1, pageSize: 1 }, havePairs.current ? { skipErrorHandler: true } : undefined);
      havePairs.current = true;
      return { pairs: pairs as ConvertPairType[], receivedAt: Date.now() };
    },
    { ready: open, pollingInterval: open ? MARKET_POLL_MS : 0, pollingWhenHidden: false, onError: () => undefined },
  );
  const pairs = { data: pairsRequest.data?.pairs, loading: pairsRequest.loading && !pairsRequest.data };
  const from: string | undefined = Form.useWatch('from', form);
  const to: string | undefined = Form.useWatch('to', form);
  const amount = useDebounce(Form.useWatch('amount', form) as string | undefined, { wait: 400 });

  const available = balances.find((balance) => balance.currency === from)?.available ?? '0';
  const pair: ConvertPairType | undefined = pairs.data?.find((item) => item.from === from && item.to === to);
  const limits = { min: pair?.minAmount, max: pair?.maxAmount, available };
  const fromOptions = useMemo(() => [...new Set((pairs.data ?? []).map((item) => item.from))], [pairs.data]);
  const toOptions = (pairs.data ?? []).filter((item) => item.from === from).map((item) => item.to);
  const unpriced = !!pair && pair.rate === null;
  const quotable = !!pair && !unpriced && !!amount && !checkAmount(amount, limits);
  const coin = pair && (pair.from === 'USDT' ? pair.to : pair.from);

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
    try {
      // errors come back here: a moved price or an expired quote is answered with a new quote, not a toast
      await accountApi.convertCreate({ quoteId: current!.quoteId, payPassword }, { skipErrorHandler: true, headers: { 'Idempotency-Key': idempotencyKey } });
    } catch (error) {
      const reason = requoteReason(error);
      if (reason) {
        setConfirming(false);
        setRequoted(reason);
        quote.refresh();
      } else {
        // shown as the request layer shows every other refusal
        errorHandler(error as Parameters<typeof errorHandler>[0]);
      }
      throw error;
    }
    message.success(t('convert.success'));
    setRequoted(null);
    form.resetFields(['amount']);
    onConverted();
    onClose();
  };

  return (
    <BottomSheet open={open} title={t('convert.assetTitle')} onClose={onClose}>
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ from: 'USDT' }}
        onValuesChange={(changed: Partial<Values>) => {
          if (changed.from) form.setFieldValue('to', undefined);
          setRequoted(null);
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
        {pair && <PairPrice pair={pair} receivedAt={pairsRequest.data?.receivedAt ?? 0} change={(coin && market.byCurrency.get(coin)?.change24h) ?? null} />}
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
        {requoted && current && !quote.loading && <Alert type="info" showIcon message={t(requoted)} style={{ marginBottom: 16 }} data-testid="convert-requoted" />}
        {current && (
          <Descriptions size="small" column={1} bordered style={{ marginBottom: 16 }} data-testid="convert-quote">
            <Descriptions.Item label={t('convert.rate')}>
              <Flex wrap align="center" gap={6}>
                <span>
                  1 {current.from} = <Money value={current.rate} currency={current.to} />
                </span>
                <DemoTag demo={current.demo} />
              </Flex>
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
        <Button type="primary" htmlType="submit" block size="large" disabled={!current || expired || unpriced} loading={quote.loading} data-testid="convert-submit">
          {unpriced ? t('convert.priceUnavailable') : t('convert.submit')}
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
              {t('convert.confirmSummary', { amount: displayAmount(current.amount), from: current.from, received: displayAmount(current.received), to: current.to })}
            </Typography.Paragraph>
          }
        />
      )}
    </BottomSheet>
  );
}
