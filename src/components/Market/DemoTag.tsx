/**
 * 演示行情: a price from the demo feed must say so wherever it shows. Orange, whose text the
 * theme darkens to reach AA contrast (src/constants/theme.ts; gold's would not).
 */
import { Tag } from 'antd';
import { useT } from '@/hooks/useT';

export default function DemoTag({ demo }: { demo: boolean | undefined }) {
  const t = useT();
  if (!demo) return null;
  return (
    <Tag color="orange" bordered={false} style={{ marginInlineEnd: 0, fontSize: 11, lineHeight: '18px' }} data-testid="demo-price">
      {t('market.demo')}
    </Tag>
  );
}
