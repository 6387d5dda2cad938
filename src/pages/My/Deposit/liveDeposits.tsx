/**
 * Deposits on their way (seen on chain, not credited yet), kept live without a reload: the newest
 * deposit records are asked for again every 3 s while one is confirming, and (on /my/deposit, where
 * a user waits for a deposit to show up) every 10 s otherwise (on /my/records: not at all); never
 * while the page is hidden (asked again once it is shown). `changes` is a key that
 * changes whenever a record's status or confirmations change: the lists and balances reload on it.
 */
import { Tag } from 'antd';
import { useRequest } from 'ahooks';
import { useEffect } from 'react';
import type { RechargeResponseType } from '../../../../contract/account';
import { useT } from '@/hooks/useT';
import { accountApi } from '@/services';

export type DepositRecord = RechargeResponseType['records']['list'][number];

export const CONFIRMING_POLL_MS = 3000;
export const IDLE_POLL_MS = 10_000;

export function useLiveDeposits(ready: boolean, { whileIdle }: { whileIdle: boolean }) {
  const request = useRequest(() => accountApi.recharge({ page: 1, pageSize: 20 }), { ready, refreshOnWindowFocus: true });
  const records = request.data?.records.list ?? [];
  const confirming = records.filter((record) => record.status === 'confirming');
  // arrived, not in the balance yet: confirming, or waiting for an operator's review
  const onTheWay = records.filter((record) => record.status === 'confirming' || record.status === 'review');
  const interval = !request.data ? 0 : confirming.length ? CONFIRMING_POLL_MS : whileIdle ? IDLE_POLL_MS : 0;
  const { refresh, data } = request;
  useEffect(() => {
    if (!interval) return undefined;
    let stopVisible: (() => void) | undefined;
    const timer = setTimeout(() => {
      if (document.visibilityState !== 'hidden') {
        refresh();
        return;
      }
      // hidden: ask again once the page is shown
      const onVisible = () => {
        if (document.visibilityState === 'hidden') return;
        document.removeEventListener('visibilitychange', onVisible);
        refresh();
      };
      document.addEventListener('visibilitychange', onVisible);
      stopVisible = () => document.removeEventListener('visibilitychange', onVisible);
    }, interval);
    return () => {
      clearTimeout(timer);
      stopVisible?.();
    };
  }, [data, interval, refresh]);
  return { ...request, records, confirming, onTheWay, interval, changes: records.map((r) => `${r.status}:${r.id}:${r.confirmations ?? ''}`).join(',') };
}

/** 确认中 n/12, 审核中, 已拒绝 or 低于最低充值; nothing for a credited deposit */
export function DepositStatusTag({ record }: { record: DepositRecord }) {
  const t = useT();
  if (record.status === 'confirming') {
    return (
      <Tag color="processing" data-testid="deposit-confirming" style={{ marginInlineEnd: 0 }}>
        {t('deposit.confirming', { n: record.confirmations ?? 0, required: record.requiredConfirmations ?? 0 })}
      </Tag>
    );
  }
  if (record.status === 'review') {
    return (
      <Tag color="gold" data-testid="deposit-review" style={{ marginInlineEnd: 0 }}>
        {t('deposit.inReview')}
      </Tag>
    );
  }
  if (record.status === 'rejected') {
    return (
      <Tag color="error" data-testid="deposit-rejected" style={{ marginInlineEnd: 0 }}>
        {t('deposit.rejected')}
      </Tag>
    );
  }
  if (record.status === 'below_minimum') {
    return (
      <Tag color="warning" data-testid="deposit-below-minimum" style={{ marginInlineEnd: 0 }}>
        {t('deposit.belowMinimum')}
      </Tag>
    );
  }
  return null;
}
