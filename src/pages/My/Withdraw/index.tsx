/**
 * /my/withdraw (docs/withdrawals.md): send a balance to one of the user's own withdrawal addresses. Currency
 * and network, a saved address (or a new one, signed with the wallet so it is usable at once),
 * the amount with Max (what can be sent now: available less the fee, within the limits), the fee
 * and the total frozen, then the confirmation: what arrives, the fee and the total leaving the
 * balance, the pay password and a wallet signature naming exactly this amount, fee, total,
 * currency, network and checksummed address (contract/rules/withdraw.ts). The proof is signed
 * once per confirmation: a retry after a lost answer sends it again under the same
 * Idempotency-Key, so the server replays its answer (usePayAttempt). Below: the user's withdrawal
 * addresses, to delete one (SavedAddresses), and the withdrawals with their status
 * (WithdrawalHistory), each opening its detail (/my/withdraw/:id).
 */
import { PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Descriptions, Form, Select, Typography } from 'antd';
import { useRequest } from 'ahooks';
import { getAddress } from 'ethers';
import { useState } from 'react';
import { checkAmount, fromUnits, toUnits } from '../../../../contract/rules/money';
import { withdrawStatement } from '../../../../contract/rules/withdraw';
import type { WithdrawAddressType, WithdrawOptionType } from '../../../../contract/withdraw';
import AmountInput from '@/components/AmountInput';
import { amountRule } from '@/components/AmountInput/amountRule';
import AsyncContent from '@/components/AsyncContent';
import { message } from '@/components/Feedback/notifier';
import Money from '@/components/Money';
import { shortAddress } from '@/components/shortAddress';
import { useCurrentUser } from '@/hooks/useCurrentUser';
import { useT } from '@/hooks/useT';
import { withdrawApi } from '@/services';
import { WalletError } from '@/wallet/errors';
import { proveWallet } from '@/wallet/stepUp';
import PayPasswordSheet from '../components/PayPasswordSheet';
import WalletProofError from '../components/WalletProofError';
import AddAddressSheet from './AddAddressSheet';
import SavedAddresses from './SavedAddresses';
import SummaryRows from './SummaryRows';
import WithdrawalHistory from './WithdrawalHistory';
import { usePayAttempt } from '@/hooks/usePayAttempt';

interface Values {
  /** `${currency}|${network}` */
  option: string;
  addressId: string;
  amount: string;
}

/** amount plus fee, what the request freezes; undefined while the amount is not a number yet */
function totalFrozen(amount: string | undefined, fee: string): string | undefined {
  const problem = amount ? checkAmount(amount) : { code: 'format' };
  if (!amount || problem?.code === 'format' || problem?.code === 'tooManyDecimals') return undefined;
  return fromUnits(toUnits(amount) + toUnits(fee));
}

const optionKey = (option: Pick<WithdrawOptionType, 'currency' | 'network'>) => `${option.currency}|${option.network}`;

