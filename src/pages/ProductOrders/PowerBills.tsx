/** The daily bills tab: one row per power order and day, filtered by coin and date range. */
import { DatePicker, Flex, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import FieldList from '@/components/FieldList';
import InfiniteList from '@/components/InfiniteList';
import Money from '@/components/Money';
import { useT } from '@/hooks/useT';
import { accountApi } from '@/services';

type Range = [Dayjs | null, Dayjs | null] | null;

export default function PowerBills({ coins }: { coins: string[] }) {
  const t = useT();
  const [coin, setCoin] = useState<string>();
  const [range, setRange] = useState<Range>(null);
  const from = range?.[0]?.format('YYYY-MM-DD');
  const to = range?.[1]?.format('YYYY-MM-DD');
  return (
    <>
      <Flex wrap gap={8} style={{ marginBottom: 8 }}>
        <Select
          allowClear
          style={{ flex: '1 1 120px' }}
          placeholder={t('history.allCoins')}
          aria-label={t('history.coin')}
          value={coin}
          onChange={setCoin}
          options={coins.map((code) => ({ value: code, label: code }))}
        />
        <DatePicker.RangePicker style={{ flex: '1 1 240px' }} value={range} onChange={(value) => setRange(value)} aria-label={t('history.dateRange')} />
      </Flex>
      <InfiniteList
        fetchPage={(query) => accountApi.powerBill({ ...query, coin, from, to })}
        reloadDeps={[coin, from, to]}
        rowKey={(bill) => bill.id}
        renderItem={(bill) => (
          <FieldList
            title={`${bill.day} · ${bill.coin}`}
            fields={[
              [t('history.gross'), <Money value={bill.gross} currency={bill.coin} />],
              [t('history.electricityFee'), <Money value={bill.electricityFee} currency={bill.coin} />],
              [t('history.managementFee'), <Money value={bill.managementFee} currency={bill.coin} />],
              [t('history.net'), <Money value={bill.net} currency={bill.coin} strong />],
            ]}
          />
        )}
      />
    </>
  );
}
