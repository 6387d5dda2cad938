/** /calculate/history: the user's power orders, finance orders and daily power bills. */
import { Descriptions, Flex, Tabs } from 'antd';
import InfiniteList from '@/components/InfiniteList';
import Money from '@/components/Money';
import SectionTabs from '@/components/SectionTabs';
import StatusTag from '@/components/StatusTag';
import { useCurrentUser } from '@/hooks/useCurrentUser';
import { useT } from '@/hooks/useT';
import { accountApi, productApi } from '@/services';

function PowerOrders() {
  const t = useT();
  return (
    <InfiniteList
      fetchPage={productApi.powerOrders}
      rowKey={(order) => order.id}
      renderItem={(order) => (
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 3 }}
          style={{ width: '100%' }}
          title={
            <Flex gap={8} align="center">
              {order.title}
              <StatusTag prefix="order.status" status={order.status} />
            </Flex>
          }
        >
          <Descriptions.Item label={t('history.units')}>{`${order.units} ${order.unit}`}</Descriptions.Item>
          <Descriptions.Item label={t('history.paid')}>
            <Money value={order.amountUsdt} currency="USDT" />
          </Descriptions.Item>
          <Descriptions.Item label={t('history.output')}>
            <Money value={order.outputTotal} currency={order.coin} />
          </Descriptions.Item>
          <Descriptions.Item label={t('history.period')}>{`${order.startDate} ~ ${order.endDate}`}</Descriptions.Item>
          <Descriptions.Item label={t('common.createdAt')}>{order.createdAt}</Descriptions.Item>
        </Descriptions>
      )}
    />
  );
}

function FinanceOrders() {
  const t = useT();
  return (
    <InfiniteList
      fetchPage={productApi.financeOrders}
      rowKey={(order) => order.id}
      renderItem={(order) => (
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 3 }}
          style={{ width: '100%' }}
          title={
            <Flex gap={8} align="center">
              {order.title}
              <StatusTag prefix="order.status" status={order.status} />
            </Flex>
          }
        >
          <Descriptions.Item label={t('history.principal')}>
            <Money value={order.principal} currency={order.currency} />
          </Descriptions.Item>
          <Descriptions.Item label={t('product.finance.annualRate')}>{`${order.annualRate}%`}</Descriptions.Item>
          <Descriptions.Item label={t('history.interest')}>
            <Money value={order.interestEarned} currency={order.currency} />
          </Descriptions.Item>
          <Descriptions.Item label={t('history.period')}>{`${order.startDate} ~ ${order.maturityDate}`}</Descriptions.Item>
          <Descriptions.Item label={t('common.createdAt')}>{order.createdAt}</Descriptions.Item>
        </Descriptions>
      )}
    />
  );
}

function PowerBills() {
  const t = useT();
  return (
    <InfiniteList
      fetchPage={accountApi.powerBill}
      rowKey={(bill) => bill.id}
      renderItem={(bill) => (
        <Descriptions size="small" column={{ xs: 1, sm: 3 }} style={{ width: '100%' }} title={`${bill.day} · ${bill.coin}`}>
          <Descriptions.Item label={t('history.gross')}>
            <Money value={bill.gross} currency={bill.coin} />
          </Descriptions.Item>
          <Descriptions.Item label={t('common.fee')}>
            <Money value={bill.fee} currency={bill.coin} />
          </Descriptions.Item>
          <Descriptions.Item label={t('history.net')}>
            <Money value={bill.net} currency={bill.coin} strong />
          </Descriptions.Item>
        </Descriptions>
      )}
    />
  );
}

export default function CalculateHistoryPage() {
  const t = useT();
  const ready = !!useCurrentUser();
  return (
    <>
      <SectionTabs sectionPath="/calculate" />
      {ready && (
        <Tabs
          destroyInactiveTabPane
          items={[
            { key: 'power', label: t('history.powerOrders'), children: <PowerOrders /> },
            { key: 'finance', label: t('history.financeOrders'), children: <FinanceOrders /> },
            { key: 'bills', label: t('history.bills'), children: <PowerBills /> },
          ]}
        />
      )}
    </>
  );
}
