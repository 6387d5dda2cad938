/** The user's power account per mined coin: hashrate, output and coin not yet exchanged. */
import { Card, List } from 'antd';
import type { PowerDetailType } from '../../../contract/account';
import { useT } from '@/hooks/useT';
import FieldList from '@/components/FieldList';
import Money from '@/components/Money';

const COIN_COLUMNS = { xs: 2, sm: 4 };

export default function PowerCoinList({ coins }: { coins: PowerDetailType['coins'] }) {
  const t = useT();
  return (
    <List
      dataSource={coins}
      rowKey={(coin) => coin.coin}
      renderItem={(coin) => (
        <List.Item>
          <Card size="small" title={coin.coin} style={{ width: '100%' }}>
            <FieldList
              vertical
              columns={COIN_COLUMNS}
              fields={[
                [t('power.hashrate'), <Money value={coin.hashrate} currency={coin.unit} />],
                [t('power.outputYesterday'), <Money value={coin.outputYesterday} currency={coin.coin} />],
                [t('power.outputTotal'), <Money value={coin.outputTotal} currency={coin.coin} />],
                [t('power.available'), <Money value={coin.available} currency={coin.coin} strong />],
              ]}
            />
          </Card>
        </List.Item>
      )}
    />
  );
}
