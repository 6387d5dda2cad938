/** /my/records: every ledger entry of the user (type, currency, signed amount, balance after, time). */
import { Flex, Select, Typography } from 'antd';
import { useState } from 'react';
import { LEDGER_ENTRY_TYPES, type LedgerEntryKind } from '../../../../contract/user';
import InfiniteList from '@/components/InfiniteList';
import Money from '@/components/Money';
import { useCurrentUser } from '@/hooks/useCurrentUser';
import { useT } from '@/hooks/useT';
import { userApi } from '@/services';

export default function MyRecordsPage() {
  const t = useT();
  const [type, setType] = useState<LedgerEntryKind>();
  if (!useCurrentUser()) return null;
  return (
    <>
      <Select
        allowClear
        style={{ width: '100%', maxWidth: 280, marginBottom: 8 }}
        placeholder={t('records.allTypes')}
        aria-label={t('records.type')}
        value={type}
        onChange={setType}
        options={LEDGER_ENTRY_TYPES.map((kind) => ({ value: kind, label: t(`ledger.${kind}`) }))}
      />
      <InfiniteList
        fetchPage={(query) => userApi.walletDetails({ ...query, type })}
        reloadDeps={[type]}
        rowKey={(entry) => entry.id}
        renderItem={(entry) => (
          <Flex justify="space-between" align="center" style={{ width: '100%' }} gap={8}>
            <div style={{ minWidth: 0 }}>
              <Typography.Text strong>{t(`ledger.${entry.type}`)}</Typography.Text>
              {entry.remark && (
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {` · ${entry.remark}`}
                </Typography.Text>
              )}
              <br />
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {entry.createdAt}
              </Typography.Text>
            </div>
            <Flex vertical align="end">
              <Money value={entry.amount} currency={entry.currency} signed />
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('records.balanceAfter')} <Money value={entry.balanceAfter} style={{ fontSize: 12 }} />
              </Typography.Text>
            </Flex>
          </Flex>
        )}
      />
    </>
  );
}
