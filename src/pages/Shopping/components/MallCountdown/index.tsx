/**
 * Time left to pay an unpaid order, ticking every second. Counts from the server's
 * `payRemainingSeconds` (no time zone or clock agreement needed); `onExpire` runs once at zero.
 */
import { Typography } from 'antd';
import { useCountDown } from 'ahooks';
import { useEffect, useMemo, useRef } from 'react';
import { useT } from '@/hooks/useT';

const pad = (value: number) => String(value).padStart(2, '0');

export default function MallCountdown({ seconds, onExpire }: { seconds: number; onExpire?: () => void }) {
  const t = useT();
  const target = useMemo(() => Date.now() + seconds * 1000, [seconds]);
  const [left] = useCountDown({ targetDate: target });
  const expired = useRef(false);
  useEffect(() => {
    if (left === 0 && !expired.current) {
      expired.current = true;
      onExpire?.();
    }
  }, [left, onExpire]);

  if (left <= 0) return <Typography.Text type="danger">{t('mall.payExpired')}</Typography.Text>;
  const total = Math.ceil(left / 1000);
  const time = `${pad(Math.floor(total / 60))}:${pad(total % 60)}`;
  return (
    <Typography.Text type="warning" data-testid="mall-countdown">
      {t('mall.countdown', { time })}
    </Typography.Text>
  );
}
