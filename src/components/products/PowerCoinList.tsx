/** The user's power account per mined coin: hashrate, output and coin not yet exchanged. */
import { Card, Descriptions, List } from 'antd';
import type { PowerDetailType } from '../../../contract/account';
import { useT } from '@/hooks/useT';
import Money from '@/components/Money';

export default function PowerCoinList({ coins }: { coins: PowerDetailType['coins'] }) {
  const t = useT();
  return (
    <List
      dataSource={coins}
      rowKey={(coin) => coin.coin}
      renderItem={(coin) => (
        <List.Item>
          <Card size="small" title={coin.coin} style={{ width: '100%' }}>
            <Descriptions size="small" column={{ xs: 2, sm: 4 }} layout="vertical">
              <Descriptions.Item label={t('power.hashrate')}>
                <Money value={coin.hashrate} currency={coin.unit} />
              </Descriptions.Item>
              <Descriptions.Item label={t('power.outputYesterday')}>
                <Money value={coin.outputYesterday} currency={coin.coin} />
              </Descriptions.Item>
              <Descriptions.Item label={t('power.outputTotal')}>
                <Money value={coin.outputTotal} currency={coin.coin} />
              </Descriptions.Item>
              <Descriptions.Item label={t('power.available')}>
                <Money value={coin.available} currency={coin.coin} strong />
              </Descriptions.Item>
            </Descriptions>
          </Card>
        </List.Item>
      )}
    />
  );
}
