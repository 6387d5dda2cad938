/**
 * The user's withdrawal addresses (all networks), each with its label, network, whole address (copy
 * button), when it becomes usable, and 删除 after a confirmation. Separate from the shipping address
 * book (/my/address).
 */
import { Button, Card, List, Popconfirm, Typography } from 'antd';
import type { WithdrawAddressType } from '../../../../contract/withdraw';
import { message } from '@/components/Feedback/notifier';
import { useT } from '@/hooks/useT';
import { withdrawApi } from '@/services';
import { RecordNote } from '../components/RecordRow';

export default function SavedAddresses({ addresses, onDeleted }: { addresses: WithdrawAddressType[]; onDeleted: (id: string) => void }) {
  const t = useT();
  const remove = async (address: WithdrawAddressType) => {
    await withdrawApi.addressDelete({ id: address.id });
    message.success(t('withdraw.deleted', { label: address.label }));
    onDeleted(address.id);
  };

  if (!addresses.length) return null;
  return (
    <Card size="small" title={t('withdraw.savedTitle')} style={{ marginBottom: 16 }}>
      <List
        dataSource={addresses}
        rowKey={(address) => address.id}
        renderItem={(address) => (
          <List.Item
            data-testid="withdraw-saved-address"
            actions={[
              <Popconfirm key="delete" title={t('withdraw.deleteConfirm', { label: address.label })} onConfirm={() => remove(address)}>
                <Button type="link" danger style={{ minHeight: 44 }}>
                  {t('withdraw.delete')}
                </Button>
              </Popconfirm>,
            ]}
          >
            <List.Item.Meta
              title={`${address.label} · ${address.network}`}
              description={
                <>
                  <Typography.Text copyable={{ text: address.address }} style={{ wordBreak: 'break-all', fontSize: 12 }}>
                    {address.address}
                  </Typography.Text>
                  <br />
                  <RecordNote>{address.usable ? t('withdraw.usableNow') : t('withdraw.usableFrom', { time: address.usableFrom })}</RecordNote>
                </>
              }
            />
          </List.Item>
        )}
      />
    </Card>
  );
}
