/**
 * Exchanging mined coin to USDT through PaySheet: coin picker, amount with Max (the mined coin
 * still available), the server's rate, fee and minimum, and the estimated USDT to receive.
 */
import { Descriptions, Form, Select, Typography } from 'antd';
import { message } from '@/components/Feedback/notifier';
import type { PowerDetailType } from '../../../contract/account';
import AmountInput from '@/components/AmountInput';
import { amountRule } from '@/components/AmountInput/amountRule';
import Money from '@/components/Money';
import { useT } from '@/hooks/useT';
import { accountApi } from '@/services';
import PaySheet from '@/components/products/PaySheet';
import { toUnits } from '../../../contract/rules/money';
import { displayAmount } from '../../../contract/rules/moneyDisplay';
import { exchangeQuote } from './exchangeQuote';

type Coin = PowerDetailType['coins'][number];

interface Values {
  coin: string;
  amount: string;
}

interface Props {
  open: boolean;
  /** coins with exchange terms */
  coins: Coin[];
  onClose: () => void;
  onExchanged: () => void;
}

export default function ExchangeSheet({ open, coins, onClose, onExchanged }: Props) {
  const t = useT();
  const coinOf = (code?: string) => coins.find((coin) => coin.coin === code);
  if (!open || coins.length === 0) return null;

  const pay = async ({ coin, amount, payPassword }: Values & { payPassword: string }, key: string) => {
    const record = await accountApi.powerExchange({ coin, amount, payPassword }, { headers: { 'Idempotency-Key': key } });
    message.success(t('exchange.done', { received: displayAmount(record.received) }));
    onExchanged();
  };

  return (
    <PaySheet<Values> open title={t('exchange.title')} initialValues={{ coin: coins[0].coin }} onClose={onClose} onPay={pay}>
      {({ coin: code, amount }) => {
        const coin = coinOf(code) ?? coins[0];
        const quote = amount ? exchangeQuote(amount, coin.exchangeRate ?? '0', coin.exchangeFeeRate ?? '0') : null;
        // a balance below the minimum cannot be exchanged: Max would only fill a refused amount
        const belowMinimum = !!coin.exchangeMinimum && toUnits(coin.available) < toUnits(coin.exchangeMinimum);
        const hint = belowMinimum
          ? t('exchange.belowMinimumHint', { available: coin.available, min: coin.exchangeMinimum!, currency: coin.coin })
          : t('exchange.availableHint', { available: coin.available, currency: coin.coin });
        return (
          <>
            <Form.Item name="coin" label={t('exchange.coin')}>
              <Select options={coins.map((item) => ({ value: item.coin, label: item.coin }))} />
            </Form.Item>
            <Form.Item
              name="amount"
              label={t('exchange.amount')}
              dependencies={['coin']}
              extra={hint}
              rules={[amountRule(t, () => ({ min: coin.exchangeMinimum, max: coin.available }), () => coin.coin)]}
            >
              <AmountInput currency={coin.coin} max={coin.available} maxBlocked={belowMinimum ? hint : undefined} />
            </Form.Item>
            <Descriptions size="small" column={1} style={{ marginBottom: 16 }}>
              <Descriptions.Item label={t('exchange.rate')}>
                <Money value={coin.exchangeRate ?? '0'} currency={`USDT / ${coin.coin}`} />
              </Descriptions.Item>
              <Descriptions.Item label={t('exchange.feeRate')}>{`${coin.exchangeFeeRate ?? '0'}%`}</Descriptions.Item>
              <Descriptions.Item label={t('exchange.minimum')}>
                <Money value={coin.exchangeMinimum ?? '0'} currency={coin.coin} />
              </Descriptions.Item>
              <Descriptions.Item label={t('common.fee')}>
                <Money value={quote?.fee ?? '0'} currency="USDT" />
              </Descriptions.Item>
              <Descriptions.Item label={t('exchange.estimatedReceived')}>
                <Money value={quote?.received ?? '0'} currency="USDT" strong />
              </Descriptions.Item>
            </Descriptions>
            <Typography.Paragraph type="secondary">{t('exchange.estimateNotice')}</Typography.Paragraph>
          </>
        );
      }}
    </PaySheet>
  );
}
