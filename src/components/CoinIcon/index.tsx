/**
 * A coin's icon: a round badge in the coin's colour with a Latin capital. Symbols such as ₿ or ₮
 * need a font that has them (phones without one show an empty box); a capital is in every font.
 * Coins without a colour of their own get a grey badge.
 */
import { Space } from 'antd';
import styles from './index.less';

const COIN_BADGES: Record<string, { colour: string; letter: string }> = {
  BTC: { colour: '#f7931a', letter: 'B' },
  ETH: { colour: '#627eea', letter: 'E' },
  FIL: { colour: '#0090ff', letter: 'F' },
  USDT: { colour: '#26a17b', letter: 'T' },
};
// white on it reaches 4.6:1 (#8c8c8c would be 3.4:1)
const OTHER_COIN_COLOUR = '#737373';

export function CoinIcon({ code, size = 18 }: { code: string; size?: number }) {
  const badge = COIN_BADGES[code.toUpperCase()] ?? { colour: OTHER_COIN_COLOUR, letter: code.charAt(0).toUpperCase() };
  return (
    <span
      className={styles.badge}
      aria-hidden="true"
      data-coin-icon={code}
      data-letter={badge.letter}
      style={{ width: size, height: size, fontSize: Math.round(size * 0.62), background: badge.colour }}
    />
  );
}

/** The icon and the code, as a coin is named in lists. */
export function CoinTitle({ code }: { code: string }) {
  return (
    <Space size={6} align="center">
      <CoinIcon code={code} />
      <span>{code}</span>
    </Space>
  );
}
