/**
 * /my/records: every ledger entry of the user (type, currency, signed amount coloured, balance
 * after, time), filtered by type, currency and date range, loaded page by page as it scrolls.
 * Deposits still confirming are not ledger entries yet: they are listed above the entries
 * (确认中 n/12, polled while there are any), and the entries reload when one is credited. A
 * deposit below the minimum never becomes an entry: it is shown in the deposit records (/my/deposit).
 * Withdrawals on their way (审核中 … 确认中 n/12) are listed above the entries too, with a link to
 * /my/withdraw, followed until they end (their 提现退回 entry appears when one is returned). An
 * entry of a withdrawal shows its status and a link to its detail instead of its ledger reference;
 * the debit of a returned withdrawal reads 已退回, not as money gone.
 */
import { Link, useAccess } from '@umijs/max';
import { DatePicker, Flex, Select, Typography } from 'antd';
import { useRequest } from 'ahooks';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { LEDGER_ENTRY_TYPES, type LedgerEntryKind } from '../../../../contract/user';
import InfiniteList from '@/components/InfiniteList';
import Money from '@/components/Money';
import StatusTag from '@/components/StatusTag';
import RecordRow, { RecordNote } from '../components/RecordRow';
import { useCurrentUser } from '@/hooks/useCurrentUser';
import { useT } from '@/hooks/useT';
import { accountApi, userApi, withdrawApi } from '@/services';
import { DepositStatusTag, useLiveDeposits } from '../Deposit/liveDeposits';
import { isOnItsWay, usePollWhileMoving } from '../Withdraw/onTheWay';
import WithdrawalAmount, { ReturnedOrDebit } from '../Withdraw/WithdrawalAmount';
import DetailLink from '../Withdraw/DetailLink';
import WithdrawalStatus from '../Withdraw/WithdrawalStatus';

type Range = [Dayjs | null, Dayjs | null] | null;

