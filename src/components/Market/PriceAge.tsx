/**
 * 「更新于 3 秒前」: the server's age of a price, counted up here every second from when the answer
 * arrived (no clock agreement with the server needed).
 */
import { Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useT } from '@/hooks/useT';
import { relativeAge } from './format';

interface Props {
  /** the age the server gave (seconds) */
  ageSeconds: number;
  /** Date.now() when that answer arrived */
  receivedAt: number;
  style?: React.CSSProperties;
}

export default function PriceAge({ ageSeconds, receivedAt, style }: Props) {
  const t = useT();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  // a new answer may be newer than the last tick: never count below the server's age
  const age = ageSeconds + Math.max(0, Math.floor((now - receivedAt) / 1000));
  const { id, values } = relativeAge(age);
  return (
    <Typography.Text type="secondary" style={{ fontSize: 12, ...style }} data-testid="price-age">
      {t('market.updated', { age: t(id, values) })}
    </Typography.Text>
  );
}
