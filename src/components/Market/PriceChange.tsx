/** The 24-hour change of a price, signed and coloured (gain green, loss red, as Money's); nothing without one. */
import { Typography } from 'antd';
import { useT } from '@/hooks/useT';
import { changeDirection } from './format';

export default function PriceChange({ change, style }: { change: string | null; style?: React.CSSProperties }) {
  const t = useT();
  if (change === null) return null;
  const direction = changeDirection(change);
  return (
    <span style={{ fontSize: 12, whiteSpace: 'nowrap', ...style }} data-testid="price-change">
      <Typography.Text type="secondary" style={{ fontSize: 'inherit' }}>
        {t('market.change24h')}{' '}
      </Typography.Text>
      <Typography.Text
        type={direction === 'up' ? 'success' : direction === 'down' ? 'danger' : 'secondary'}
        style={{ fontSize: 'inherit', fontVariantNumeric: 'tabular-nums' }}
      >
        {`${direction === 'up' ? '+' : ''}${change}%`}
      </Typography.Text>
    </span>
  );
}