export default function MyRecordsPage() {
  const t = useT();
  const [type, setType] = useState<LedgerEntryKind>();
  const [currency, setCurrency] = useState<string>();
  const [range, setRange] = useState<Range>(null);
  const from = range?.[0]?.format('YYYY-MM-DD');
  const to = range?.[1]?.format('YYYY-MM-DD');
  const ready = !!useCurrentUser();
  // the currencies the user's wallet holds (all wallet currencies are listed, also at zero)
  const wallet = useRequest(() => accountApi.account(), { ready });
  const live = useLiveDeposits(ready, { whileIdle: false });
  // reload the entries when a deposit on its way leaves the list (credited)
  const onTheWayKey = live.onTheWay.map((d) => d.id).join(',');
  const access = useAccess();
  const withdrawals = useRequest(() => withdrawApi.history({ page: 1, pageSize: 20, count: false }), { ready: ready && access.withdraw });
  const withdrawing = (withdrawals.data?.list ?? []).filter(isOnItsWay);
  usePollWhileMoving(withdrawing.length > 0, withdrawals.refresh);
  // reload the entries when one leaves the list (a returned one has a 提现退回 entry)
  const withdrawingKey = withdrawing.map((w) => w.id).join(',');
  if (!ready) return null;
  return (
    <>
      {live.onTheWay.length > 0 && (
        <div data-testid="deposits-on-the-way" style={{ marginBottom: 8 }}>
          <Typography.Text type="secondary">{t('deposit.onTheWay')}</Typography.Text>
          {live.onTheWay.map((record) => (
            <div key={record.id} style={{ padding: '8px 0' }}>
              <RecordRow
                title={
                  <Flex wrap align="center" gap={4}>
                    <Typography.Text strong>{`${t('ledger.deposit')} · ${record.network}`}</Typography.Text>
                    <DepositStatusTag record={record} />
                  </Flex>
                }
                detail={<RecordNote>{record.createdAt}</RecordNote>}
                amounts={<Money value={record.amount} currency={record.currency} />}
              />
            </div>
          ))}
        </div>
      )}
      {withdrawing.length > 0 && (
        <div data-testid="withdrawals-on-the-way" style={{ marginBottom: 8 }}>
          <Flex justify="space-between" align="center">
            <Typography.Text type="secondary">{t('withdraw.onTheWay')}</Typography.Text>
            <Link to="/my/withdraw" style={{ minHeight: 44, display: 'inline-flex', alignItems: 'center' }}>
              {t('withdraw.viewAll')}
            </Link>
          </Flex>
          {withdrawing.map((withdrawal) => (
            <div key={withdrawal.id} style={{ padding: '8px 0' }}>
              <RecordRow
                title={
                  <Flex wrap align="center" gap={4}>
                    <Typography.Text strong>{`${t('ledger.withdraw')} · ${withdrawal.network}`}</Typography.Text>
                    <WithdrawalStatus withdrawal={withdrawal} />
                  </Flex>
                }
                detail={
                  <Flex wrap align="center" gap={8}>
                    <RecordNote>{withdrawal.createdAt}</RecordNote>
                    <DetailLink id={withdrawal.id} />
                  </Flex>
                }
                amounts={<WithdrawalAmount withdrawal={withdrawal} showFee={false} />}
              />
            </div>
          ))}
        </div>
      )}
      <Flex wrap gap={8} style={{ marginBottom: 8 }}>
        <Select
          allowClear
          style={{ flex: '1 1 140px' }}
          placeholder={t('records.allTypes')}
          aria-label={t('records.type')}
          value={type}
          onChange={setType}
          options={LEDGER_ENTRY_TYPES.map((kind) => ({ value: kind, label: t(`ledger.${kind}`) }))}
        />
        <Select
          allowClear
          style={{ flex: '1 1 120px' }}
          placeholder={t('records.allCurrencies')}
          aria-label={t('records.currency')}
          value={currency}
          onChange={setCurrency}
          loading={wallet.loading}
          options={(wallet.data?.balances ?? []).map((balance) => ({ value: balance.currency, label: balance.currency }))}
        />
        <DatePicker.RangePicker
          style={{ flex: '1 1 240px' }}
          value={range}
          onChange={(value) => setRange(value)}
          aria-label={t('records.dateRange')}
        />
      </Flex>
      <InfiniteList
        fetchPage={(query) => userApi.walletDetails({ ...query, type, currency, from, to })}
        reloadDeps={[type, currency, from, to, onTheWayKey, withdrawingKey]}
        rowKey={(entry) => entry.id}
        renderItem={(entry) => (
          <RecordRow
            data-testid="ledger-entry"
            title={
              entry.withdrawal ? (
                // a withdrawal's entry: its status and detail, not the ledger's `withdraw:<id>`
                <Flex wrap align="center" gap={4}>
                  <Typography.Text strong>{t(`ledger.${entry.type}`)}</Typography.Text>
                  {entry.type === 'withdraw' && <StatusTag prefix="withdraw.status" status={entry.withdrawal.status} />}
                </Flex>
              ) : (
                <>
                  <Typography.Text strong>{t(`ledger.${entry.type}`)}</Typography.Text>
                  {entry.remark && <RecordNote>{` · ${entry.remark}`}</RecordNote>}
                </>
              )
            }
            detail={
              entry.withdrawal ? (
                <Flex wrap align="center" gap={8}>
                  <RecordNote>{entry.createdAt}</RecordNote>
                  <DetailLink id={entry.withdrawal.id} />
                </Flex>
              ) : (
                <RecordNote>{entry.createdAt}</RecordNote>
              )
            }
            amounts={
              <>
                {entry.withdrawal && entry.type === 'withdraw' ? (
                  <ReturnedOrDebit status={entry.withdrawal.status} total={entry.amount} currency={entry.currency} />
                ) : (
                  <Money value={entry.amount} currency={entry.currency} signed />
                )}
                <RecordNote>
                  {t('records.balanceAfter')} <Money value={entry.balanceAfter} currency={entry.currency} style={{ fontSize: 12 }} />
                </RecordNote>
              </>
            }
          />
        )}
      />
    </>
  );
}