export default function MyWithdrawPage() {
  const t = useT();
  const user = useCurrentUser();
  const [form] = Form.useForm<Values>();
  const options = useRequest(() => withdrawApi.options(), { ready: !!user });
  const addresses = useRequest(() => withdrawApi.addresses(), { ready: !!user });
  const [adding, setAdding] = useState(false);
  const [confirming, setConfirming] = useState<{ values: Values; option: WithdrawOptionType; address: WithdrawAddressType }>();
  const [walletError, setWalletError] = useState<WalletError>();
  // kept while the confirmation is closed: confirmed again after a lost answer, the same withdrawal is the same attempt
  const attempt = usePayAttempt<unknown>();
  const [sent, setSent] = useState(0);

  const selectedKey: string | undefined = Form.useWatch('option', form);
  const amount: string | undefined = Form.useWatch('amount', form);
  const list = options.data?.options ?? [];
  // after a pay password reset the server refuses withdrawals until then: said before the user tries
  const held = options.data?.withdrawHeldUntil;
  const option = list.find((item) => optionKey(item) === selectedKey) ?? list[0];
  const usableAddresses = (addresses.data ?? []).filter((address) => address.network === option?.network);
  // the currency's decimals on this network (6 for USDT): what the server refuses, the form refuses first
  const limits = () => ({ decimals: option?.decimals, min: option?.minAmount, max: option?.maxNow, available: option?.available ?? '0', fee: option?.fee ?? '0' });

  const next = (values: Values) => {
    const address = usableAddresses.find((item) => item.id === values.addressId);
    if (!option || !address) return;
    setWalletError(undefined);
    setConfirming({ values, option, address });
  };

  const send = async (payPassword: string, idempotencyKey: string, once: <T>(make: () => Promise<T>) => Promise<T>) => {
    const { values, option: chosen, address } = confirming!;
    // what the wallet signs names the fee and the total too (withdrawStatement); the address checksummed, as the server names it
    const signed = { amount: values.amount, currency: chosen.currency, network: chosen.network, address: getAddress(address.address) };
    let proof;
    try {
      // one proof per confirmation: a retry under the same key must send the same body
      proof = await once(() => proveWallet('withdraw', user!.address, withdrawStatement(signed)));
    } catch (error) {
      if (error instanceof WalletError) setWalletError(error);
      throw error;
    }
    const withdrawal = await withdrawApi.request(
      { currency: chosen.currency, network: chosen.network, addressId: address.id, amount: values.amount, payPassword, proof },
      { headers: { 'Idempotency-Key': idempotencyKey } },
    );
    message.success(t(withdrawal.status === 'review' ? 'withdraw.inReview' : 'withdraw.submitted', { amount: withdrawal.amount, currency: withdrawal.currency }));
    form.resetFields(['amount']);
    options.refresh();
    setSent((count) => count + 1);
  };

  return (
    <>
      <AsyncContent loading={(options.loading && !options.data) || (addresses.loading && !addresses.data)} error={options.error ?? addresses.error} onRetry={() => { options.refresh(); addresses.refresh(); }} empty={!!options.data && list.length === 0} rows={6}>
        {option && (
          <Card size="small" title={t('withdraw.title')} style={{ marginBottom: 16 }}>
            {held && <Alert type="warning" showIcon message={t('withdraw.heldAfterReset', { time: held })} style={{ marginBottom: 16 }} data-testid="withdraw-held" />}
            <Form<Values> form={form} layout="vertical" requiredMark={false} initialValues={{ option: optionKey(option) }} onFinish={next}>
              <Form.Item name="option" label={t('withdraw.currencyNetwork')}>
                <Select
                  aria-label={t('withdraw.currencyNetwork')}
                  options={list.map((item) => ({ value: optionKey(item), label: `${item.currency} · ${item.network}` }))}
                  onChange={() => form.setFieldsValue({ amount: undefined, addressId: undefined })}
                />
              </Form.Item>
              <Form.Item
                name="addressId"
                label={t('withdraw.address')}
                // a validator, not `required`: antd would put aria-required on the select's wrapper, which no role allows
                rules={[{ validator: async (_, value?: string) => { if (!value) throw new Error(t('withdraw.addressRequired')); } }]}
                extra={
                  <Button type="link" icon={<PlusOutlined />} onClick={() => setAdding(true)} style={{ paddingInline: 0, height: 44 }} data-testid="withdraw-add-address">
                    {t('withdraw.addAddress')}
                  </Button>
                }
              >
                <Select
                  aria-label={t('withdraw.address')}
                  placeholder={usableAddresses.length ? t('withdraw.addressPlaceholder') : t('withdraw.noAddress', { network: option.network })}
                  notFoundContent={t('withdraw.noAddress', { network: option.network })}
                  options={usableAddresses.map((address) => ({
                    value: address.id,
                    disabled: !address.usable,
                    label: `${address.label} · ${shortAddress(address.address)}${address.usable ? '' : ` · ${t('withdraw.usableFrom', { time: address.usableFrom })}`}`,
                  }))}
                />
              </Form.Item>
              <Form.Item
                name="amount"
                label={t('withdraw.amount')}
                dependencies={['option']}
                rules={[amountRule(t, limits, () => option.currency)]}
                extra={
                  <>
                    {t('transfer.available')} <Money value={option.available} currency={option.currency} style={{ fontSize: 12 }} /> · {t('withdraw.min')}{' '}
                    <Money value={option.minAmount} style={{ fontSize: 12 }} /> · {t('withdraw.dailyLeft')} <Money value={option.dailyLeft} style={{ fontSize: 12 }} />
                  </>
                }
              >
                <AmountInput currency={option.currency} max={option.maxNow} />
              </Form.Item>
              <Descriptions size="small" column={1} style={{ marginBottom: 16 }} data-testid="withdraw-fee">
                <Descriptions.Item label={t('common.fee')}>
                  <Money value={option.fee} currency={option.currency} />
                </Descriptions.Item>
                <Descriptions.Item label={t('withdraw.totalFrozen')}>{(() => {
                    const total = totalFrozen(amount, option.fee);
                    return total ? <Money value={total} currency={option.currency} /> : '—';
                  })()}</Descriptions.Item>
              </Descriptions>
              <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
                {t('withdraw.reviewNote', { amount: option.reviewAbove, currency: option.currency })}
              </Typography.Paragraph>
              <Button type="primary" htmlType="submit" block size="large" disabled={!!held || !usableAddresses.some((address) => address.usable)}>
                {t('transfer.next')}
              </Button>
            </Form>
          </Card>
        )}
      </AsyncContent>
      <SavedAddresses
        addresses={addresses.data ?? []}
        onDeleted={(id) => {
          if (form.getFieldValue('addressId') === id) form.setFieldsValue({ addressId: undefined });
          addresses.refresh();
        }}
      />
      <Typography.Title level={5}>{t('withdraw.records')}</Typography.Title>
      {user && <WithdrawalHistory reload={sent} onChanged={() => options.refresh()} />}
      {option && (
        <AddAddressSheet
          open={adding}
          network={option.network}
          delayHours={options.data?.addressDelayHours ?? 24}
          onClose={() => setAdding(false)}
          onAdded={(address) => {
            addresses.refresh();
            if (address.usable) form.setFieldsValue({ addressId: address.id });
          }}
        />
      )}
      {confirming && (
        <PayPasswordSheet
          open
          title={t('withdraw.confirmTitle')}
          onClose={() => setConfirming(undefined)}
          onConfirm={send}
          attempt={attempt}
          request={{ option: optionKey(confirming.option), addressId: confirming.address.id, amount: confirming.values.amount }}
          summary={
            <>
              {walletError && user && <WalletProofError error={walletError} address={user.address} action="withdraw" />}
              <SummaryRows
                data-testid="withdraw-summary"
                rows={[
                  { key: 'address', label: t('withdraw.address'), value: `${confirming.address.label} · ${confirming.address.address}` },
                  { key: 'network', label: t('withdraw.currencyNetwork'), value: `${confirming.option.currency} · ${confirming.option.network}` },
                  { key: 'arrives', label: t('withdraw.arrives'), value: <Money value={confirming.values.amount} currency={confirming.option.currency} strong /> },
                  { key: 'fee', label: t('common.fee'), value: <Money value={confirming.option.fee} currency={confirming.option.currency} /> },
                  {
                    key: 'total',
                    label: t('withdraw.totalFrozen'),
                    value: <Money value={totalFrozen(confirming.values.amount, confirming.option.fee) ?? confirming.values.amount} currency={confirming.option.currency} strong />,
                  },
                ]}
              />
              <Typography.Paragraph type="secondary">{t('withdraw.signHint')}</Typography.Paragraph>
            </>
          }
        />
      )}
    </>
  );
}
